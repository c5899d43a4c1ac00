import Foundation  // `open` and `flock` too, from the platform's C library

/// An exclusive `flock` on a folder or on a lock file, held until ``release()`` or until the
/// lock is freed (and, whatever happens, no longer than the process: a `kill -9` releases it).
///
/// Never take it on an SQLite database: SQLite's POSIX locks belong to the process, and closing
/// any descriptor of the database file, this one's too, drops them all.
public final class FileLock: Sendable {
    /// Why the lock was not taken.
    public enum Failure: Error, Sendable, Equatable {
        /// The folder or file could not be opened (missing, not readable, not creatable).
        case cannotOpen(String)
        /// Another process held the lock for the whole wait.
        case held(waitedSeconds: Double)
    }

    private let descriptor: Int32

    /// Takes the lock on a folder, which must exist.
    ///
    /// - Parameters:
    ///   - folder: The folder.
    ///   - timeout: How long to wait for another process to release it, seconds; 0 tries once.
    /// - Throws: ``Failure``.
    public convenience init(folder: String, timeout: Double) throws(Failure) {
        try self.init(opening: open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC), timeout: timeout)
    }

    /// Takes the lock on a lock file, created empty if missing.
    ///
    /// - Parameters:
    ///   - file: The lock file (its folder must exist).
    ///   - timeout: How long to wait for another process to release it, seconds; 0 tries once.
    /// - Throws: ``Failure``.
    public convenience init(file: String, timeout: Double) throws(Failure) {
        try self.init(opening: open(file, O_RDWR | O_CREAT | O_CLOEXEC, 0o644), timeout: timeout)
    }

    private init(opening descriptor: Int32, timeout: Double) throws(Failure) {
        guard descriptor >= 0 else { throw .cannotOpen(String(cString: strerror(errno))) }
        var waited = 0.0
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, waited < timeout else {
                close(descriptor)
                throw .held(waitedSeconds: waited)
            }
            usleep(20_000)
            waited += 0.02
        }
        self.descriptor = descriptor
    }

    /// Releases the lock now (it is released when the lock is freed anyway).
    public func release() {
        flock(descriptor, LOCK_UN)
    }

    deinit {
        close(descriptor)
    }
}
