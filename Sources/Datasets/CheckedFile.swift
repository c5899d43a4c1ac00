import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the files a user names (scenarios, recordings, series, goldens) after checking what
/// they are, so each refusal says why: missing, a directory, a named pipe, a symbolic-link loop,
/// unreadable, or larger than the limit (`docs/errors-and-limits.md`).
public enum CheckedFile {
    /// Why a file cannot be read, in words for an error message (without the path).
    public struct Failure: Error, Sendable, Equatable {
        /// The reason.
        public var reason: String
    }

    /// The largest file read whole: 512 MiB.
    public static let defaultLimit = 512 << 20

    /// A regular file's bytes.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - limit: The most bytes accepted.
    /// - Throws: ``Failure``.
    public static func read(_ path: String, limit: Int = defaultLimit) throws(Failure) -> [UInt8] {
        let size = try regularFileSize(path)
        guard size <= limit else { throw tooLarge(size, limit: limit) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw Failure(reason: "cannot open the file (\(String(cString: strerror(errno))))")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: limit + 1) ?? Data()
            guard data.count <= limit else {
                throw Failure(reason: "grew past the limit of \(limit) bytes while read")
            }
            return [UInt8](data)
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(reason: "cannot read: \((error as NSError).localizedDescription)")
        }
    }

    /// The size of the regular file at `path`.
    ///
    /// - Throws: ``Failure`` when it is anything else, or cannot be examined.
    public static func regularFileSize(_ path: String) throws(Failure) -> Int {
        guard !path.isEmpty else { throw Failure(reason: "the path is empty") }
        var info = stat()
        guard stat(path, &info) == 0 else { throw Failure(reason: describe(errno: errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return Int(info.st_size)
        case S_IFDIR: throw Failure(reason: "is a directory, expected a file")
        case S_IFIFO: throw Failure(reason: "is a named pipe (FIFO), expected a regular file")
        case S_IFSOCK: throw Failure(reason: "is a socket, expected a regular file")
        default: throw Failure(reason: "is a device, expected a regular file")
        }
    }

    /// The failure for a file of `size` bytes over `limit`.
    public static func tooLarge(_ size: Int, limit: Int) -> Failure {
        Failure(reason: "is \(size) bytes, more than the limit of \(limit) bytes (docs/errors-and-limits.md)")
    }

    /// Words for a `stat` or `open` error number.
    public static func describe(errno code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case ELOOP: "a loop of symbolic links"
        case EACCES: "permission denied"
        case ENOTDIR: "a part of the path is not a directory"
        case ENAMETOOLONG: "the path is too long"
        default: String(cString: strerror(code))
        }
    }
}
