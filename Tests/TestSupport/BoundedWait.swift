import CommandLineShell
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Waits in tests that end: on a child, on a pipe, on a condition. Each has a limit, and at the
/// limit it stops what it waited on and throws a ``Timeout`` naming it, so a test fails with a
/// message instead of holding CI until its own limit (issue 65).
public enum BoundedWait {
    /// A wait that reached its limit.
    public struct Timeout: Error, CustomStringConvertible {
        /// What was waited for.
        public var what: String
        /// The limit, in seconds.
        public var seconds: Double

        /// What was waited for and how long.
        public var description: String { "timed out after \(seconds) s waiting for \(what)" }
    }

    /// Waits for a child to exit; at the limit kills it and everything in its session, reaps it,
    /// and throws.
    ///
    /// - Parameters:
    ///   - process: The child.
    ///   - seconds: The limit.
    ///   - what: What the child is, for the message (`workbench-serve after SIGTERM`).
    /// - Returns: Its status.
    @discardableResult
    public static func exit(of process: SpawnedProcess, within seconds: Double, _ what: String) throws
        -> Int32
    {
        if let status = process.wait(timeout: seconds) { return status }
        kill(process)
        throw Timeout(what: what, seconds: seconds)
    }

    /// Kills a child and everything in its session and reaps it (``SpawnedProcess/stopSession(grace:)``
    /// with no grace: SIGKILL cannot be held off).
    public static func kill(_ process: SpawnedProcess) {
        process.signal(SIGKILL)
        process.stopSession(grace: 0)
    }

    /// Reads one line (without its newline) from a pipe, waiting at most `seconds` for it.
    ///
    /// - Parameters:
    ///   - handle: The pipe's read end.
    ///   - seconds: The limit.
    ///   - what: What the line is, for the message.
    /// - Returns: The line (at most 64 kB).
    public static func line(from handle: FileHandle, within seconds: Double, _ what: String) throws -> String
    {
        let descriptor = handle.fileDescriptor
        var line = Data()
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        while line.count < 65_536 {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { throw Timeout(what: what, seconds: seconds) }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(min((deadline - now) / 1_000_000, 1_000)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            var byte: UInt8 = 0
            let count = read(descriptor, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { break }
            if byte == 10 { break }
            line.append(byte)
        }
        return String(decoding: line, as: UTF8.self)
    }

    /// Polls a condition every 10 ms until it holds or the limit passes.
    ///
    /// - Returns: Whether it held.
    public static func until(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }
}
