import CommandLineShell
import Foundation
import Testing

/// The processes a test started, so that none outlives it (issue 65: a hung `serve` test left
/// four `workbench-serve` children running after the test process).
///
/// Every helper that starts a process (``WorkbenchProcess``, ``ServedProcess``, ``BoundedWait``)
/// adds it to the registry of the suite under way (``ReapsChildren``). When the suite ends, each
/// process of it that still runs is killed with everything in its session, reaped, and reported
/// as an issue naming its command: a test that leaks a process fails, and the leak goes no
/// further.
public final class ChildProcesses: @unchecked Sendable {
    /// The registry of the suite under way (nil outside a ``ReapsChildren`` scope).
    @TaskLocal public static var current: ChildProcesses?

    private let lock = NSLock()
    private var started: [(process: SpawnedProcess, command: String)] = []

    init() {}

    /// Adds a process to the current suite's registry, if there is one.
    ///
    /// - Parameters:
    ///   - process: The process.
    ///   - command: Its command line, for the report.
    public static func track(_ process: SpawnedProcess, command: [String]) {
        current?.add(process, command: command.joined(separator: " "))
    }

    private func add(_ process: SpawnedProcess, command: String) {
        lock.lock()
        defer { lock.unlock() }
        started.append((process, command))
    }

    /// Kills and reaps every process still running, with its session.
    ///
    /// - Returns: Each one's pid and command line.
    func stopLeftovers() -> [String] {
        lock.lock()
        let all = started
        started.removeAll()
        lock.unlock()
        return all.compactMap { entry in
            guard entry.process.isRunning else { return nil }
            BoundedWait.kill(entry.process)
            return "pid \(entry.process.processIdentifier): \(entry.command)"
        }
    }
}

/// The trait that gives a suite a ``ChildProcesses`` registry and fails it when one of its
/// processes is still running at its end.
public struct ReapsChildren: SuiteTrait, TestTrait, TestScoping {
    /// Whether each test gets its own scope too: no, the suite's scope covers its tests.
    public var isRecursive: Bool { false }

    /// Runs the suite with a registry, then stops and reports what it left running.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let registry = ChildProcesses()
        defer {
            for leftover in registry.stopLeftovers() {
                Issue.record(
                    "a child process of '\(test.name)' was still running at its end, killed: \(leftover)")
            }
        }
        try await ChildProcesses.$current.withValue(registry) { try await function() }
    }
}

extension Trait where Self == ReapsChildren {
    /// Fails the suite when a process it started outlives it (``ChildProcesses``).
    public static var reapsChildren: Self { ReapsChildren() }
}
