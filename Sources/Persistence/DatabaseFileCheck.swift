import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#endif

/// The read-only checks an existing file passes before the workbench writes to it.
enum DatabaseFileCheck {
    /// Throws unless the file is an undamaged database of `kind` that this workbench can migrate.
    ///
    /// A missing or empty file is a new database. Nothing here opens a descriptor of the file
    /// outside SQLite (see ``OpeningLock`` for why): SQLite itself refuses a file without its
    /// header (`SQLITE_NOTADB`).
    static func verify(_ kind: DatabaseKind, at path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0 else {
            guard errno == ENOENT else {
                throw StoreError(.io("cannot read the file: \(String(cString: strerror(errno)))"), path: path)
            }
            return
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw StoreError(.io("not a regular file"), path: path)
        }
        guard status.st_size > 0 else { return }
        guard access(path, R_OK) == 0 else { throw StoreError(.io("cannot read the file"), path: path) }
        try rollBackHotJournal(at: path)

        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(WorkbenchDatabase.busyTimeoutSeconds)
        let queue = try WorkbenchDatabase.retryingWhileBusy {
            try DatabaseQueue(path: path, configuration: configuration)
        }
        defer { try? queue.close() }
        try queue.read { db in
            let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
            guard check == ["ok"] else {
                let problems = check.joined(separator: "\n").split(separator: "\n").filter {
                    !$0.hasPrefix("***")
                }
                throw StoreError(.corrupted(problems.prefix(2).joined(separator: "; ")), path: path)
            }
            try verifyOwnership(kind, db: db, path: path)
            let unknown = try kind.migrator.appliedIdentifiers(db).subtracting(kind.migrator.migrations)
            guard unknown.isEmpty else { throw StoreError(.newerSchema(unknown.sorted()), path: path) }
        }
    }

    /// A file is ours if it carries this kind's application id, or carries none and has no tables.
    /// A process killed while it created the file (in rollback-journal mode, before WAL) leaves
    /// a hot `-journal`. SQLite rolls it back on the next open that may write; the read-only
    /// check below cannot, and would refuse the file ("attempt to write a readonly database").
    /// So a writable open rolls it back first, and the file is checked as it was before the
    /// killed transaction.
    private static func rollBackHotJournal(at path: String) throws {
        var journal = stat()
        guard stat(path + "-journal", &journal) == 0, journal.st_size > 0 else { return }
        var configuration = Configuration()
        configuration.busyMode = .timeout(WorkbenchDatabase.busyTimeoutSeconds)
        let queue = try WorkbenchDatabase.retryingWhileBusy {
            try DatabaseQueue(path: path, configuration: configuration)
        }
        defer { try? queue.close() }
        try queue.read { db in _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
    }

    private static func verifyOwnership(_ kind: DatabaseKind, db: Database, path: String) throws {
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if applicationID == kind.applicationID { return }
        if applicationID != 0 {
            let owner = DatabaseKind.allCases.first { $0.applicationID == applicationID }
            let detail =
                owner.map { "it is the workbench's \($0.rawValue) database, not its \(kind.rawValue)" }
                ?? "application_id 0x\(String(UInt32(bitPattern: applicationID), radix: 16))"
            throw StoreError(.foreign(detail), path: path)
        }
        let tables = try String.fetchAll(
            db,
            sql:
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
        guard tables.isEmpty else {
            throw StoreError(
                .foreign("unmarked, with tables \(tables.joined(separator: ", "))"), path: path)
        }
    }
}
