import Foundation
import GRDB
import Persistence
import TestSupport
import Testing
import TrackerCore

@Suite("Persistent chart cache and run history")
struct PersistentChartCacheTests {
    let line = TimeSeries(timestamps: [1_621_000_000_000, 1_621_000_300_000], values: [49_007.5, 0.1 + 0.2])
    let candles = CandleSeries(
        closeTimes: [1_621_000_000_000], open: [1.5], high: [2.25], low: [1.0], close: [2.0])

    @Test("entries survive reopening, bit for bit, and expire by their own TTL")
    func survivesReopen() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("charts.sqlite")
        do {
            let cache = try PersistentChartCache(path: path)
            try cache.store(.line(line), for: "bitcoin-line-1D", ttlMilliseconds: 300_000, at: 1_000)
            try cache.store(.candles(candles), for: "bitcoin-candle-1W", ttlMilliseconds: 900_000, at: 1_000)
        }
        let reopened = try PersistentChartCache(path: path)
        #expect(reopened.database.rebuildNotice == nil)
        #expect(
            try reopened.lookup("bitcoin-line-1D", at: 300_999)
                == .fresh(.line(line), ageMilliseconds: 299_999))
        #expect(
            try reopened.lookup("bitcoin-line-1D", at: 301_000)
                == .expired(.line(line), ageMilliseconds: 300_000))
        #expect(
            try reopened.lookup("bitcoin-candle-1W", at: 2_000)
                == .fresh(.candles(candles), ageMilliseconds: 1_000))
        #expect(try reopened.lookup("ethereum-line-1D", at: 2_000) == .missing)
        #expect(try reopened.prune(olderThan: 10, at: 2_000) == 2)
        #expect(try reopened.count() == 0)
    }

    @Test("entries() gives what live --state launches with: every entry of the content, oldest stored first")
    func entriesForALaunch() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("charts.sqlite")
        let cache = try PersistentChartCache(path: path)
        try cache.store(.candles(candles), for: "bitcoin-candle-1W", ttlMilliseconds: 900_000, at: 2_000)
        try cache.store(.line(line), for: "bitcoin-line-1D", ttlMilliseconds: 300_000, at: 1_000)
        try PersistentChartCache(path: path, content: .rawResponse)
            .store(.rawResponse([1]), for: "bitcoin-line-days1", ttlMilliseconds: 60_000, at: 500)
        #expect(
            try PersistentChartCache(path: path).entries() == [
                AppStorage.StoredChart(
                    key: "bitcoin-line-1D", payload: .line(line), storedAt: 1_000, ttlMilliseconds: 300_000),
                AppStorage.StoredChart(
                    key: "bitcoin-candle-1W", payload: .candles(candles), storedAt: 2_000,
                    ttlMilliseconds: 900_000),
            ])
        #expect(
            try PersistentChartCache(path: path, content: .rawResponse).entries().map(\.key) == [
                "bitcoin-line-days1"
            ])
    }

    @Test("a cache written in raw mode is not read in processed mode")
    func contentModes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("charts.sqlite")
        try PersistentChartCache(path: path, content: .rawResponse)
            .store(.rawResponse([7, 8]), for: "bitcoin-line-days1", ttlMilliseconds: 60_000, at: 0)
        #expect(try PersistentChartCache(path: path).lookup("bitcoin-line-days1", at: 1) == .missing)
        #expect(
            try PersistentChartCache(path: path, content: .rawResponse).lookup("bitcoin-line-days1", at: 1)
                == .fresh(.rawResponse([7, 8]), ageMilliseconds: 1))
    }

    @Test("a v1 cache migrates to v2 and keeps its entries")
    func migration() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("charts.sqlite")
        // Build what a v1 workbench wrote: the v1 table, the cache's application id, one entry.
        let source = directory.path("source.sqlite")
        try PersistentChartCache(path: source).store(
            .line(line), for: "bitcoin-line-1D", ttlMilliseconds: 300_000, at: 0)
        let blob = try DatabaseQueue(path: source).read { db in
            try Data.fetchOne(db, sql: "SELECT payload FROM chart_cache")
        }
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "PRAGMA application_id = \(0x4250_5743)")
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v1-chart-cache')")
            try db.execute(
                sql:
                    "CREATE TABLE chart_cache (key TEXT PRIMARY KEY, payload BLOB NOT NULL, stored_at INTEGER NOT NULL, ttl_ms INTEGER NOT NULL)"
            )
            try db.execute(
                sql: "INSERT INTO chart_cache VALUES (?, ?, 0, 300000)", arguments: ["bitcoin-line-1D", blob])
        }
        let migrated = try PersistentChartCache(path: path)
        #expect(migrated.database.rebuildNotice == nil)
        #expect(try migrated.database.appliedMigrations() == ["v1-chart-cache", "v2-chart-cache-content"])
        #expect(try migrated.lookup("bitcoin-line-1D", at: 5) == .fresh(.line(line), ageMilliseconds: 5))
    }

    @Test("an unreadable entry is dropped and read as a miss")
    func unreadableEntry() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("charts.sqlite")
        let cache = try PersistentChartCache(path: path)
        try cache.store(.line(line), for: "k", ttlMilliseconds: 60_000, at: 0)
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: "UPDATE chart_cache SET payload = ? WHERE key = 'k'", arguments: [Data([1, 9, 9])])
        }
        #expect(try cache.lookup("k", at: 1) == .missing)
        #expect(try cache.count() == 0)
    }

    @Test("run history: runs and metrics survive a reopen, newest first, filtered by scenario")
    func runHistory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("history.sqlite")
        let first = RunRecord(
            scenario: "quickstart", scenarioHash: "ab12", seed: UInt64.max, codeVersion: "v0.3-4-g1585848",
            recordedAt: 1_000, output: "out/quickstart",
            metrics: ["rate_limit.max_per_minute": 48, "cache.hit_ratio": 0.8125])
        let second = RunRecord(
            scenario: "bitpal-as-built", scenarioHash: "cd34", seed: 7, codeVersion: "v0.3",
            recordedAt: 2_000,
            metrics: ["rate_limit.max_per_minute": 122])
        do {
            let store = RunHistoryStore(database: try WorkbenchDatabase.open(.runHistory, at: path))
            #expect(try store.record(first).id == 1)
            #expect(try store.record(second).id == 2)
        }
        let store = RunHistoryStore(database: try WorkbenchDatabase.open(.runHistory, at: path))
        var expectedFirst = first
        expectedFirst.id = 1
        var expectedSecond = second
        expectedSecond.id = 2
        #expect(try store.runs() == [expectedSecond, expectedFirst])
        #expect(try store.runs(scenario: "quickstart") == [expectedFirst])
        #expect(try store.runs(limit: 1) == [expectedSecond])
    }

    @Test("run history: units round-trip; a v1 history gains the unit column and keeps its runs")
    func runHistoryUnits() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("history.sqlite")
        // What a v1 workbench wrote: its tables and one run with one metric, no units.
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "PRAGMA application_id = \(0x4250_5748)")
            try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v1-runs')")
            try db.execute(
                sql: """
                    CREATE TABLE run (id INTEGER PRIMARY KEY AUTOINCREMENT, scenario TEXT NOT NULL,
                    scenario_hash TEXT NOT NULL, seed INTEGER NOT NULL, code_version TEXT NOT NULL,
                    recorded_at INTEGER NOT NULL, output TEXT);
                    CREATE TABLE run_metric (run_id INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
                    name TEXT NOT NULL, value DOUBLE NOT NULL, PRIMARY KEY (run_id, name));
                    INSERT INTO run VALUES (1, 'old', 'ab', 1, 'v0.1', 10, NULL);
                    INSERT INTO run_metric VALUES (1, 'cache.hit_ratio', 0.5);
                    """)
        }
        let store = RunHistoryStore(database: try WorkbenchDatabase.open(.runHistory, at: path))
        #expect(try store.database.appliedMigrations() == ["v1-runs", "v2-metric-units"])
        let old = try store.run(id: 1)
        #expect(old.metrics == ["cache.hit_ratio": 0.5] && old.units.isEmpty)
        let new = try store.record(
            RunRecord(
                scenario: "new", scenarioHash: "cd", seed: 2, codeVersion: "v0.2", recordedAt: 20,
                metrics: ["cache.hit_ratio": 0.25, "rate_limit.wait_s": 3],
                units: ["cache.hit_ratio": "ratio", "rate_limit.wait_s": "seconds"]))
        #expect(try store.run(id: try #require(new.id)) == new)
    }
}
