import CommandLineShell
import Foundation

/// A running `workbench serve` on an ephemeral port and its base URL, for tests. Every wait on it
/// is bounded (``BoundedWait``): the base URL must come within a minute, and after SIGTERM the
/// server must exit within ``stopLimitSeconds`` (it promises one second); past either limit it is
/// killed and the test fails with what it waited for. Dropped without ``stop()`` (a test that
/// threw), it is killed and reaped.
public final class ServedProcess: @unchecked Sendable {
    /// How long a test waits for the server to exit after SIGTERM: ten times what serve promises,
    /// for a loaded machine.
    public static let stopLimitSeconds = 10.0

    /// The server.
    public let process: SpawnedProcess
    /// Its API root, `http://127.0.0.1:PORT/api/v3`.
    public let url: String
    /// Its admin root.
    public var admin: String { String(url.dropLast("/api/v3".count)) + "/__admin" }

    /// Starts `workbench serve SCENARIO --port 0 ARGUMENTS` and reads its base URL (the first line
    /// of standard error).
    ///
    /// - Parameters:
    ///   - arguments: More options.
    ///   - scenario: The scenario (the quickstart by default).
    /// - Throws: ``BoundedWait/Timeout`` when no URL comes within a minute.
    public init(_ arguments: [String], scenario: String = "scenarios/quickstart.yaml") throws {
        let command = ["serve", scenario, "--port", "0"] + arguments
        process = try SpawnedProcess(
            executable: WorkbenchProcess.executable.path, arguments: command,
            directory: RepositoryFiles.root.path, stderr: .pipe, newSession: true)
        ChildProcesses.track(process, command: ["workbench"] + command)
        do {
            guard let errors = process.standardError else { throw POSIXError(.EPIPE) }
            url = try BoundedWait.line(from: errors, within: 60, "the base URL from workbench serve")
        } catch {
            BoundedWait.kill(process)
            throw error
        }
    }

    deinit {
        if process.isRunning { BoundedWait.kill(process) }
    }

    /// Sends SIGTERM and waits, bounded, for the server to exit.
    ///
    /// - Returns: Its status; -1 (and the server killed) when it did not exit in time.
    @discardableResult
    public func stop() -> Int32 {
        stop(signal: SIGTERM).status ?? -1
    }

    /// Sends a signal and measures how long the server takes to exit.
    ///
    /// - Parameter signal: The signal.
    /// - Returns: Its status (nil when it had to be killed) and the seconds it took.
    public func stop(signal: Int32) -> (status: Int32?, seconds: Double) {
        let started = Date()
        process.signal(signal)
        let status = try? BoundedWait.exit(
            of: process, within: Self.stopLimitSeconds, "workbench serve to exit after signal \(signal)")
        return (status, Date().timeIntervalSince(started))
    }
}
