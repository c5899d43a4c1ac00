import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with `posix_spawn`: `workbench serve`'s build of the server, and the
/// tests that run the `workbench` binary.
///
/// Foundation's `Process.run()` on Linux copies a whole 256-byte `d_name` out of each
/// `/proc/self/fd` entry (`findMaximumOpenFromProcSelfFD`), reading past glibc's buffer: in Swift
/// 6.3.1 AddressSanitizer stops the test run there, and without it the read crashes now and then
/// (swift-corelibs-foundation pull request 5472). This type spawns directly instead: standard
/// streams opened or piped in the child, every other descriptor closed, signals at their defaults.
public final class SpawnedProcess: @unchecked Sendable {
    /// Where a standard stream goes.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A file: read for standard input; created or truncated for output.
        case file(String)
        /// A pipe whose other end the parent keeps (output streams only): ``standardError``.
        case pipe
        /// Standard error only: the same open file as standard output (one log, in order).
        case standardOutput
    }

    /// The child's process id.
    public let processIdentifier: pid_t
    /// The read end of standard error when it was a ``Stream/pipe``.
    public let standardError: FileHandle?
    private let lock = NSLock()
    private var exitStatus: Int32?

    /// Starts `executable`.
    ///
    /// - Parameters:
    ///   - executable: The program's path.
    ///   - arguments: The arguments after the program's name.
    ///   - directory: The child's working directory.
    ///   - stdin: Standard input (a ``Stream/file(_:)`` may name a directory, to test that case).
    ///   - stdout: Standard output.
    ///   - stderr: Standard error.
    ///   - newSession: Whether the child leads a session of its own (`setsid`): everything it
    ///     starts stays in that session, even in process groups of their own, so
    ///     ``stopSession(grace:)`` can find and stop all of it, and a terminal's Ctrl-C reaches
    ///     only the parent.
    ///   - environment: Variables to set or replace in the child's copy of this process's
    ///     environment.
    /// - Throws: `POSIXError` when a pipe cannot be made or the spawn fails.
    public init(
        executable: String, arguments: [String], directory: String, stdin: Stream = .null,
        stdout: Stream = .null, stderr: Stream = .null, newSession: Bool = false,
        environment: [String: String] = [:]
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var errorPipe: [Int32] = [-1, -1]
        for (descriptor, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", O_RDWR, 0)
            case .file(let path):
                let flags = descriptor == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
                posix_spawn_file_actions_addopen(&actions, descriptor, path, flags, 0o644)
            case .standardOutput:
                guard descriptor == 2 else { throw POSIXError(.EINVAL) }
                posix_spawn_file_actions_adddup2(&actions, 1, 2)
            case .pipe:
                guard descriptor != 0, pipe(&errorPipe) == 0 else { throw POSIXError(.EINVAL) }
                _ = fcntl(errorPipe[0], F_SETFD, FD_CLOEXEC)
                _ = fcntl(errorPipe[1], F_SETFD, FD_CLOEXEC)
                posix_spawn_file_actions_adddup2(&actions, errorPipe[1], descriptor)
            }
        }
        _ = GNUSpawnActions.closeFrom?(&actions, 3)
        guard let changeDirectory = GNUSpawnActions.changeDirectory else { throw POSIXError(.ENOSYS) }
        _ = changeDirectory(&actions, directory)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var everySignal = sigset_t()
        var noSignal = sigset_t()
        sigfillset(&everySignal)
        sigemptyset(&noSignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        posix_spawnattr_setsigmask(&attributes, &noSignal)
        posix_spawnattr_setflags(
            &attributes,
            Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | (newSession ? Self.setSessionFlag : 0)))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { _, given in given }
        let envp = variables.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for variable in envp { free(variable) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        if errorPipe[1] >= 0 { close(errorPipe[1]) }
        guard result == 0 else {
            if errorPipe[0] >= 0 { close(errorPipe[0]) }
            throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL)
        }
        processIdentifier = pid
        standardError =
            errorPipe[0] >= 0 ? FileHandle(fileDescriptor: errorPipe[0], closeOnDealloc: true) : nil
    }

    /// Whether the child has not exited yet (reaping it if it has).
    public var isRunning: Bool { reap(blocking: false) == nil }

    /// Waits for the child to exit, polling every 2 ms. The timeout counts polls, not a clock
    /// read (this module reads none: DESIGN.md, time and randomness), so on a busy machine, where
    /// a 2 ms sleep runs long, it waits at least `timeout`, never less.
    ///
    /// - Parameter timeout: Seconds to wait at least, when the child is still running.
    /// - Returns: Its status (``status(decoding:)``), or nil if it is still running at the timeout.
    public func wait(timeout: Double) -> Int32? {
        let polls = max(0, Int((timeout * 500).rounded(.up)))
        for poll in 0...polls {
            if let status = reap(blocking: false) { return status }
            if poll < polls { usleep(2_000) }
        }
        return nil
    }

    /// Waits for the child to exit, however long it takes.
    ///
    /// - Returns: Its status (``status(decoding:)``).
    @discardableResult
    public func waitUntilExit() -> Int32 {
        reap(blocking: true) ?? -1
    }

    /// Sends a signal (SIGTERM by default).
    ///
    /// - Parameter signal: The signal.
    public func signal(_ signal: Int32 = SIGTERM) {
        kill(processIdentifier, signal)
    }

    /// The exit code, or 128 plus the signal that ended the child (as shells report it).
    ///
    /// - Parameter raw: `waitpid`'s status word.
    public static func status(decoding raw: Int32) -> Int32 {
        raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
    }

    /// `POSIX_SPAWN_SETSID` (glibc 2.26, macOS 10.15), which Swift does not import on Linux.
    #if os(Linux)
        private static let setSessionFlag: Int32 = 0x80
    #else
        private static let setSessionFlag: Int32 = 0x0400
    #endif

    /// Stops the child and everything it started in its session (``init(executable:arguments:directory:stdin:stdout:stderr:newSession:)``
    /// with `newSession`): SIGTERM to the child, so that it can stop its own children, then,
    /// after `grace` seconds or once it has exited, SIGKILL to every process left in the session
    /// (on Linux, found in `/proc`; elsewhere, the child's process group), and reaps the child.
    ///
    /// - Parameter grace: Seconds the child has to exit after SIGTERM.
    /// - Returns: The child's status.
    @discardableResult
    public func stopSession(grace: Double = 5) -> Int32 {
        if isRunning { signal(SIGTERM) }
        let status = wait(timeout: grace)
        for member in Self.sessionMembers(processIdentifier) { kill(member, SIGKILL) }
        kill(-processIdentifier, SIGKILL)
        return status ?? waitUntilExit()
    }

    /// The processes whose session is `session`, other than zombies.
    public static func sessionMembers(_ session: pid_t) -> [pid_t] {
        #if os(Linux)
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else {
                return []
            }
            return entries.compactMap { entry -> pid_t? in
                guard let pid = pid_t(entry), pid != getpid(),
                    let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                    let end = stat.range(of: ") ", options: .backwards)
                else { return nil }
                // After "pid (comm) ": state, ppid, pgrp, session.
                let fields = stat[end.upperBound...].split(separator: " ")
                guard fields.count > 3, fields[0] != "Z", pid_t(fields[3]) == session else { return nil }
                return pid
            }
        #else
            return []
        #endif
    }

    private func reap(blocking: Bool) -> Int32? {
        lock.lock()
        defer { lock.unlock() }
        if let exitStatus { return exitStatus }
        var raw: Int32 = 0
        var result: pid_t
        repeat {
            result = waitpid(processIdentifier, &raw, blocking ? 0 : WNOHANG)
        } while result == -1 && errno == EINTR
        guard result == processIdentifier else { return nil }
        exitStatus = Self.status(decoding: raw)
        return exitStatus
    }
}

/// glibc's `posix_spawn` extensions (2.29 and 2.34), which Swift does not import without
/// `_GNU_SOURCE`: found at run time.
private enum GNUSpawnActions {
    typealias ChangeDirectory =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// `posix_spawn_file_actions_addchdir_np`: the child's working directory.
    static let changeDirectory: ChangeDirectory? = symbol("posix_spawn_file_actions_addchdir_np")
    /// `posix_spawn_file_actions_addclosefrom_np`: closes every descriptor from one on.
    static let closeFrom: CloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np")

    private static func symbol<Function>(_ name: String) -> Function? {
        guard let pointer = dlsym(dlopen(nil, RTLD_NOW), name) else { return nil }
        return unsafeBitCast(pointer, to: Function.self)
    }
}
