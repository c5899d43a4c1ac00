import Foundation
import GRDB
import Persistence
import TestSupport
import Testing
import TrackerCore

@Suite("Damaged, foreign and newer databases")
struct DamagedDatabaseTests {
    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test(
        "a sweep killed while it created its database left a hot journal: the next open rolls it back and opens"
    )
    func hotJournal() throws {
        // Captured from `workbench sweep` killed with -9 the moment plan.json appeared: a 4 kB
        // database and a 512-byte rollback journal. The read-only check refused it with "attempt
        // to write a readonly database", and `--resume` exited 2.
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fixture = RepositoryFiles.fixtures.appendingPathComponent("databases/hot-journal")
        for name in ["sweep.sqlite", "sweep.sqlite-journal"] {
            try FileManager.default.copyItem(
                atPath: fixture.appendingPathComponent(name).path, toPath: directory.path(name))
        }
        let database = try WorkbenchDatabase.open(.sweep, at: directory.path("sweep.sqlite"))
        #expect(try database.journalMode() == "wal")
        #expect(try SweepStore(database: database).finishedCells().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.path("sweep.sqlite-journal")))
    }

    @Test("a file that is not a database: the app data is refused and left byte for byte")
    func appDataNotADatabase() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("app.sqlite")
        let original = Data("watchlist: bitcoin, ethereum\n".utf8)
        try original.write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: StoreError.self) { try WorkbenchDatabase.open(.appData, at: path) }
        #expect(error?.kind == .notADatabase)
        #expect(
            error?.description.contains("app.sqlite: not an SQLite database; the file was left untouched")
                == true)
        #expect(try bytes(path) == original)
    }

    @Test("damaged pages: the app data is refused untouched; the chart cache is rebuilt with a notice")
    func damagedPages() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for kind in [DatabaseKind.appData, .chartCache] {
            let path = directory.path("\(kind).sqlite")
            try Self.fillAndDamage(kind, at: path)
            let damaged = try bytes(path)
            if kind == .appData {
                let error = #expect(throws: StoreError.self) { try WorkbenchDatabase.open(kind, at: path) }
                guard case .corrupted = error?.kind else {
                    Issue.record("expected corrupted, got \(String(describing: error))")
                    continue
                }
                #expect(try bytes(path) == damaged)
            } else {
                let cache = try PersistentChartCache(path: path)
                let notice = try #require(cache.database.rebuildNotice)
                let expected = "chart cache at \(path) was rebuilt empty: the database is damaged (Page "
                #expect(notice.hasPrefix(expected))
                #expect(!notice.contains("\n") && !notice.contains("left untouched"))
                #expect(try cache.count() == 0)
                try cache.store(.rawResponse([1]), for: "k", ttlMilliseconds: 1, at: 0)
                #expect(try cache.count() == 1)
            }
        }
    }

    @Test("a foreign SQLite file or another workbench database is refused as app data, replaced as a cache")
    func foreignFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let foreign = directory.path("foreign.sqlite")
        try DatabaseQueue(path: foreign).write { db in
            try db.execute(sql: "CREATE TABLE notes (body TEXT)")
        }
        let error = #expect(throws: StoreError.self) { try WorkbenchDatabase.open(.appData, at: foreign) }
        #expect(error?.kind == .foreign("unmarked, with tables notes"))

        let history = directory.path("history.sqlite")
        _ = try WorkbenchDatabase.open(.runHistory, at: history)
        let wrongKind = #expect(throws: StoreError.self) { try WorkbenchDatabase.open(.appData, at: history) }
        #expect(wrongKind?.kind == .foreign("it is the workbench's run history database, not its app data"))

        let cache = try PersistentChartCache(path: history)
        #expect(cache.database.rebuildNotice?.contains("it is the workbench's run history database") == true)
        #expect(try cache.database.appliedMigrations() == ["v1-chart-cache", "v2-chart-cache-content"])
    }

    @Test("a database from a newer workbench is refused")
    func newerSchema() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("app.sqlite")
        _ = try WorkbenchDatabase.open(.appData, at: path)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-future')")
        }
        let error = #expect(throws: StoreError.self) { try WorkbenchDatabase.open(.appData, at: path) }
        #expect(error?.kind == .newerSchema(["v9-future"]))
    }

    /// Writes a database of `kind` with enough rows to span many pages, then overwrites pages
    /// in the middle of the file with garbage.
    static func fillAndDamage(_ kind: DatabaseKind, at path: String) throws {
        do {
            let database = try WorkbenchDatabase.open(kind, at: path)
            if kind == .appData {
                let store = WatchlistStore(database: database)
                for index in 0..<2_000 {
                    try store.add(coinId: "coin-\(index)-" + String(repeating: "x", count: 40), at: 0)
                }
            } else {
                let cache = try PersistentChartCache(path: path)
                for index in 0..<200 {
                    try cache.store(
                        .rawResponse(Array(repeating: UInt8(index), count: 2_000)), for: "k\(index)",
                        ttlMilliseconds: 1, at: 0)
                }
            }
        }
        // Fold the WAL into the main file, then damage it.
        try DatabaseQueue(path: path).writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 8_192)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 16_384))
        try handle.close()
    }
}
