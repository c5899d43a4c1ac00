import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive `flock` on a database file while it is checked, created and migrated, so two
/// processes opening the same new file do not both run its migrations. (SQLite's own locks are
/// `fcntl` locks, which `flock` does not interfere with on Linux.)
struct OpeningLock {
    private let descriptor: Int32

    /// Takes the lock, creating the file (empty: SQLite's "new database") if needed, waiting at
    /// most `timeout` seconds for another process to release it.
    ///
    /// - Throws: ``StoreError`` when the file cannot be opened or the lock is not released in time.
    init(path: String, timeout: Double) throws(StoreError) {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw StoreError(.io("cannot open: \(String(cString: strerror(errno)))"), path: path)
        }
        var waited = 0.0
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, waited < timeout else {
                close(descriptor)
                throw StoreError(
                    .io("another process kept the database locked for \(Int(timeout)) s while opening it"),
                    path: path)
            }
            usleep(20_000)
            waited += 0.02
        }
    }

    /// Releases the lock and closes the file.
    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
