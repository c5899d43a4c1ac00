import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#endif

/// An open workbench database: an SQLite file in WAL mode, checked and migrated on open.
///
/// Opening checks, read-only and before anything is written, that the file is an SQLite database
/// (header), that it is not damaged (`PRAGMA quick_check`), that it is the workbench's own and of
/// the right kind (`PRAGMA application_id`, or no tables yet), and that it was not written by a
/// newer workbench. Then it runs the pending migrations. A user database that fails a check is
/// an error and is left untouched; the chart cache, being disposable, is deleted and recreated,
/// and ``rebuildNotice`` says why.
public final class WorkbenchDatabase: Sendable {
    /// What the database holds.
    public let kind: DatabaseKind
    /// The file.
    public let path: String
    /// Why the file was replaced by an empty database on open, if it was (chart cache only).
    public let rebuildNotice: String?
    let pool: DatabasePool

    private init(kind: DatabaseKind, path: String, pool: DatabasePool, rebuildNotice: String?) {
        self.kind = kind
        self.path = path
        self.pool = pool
        self.rebuildNotice = rebuildNotice
    }

    /// Opens (creating if needed) a database of a kind.
    ///
    /// - Parameters:
    ///   - kind: What it holds.
    ///   - path: The file; its directory must exist.
    /// - Returns: The open, migrated database.
    /// - Throws: ``StoreError`` when the file is not a usable database of this kind (the
    ///   chart cache is rebuilt instead) or cannot be opened.
    public static func open(_ kind: DatabaseKind, at path: String) throws(StoreError)
        -> WorkbenchDatabase
    {
        do {
            return try openChecked(kind, at: path, notice: nil)
        } catch let error where kind.isDisposable && error.isAboutTheFile {
            removeDatabaseFiles(at: path)
            let notice = "\(kind.rawValue) at \(path) was rebuilt empty: " + error.problem
            return try openChecked(kind, at: path, notice: notice)
        }
    }

    /// The names of the migrations applied, oldest first.
    public func appliedMigrations() throws(StoreError) -> [String] {
        try read { db in try kind.migrator.appliedIdentifiers(db).sorted() }
    }

    /// The SQLite journal mode (`wal`).
    public func journalMode() throws(StoreError) -> String {
        try read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }

    /// Runs `body` in a read transaction, mapping failures to ``StoreError``.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try Self.retryingWhileBusy { try pool.read(body) }
        } catch {
            throw StoreError(from: error, path: path)
        }
    }

    /// Runs `body` in a write transaction (rolled back if it throws); SQLite failures become
    /// ``StoreError``, errors of the caller's own (a validation refusal) pass through unchanged.
    func writePassingThrough<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try Self.retryingWhileBusy { try pool.write(body) }
        } catch let error as DatabaseError {
            throw StoreError(from: error, path: path)
        }
    }

    /// Runs `body` on the writer connection outside a transaction (for `ATTACH`, which a
    /// transaction refuses), mapping failures to ``StoreError``.
    func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try Self.retryingWhileBusy { try pool.writeWithoutTransaction(body) }
        } catch {
            throw StoreError(from: error, path: path)
        }
    }

    /// Runs `body` in a write transaction (rolled back if it throws), mapping failures to
    /// ``StoreError``.
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try Self.retryingWhileBusy { try pool.write(body) }
        } catch {
            throw StoreError(from: error, path: path)
        }
    }

    private static func openChecked(_ kind: DatabaseKind, at path: String, notice: String?)
        throws(StoreError) -> WorkbenchDatabase
    {
        let lock = try OpeningLock(path: path, timeout: busyTimeoutSeconds)
        defer { lock.release() }
        do {
            try DatabaseFileCheck.verify(kind, at: path)
            let pool = try retryingWhileBusy { try DatabasePool(path: path, configuration: configuration) }
            try retryingWhileBusy {
                try pool.write { db in
                    if try Int32.fetchOne(db, sql: "PRAGMA application_id") == 0 {
                        try db.execute(sql: "PRAGMA application_id = \(kind.applicationID)")
                    }
                }
            }
            try retryingWhileBusy { try kind.migrator.migrate(pool) }
            return WorkbenchDatabase(kind: kind, path: path, pool: pool, rebuildNotice: notice)
        } catch {
            throw StoreError(from: error, path: path)
        }
    }

    /// Runs `body`, again while SQLite answers "busy" without calling the busy handler (it does
    /// so to a new connection while another process's last connection checkpoints and removes
    /// the WAL file), for at most ``busyTimeoutSeconds``.
    static func retryingWhileBusy<T>(_ body: () throws -> T) throws -> T {
        var waited = 0.0
        while true {
            do {
                return try body()
            } catch let error as DatabaseError
                where error.resultCode == .SQLITE_BUSY && waited < busyTimeoutSeconds
            {
                usleep(20_000)
                waited += 0.02
            }
        }
    }

    /// How long a connection waits for another process's lock before giving up: runs sharing
    /// one history database (parallel runs, sweeps) queue instead of losing rows.
    static let busyTimeoutSeconds: Double = 30

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeoutSeconds)
        return configuration
    }

    private static func removeDatabaseFiles(at path: String) {
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }
}

extension StoreError {
    /// Maps any error from GRDB or the file checks.
    init(from error: any Error, path: String) {
        if let error = error as? StoreError {
            self = error
            return
        }
        guard let error = error as? DatabaseError else {
            self.init(.io(String(describing: error)), path: path)
            return
        }
        switch error.resultCode {
        case .SQLITE_NOTADB: self.init(.notADatabase, path: path)
        case .SQLITE_CORRUPT: self.init(.corrupted(error.message ?? "SQLITE_CORRUPT"), path: path)
        default: self.init(.io(error.description), path: path)
        }
    }

    /// Whether the error says the file itself is unusable (as opposed to, say, a full disk).
    var isAboutTheFile: Bool {
        switch kind {
        case .notADatabase, .corrupted, .foreign, .newerSchema: true
        default: false
        }
    }
}
