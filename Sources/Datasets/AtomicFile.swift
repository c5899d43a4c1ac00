import Foundation
import TrackerCore
import WorkbenchFoundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writing a file so that a reader, or a run killed at any instant, sees either the old file or
/// the whole new one: the bytes go to a hidden temporary file in the same folder, are flushed to
/// disk, and are renamed over the target (an atomic step on one file system).
///
/// The temporary file's name starts with `.` and holds ``temporaryMarker``, so a folder a killed
/// writer left behind can be cleaned with ``removeLeftovers(in:)``.
public enum AtomicFile {
    /// Why a write failed.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The file.
        public var path: String
        /// The reason, from the system.
        public var reason: String
        /// `path: cannot write: reason`.
        public var description: String { "\(path): cannot write: \(reason)" }
    }

    /// What every temporary file's name holds.
    public static let temporaryMarker = ".partial-"

    /// Writes the bytes, creating the folders above the file, replacing any file there.
    ///
    /// - Parameters:
    ///   - bytes: The content.
    ///   - path: The file.
    public static func write(_ bytes: some Collection<UInt8>, to path: String) throws(Failure) {
        let temporary = try writeTemporary(bytes, beside: path)
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Failure(path: path, reason: reason)
        }
    }

    /// Writes the bytes to a new file, never replacing one: when `path` exists (even if another
    /// process created it a moment ago), nothing is written and the answer is false.
    ///
    /// - Parameters:
    ///   - bytes: The content.
    ///   - path: The file.
    /// - Returns: Whether the file was created.
    public static func writeNew(_ bytes: some Collection<UInt8>, to path: String) throws(Failure) -> Bool {
        let temporary = try writeTemporary(bytes, beside: path)
        defer { unlink(temporary) }
        // link(2) fails with EEXIST rather than replace: the check and the creation are one step.
        guard link(temporary, path) == 0 else {
            if errno == EEXIST { return false }
            throw Failure(path: path, reason: String(cString: strerror(errno)))
        }
        return true
    }

    /// Writes and flushes the bytes to a hidden temporary file in the target's folder (created
    /// when missing), and returns its path.
    private static func writeTemporary(_ bytes: some Collection<UInt8>, beside path: String) throws(Failure)
        -> String
    {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(path: path, reason: (error as NSError).localizedDescription)
        }
        let temporary = folder.appendingPathComponent(
            ".\(url.lastPathComponent)\(temporaryMarker)\(getpid())-\(counter.next())"
        ).path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        var failure: String?
        let content = Array(bytes)
        var written = 0
        while written < content.count, failure == nil {
            let result = content.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + written, content.count - written)
            }
            if result < 0, errno != EINTR { failure = String(cString: strerror(errno)) }
            if result > 0 { written += result }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = String(cString: strerror(errno)) }
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw Failure(path: path, reason: failure)
        }
        return temporary
    }

    /// Whether a file name is a temporary file's (ours, or Foundation's `.dat.nosync` from older
    /// versions): what a writer killed before its rename leaves.
    ///
    /// - Parameter name: A file name, without its folder.
    public static func isLeftover(_ name: String) -> Bool {
        name.hasPrefix(".") && (name.contains(temporaryMarker) || name.contains(".dat.nosync"))
    }

    /// Removes the temporary files killed writers left anywhere under a folder (ours, and
    /// Foundation's `.dat.nosync` files from older versions), and returns how many.
    ///
    /// - Parameter folder: The folder to clean.
    @discardableResult
    public static func removeLeftovers(in folder: String) -> Int {
        guard let files = FileManager.default.enumerator(atPath: folder) else { return 0 }
        var removed = 0
        for case let relative as String in files {
            guard isLeftover((relative as NSString).lastPathComponent) else { continue }
            if (try? FileManager.default.removeItem(atPath: "\(folder)/\(relative)")) != nil { removed += 1 }
        }
        return removed
    }

    private static let counter = TemporaryCounter()
}

/// A process-wide counter for temporary names, so threads writing the same file never collide.
private final class TemporaryCounter: Sendable {
    private let value = Locked(0)

    func next() -> Int {
        value.withLock { value in
            value += 1
            return value
        }
    }
}
