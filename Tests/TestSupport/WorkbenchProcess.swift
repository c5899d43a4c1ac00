import CommandLineShell
import Foundation
import Testing

/// Runs the built `workbench` executable, as users and CI do.
public enum WorkbenchProcess {
    /// What a run produced.
    public struct Outcome: Sendable {
        /// The exit status.
        public var status: Int32
        /// Standard output.
        public var stdout: String
        /// Standard error.
        public var stderr: String
    }

    /// The executable next to the test bundle (`swift build` puts both in one directory).
    public static let executable: URL = {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let sibling = testBinary.deletingLastPathComponent().appendingPathComponent("workbench")
        if FileManager.default.isExecutableFile(atPath: sibling.path) { return sibling }
        return RepositoryFiles.root.appendingPathComponent(".build/debug/workbench")
    }()

    /// Runs `workbench` with arguments, optional standard input, in the repository root.
    ///
    /// - Parameters:
    ///   - arguments: The command line after `workbench`.
    ///   - stdin: Bytes for standard input.
    ///   - stdinPath: A path to open as standard input instead (a directory, say).
    ///   - directory: The working directory (the repository root by default).
    ///   - timeout: Seconds after which the process is killed and reported with status -1.
    ///   - executable: Another `workbench` binary to run (a copy in a made-up checkout).
    ///   - environment: Variables to set for it.
    /// - Returns: Status and output.
    public static func run(
        _ arguments: [String], stdin: Data? = nil, stdinPath: String? = nil, directory: URL? = nil,
        timeout: Double = 300, executable: URL? = nil, environment: [String: String] = [:]
    ) throws -> Outcome {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "workbench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let input = scratch.appendingPathComponent("stdin")
        let output = scratch.appendingPathComponent("stdout")
        let errors = scratch.appendingPathComponent("stderr")
        try (stdin ?? Data()).write(to: input)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)

        // A session of its own: at the timeout, whatever it started is stopped with it.
        let process = try SpawnedProcess(
            executable: (executable ?? Self.executable).path, arguments: arguments,
            directory: (directory ?? RepositoryFiles.root).path,
            stdin: .file(stdinPath ?? input.path), stdout: .file(output.path), stderr: .file(errors.path),
            newSession: true, environment: environment)
        ChildProcesses.track(process, command: ["workbench"] + arguments)
        let before = CheckoutOutput.snapshot()
        let status: Int32
        if let exited = process.wait(timeout: timeout) {
            status = exited
        } else {
            BoundedWait.kill(process)
            status = -1
        }
        // Tests never touch the user's files: the checkout's out/ (its history above all) is the
        // user's (issue 69).
        if directory == nil, let changed = CheckoutOutput.changes(since: before) {
            Issue.record(
                "`workbench \(arguments.joined(separator: " "))` changed the checkout's out/: \(changed)")
        }
        return Outcome(
            status: status,
            stdout: String(decoding: try Data(contentsOf: output), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errors), as: UTF8.self)
        )
    }

    /// Starts `workbench` in the repository root without waiting, in a session of its own: for
    /// tests that signal or kill it part way (``BoundedWait`` waits for it; the suite's
    /// ``ReapsChildren`` stops it if the test does not).
    ///
    /// - Parameters:
    ///   - arguments: The command line after `workbench`.
    ///   - stdout: Where its standard output goes (nowhere by default).
    ///   - stderr: Where its standard error goes (nowhere by default).
    /// - Returns: The running process.
    public static func start(
        _ arguments: [String], stdout: SpawnedProcess.Stream = .null, stderr: SpawnedProcess.Stream = .null
    ) throws -> SpawnedProcess {
        let process = try SpawnedProcess(
            executable: executable.path, arguments: arguments, directory: RepositoryFiles.root.path,
            stdout: stdout, stderr: stderr, newSession: true)
        ChildProcesses.track(process, command: ["workbench"] + arguments)
        return process
    }
}

/// What the checkout's `out/` holds, cheaply: `out/` and each entry in it, with its size and
/// modification time (a folder's changes when a file is written in it atomically: a temporary
/// file is made and renamed). A user's `out/` may hold a sweep of 20,000 cells; this reads one
/// level.
enum CheckoutOutput {
    static let folder = RepositoryFiles.root.appendingPathComponent("out")

    static func snapshot() -> [String: String] {
        var files: [String: String] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names + ["."] {
            let attributes = try? FileManager.default.attributesOfItem(
                atPath: folder.appendingPathComponent(name).path)
            let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
            let time = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            files[name] = "\(size) \(time)"
        }
        return files
    }

    /// The entries added, changed or removed since a snapshot, nil when none.
    static func changes(since before: [String: String]) -> String? {
        let after = snapshot()
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
        return changed.isEmpty ? nil : changed.prefix(5).map { "out/\($0)" }.joined(separator: ", ")
    }
}
