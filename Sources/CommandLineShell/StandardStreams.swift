import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing to standard output and standard error with `write(2)`. Foundation's
/// `FileHandle.write(_:)` stops the process with a trap when the write fails (a closed pipe with
/// SIGPIPE ignored, as while `workbench serve` builds the server); a failed write here is
/// dropped: there is nobody left to tell.
public enum StandardStreams {
    /// Writes text to standard error.
    public static func error(_ text: String) { write(text, to: 2) }

    /// Writes text to standard output.
    public static func output(_ text: String) { write(text, to: 1) }

    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress, buffer.count)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
