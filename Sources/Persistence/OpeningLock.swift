import Foundation
import WorkbenchFoundation

/// An exclusive lock on a database's folder while the file is checked, created and migrated, so
/// two processes opening the same new file do not both run its migrations.
///
/// The lock is taken on the folder, never on the database file: SQLite's own locks are POSIX
/// `fcntl` locks, which belong to the process, and closing *any* descriptor of the file drops
/// every one of them (SQLite's "How To Corrupt An SQLite Database File", section 2.2). An idle
/// WAL connection holds a shared lock on the file; once that is gone, another process closing its
/// last connection believes it is the last one, checkpoints and deletes the WAL under the live
/// writer, whose next commit is lost. So the workbench opens no descriptor of its own on a
/// database file.
struct OpeningLock {
    private let lock: FileLock

    /// Takes the lock on the folder holding `path`, waiting at most `timeout` seconds for
    /// another process to release it.
    ///
    /// - Throws: ``StoreError`` when the folder cannot be opened or the lock is not released in
    ///   time.
    init(path: String, timeout: Double) throws(StoreError) {
        let folder = URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent().path
        do {
            lock = try FileLock(folder: folder, timeout: timeout)
        } catch {
            switch error {
            case .cannotOpen(let reason):
                throw StoreError(.io("cannot open its folder to lock it: \(reason)"), path: path)
            case .held:
                throw StoreError(
                    .io("another process kept the database locked for \(Int(timeout)) s while opening it"),
                    path: path)
            }
        }
    }

    /// Releases the lock.
    func release() { lock.release() }
}
