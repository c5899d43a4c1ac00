import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A secret the user keeps in a file (`--api-key-file`, `--admin-token-file`), so that it is in
/// neither the process list nor the shell's history.
public enum SecretFile {
    /// How long a read may wait without a byte: a pipe (`<(cmd)`) gets this long to write, a FIFO
    /// nobody writes to fails after it instead of blocking forever.
    public static let waitSeconds = 10.0

    /// The file's content without surrounding whitespace (possibly empty: the caller says what
    /// it needs). At most `maximumBytes` are read, within ``waitSeconds``: a larger file is refused
    /// without being read whole, and a FIFO or pipe whose writer does not finish in time is
    /// refused too. The content must be UTF-8. Messages name the option and the path, never the
    /// content.
    ///
    /// - Parameters:
    ///   - path: The file, as the user gave it.
    ///   - option: The option that named it, for messages.
    ///   - maximumBytes: The most bytes the file may have.
    /// - Throws: ``CLIError`` (bad input) when the file cannot be read, is larger, is not UTF-8,
    ///   or does not come whole in time.
    public static func read(_ path: String, option: String, maximumBytes: Int) throws(CLIError) -> String {
        // Non-blocking: opening a FIFO without a writer would block here.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .badInput("\(option) \(path): cannot read it") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR else {
            throw .badInput("\(option) \(path): a directory, not a file")
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4_096)
        // Idle waits are counted, not timed (this module reads no clock: DESIGN.md), so the
        // bound is ``waitSeconds`` without a byte.
        let idlePolls = Int(waitSeconds * 10)
        var idle = 0
        while data.count <= maximumBytes {
            guard idle < idlePolls else {
                throw .badInput(
                    "\(option) \(path): nothing came whole within \(Int(waitSeconds)) s (a FIFO or pipe "
                        + "whose writer did not finish); give a regular file")
            }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, 100)
            if ready < 0, errno != EINTR { throw .badInput("\(option) \(path): cannot read it") }
            guard ready > 0 else {
                idle += 1
                continue
            }
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                throw .badInput("\(option) \(path): cannot read it")
            }
            // End of file; a FIFO whose writer has not opened yet reads as empty with no hang-up.
            if count == 0 {
                if (info.st_mode & S_IFMT) == S_IFIFO, entry.revents & Int16(POLLHUP) == 0 {
                    idle += 1
                    usleep(100_000)
                    continue
                }
                break
            }
            data.append(contentsOf: buffer[0..<count])
        }
        guard data.count <= maximumBytes else {
            throw .badInput("\(option) \(path): over \(maximumBytes) bytes, more than a key or token has")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw .badInput("\(option) \(path): not UTF-8 text (\(data.count) bytes)")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

#if canImport(Glibc)
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
#endif
