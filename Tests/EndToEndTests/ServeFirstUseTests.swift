import CommandLineShell
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `workbench serve` on first use (issue 52, items 1 and 2): help and bad input answer before
/// anything is built; the build is watched, and when it dies or `workbench` is told to stop,
/// everything it started stops with it.
///
/// Each test makes up a checkout (a `Package.swift`, a copy of the built `workbench` in
/// `.build/debug`, an empty `Server/`) and a `swift` on `PATH` that plays the build.
@Suite("workbench serve on first use: help builds nothing, and the build is watched", .reapsChildren)
struct ServeFirstUseTests {
    struct Checkout {
        let directory: TemporaryDirectory
        var root: URL { directory.url }
        var binary: URL { root.appendingPathComponent(".build/debug/workbench") }
        var marker: String { directory.path("orphan.pid") }
        /// PATH with the made-up `swift` first.
        var environment: [String: String] {
            [
                "PATH": directory.path("bin") + ":"
                    + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            ]
        }

        /// A checkout whose `swift build` runs `script` (sh; `$3` is the server package's path).
        init(swiftScript script: String) throws {
            directory = try TemporaryDirectory()
            let manager = FileManager.default
            for folder in [".build/debug", "Server", "bin", "scenarios"] {
                try manager.createDirectory(
                    at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            try "// a made-up checkout\n".write(
                to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            try "// the server package\n".write(
                to: root.appendingPathComponent("Server/Package.swift"), atomically: true, encoding: .utf8)
            try manager.copyItem(at: WorkbenchProcess.executable, to: binary)
            try manager.copyItem(
                at: RepositoryFiles.root.appendingPathComponent("scenarios/quickstart.yaml"),
                to: root.appendingPathComponent("scenarios/quickstart.yaml"))
            let swift = directory.path("bin/swift")
            try "#!/bin/sh\n\(script)\n".write(toFile: swift, atomically: true, encoding: .utf8)
            chmod(swift, 0o755)
        }

        func run(_ arguments: [String]) throws -> WorkbenchProcess.Outcome {
            try WorkbenchProcess.run(
                arguments, directory: root, timeout: 120, executable: binary, environment: environment)
        }

        /// The orphan the made-up build left, once it has written its pid.
        func orphan() -> pid_t? {
            (try? String(contentsOfFile: marker, encoding: .utf8)).flatMap {
                pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
    }

    /// Whether a process is alive (not gone, not a zombie).
    static func isAlive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        guard let end = stat.range(of: ") ", options: .backwards) else { return false }
        return !stat[end.upperBound...].hasPrefix("Z")
    }

    /// Waits up to `seconds` for a condition.
    static func eventually(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    @Test("--help, a mistyped option and a bad scenario answer at once and build nothing")
    func helpBuildsNothing() throws {
        let checkout = try Checkout(swiftScript: "echo built > \"$3/../built\"")
        defer { checkout.directory.remove() }
        let help = try checkout.run(["serve", "--help"])
        #expect(help.status == 0, "\(help.stderr)")
        #expect(help.stdout.contains("--key-plan") && help.stdout.contains("--no-admin"))
        #expect(help.stdout.contains("build it ahead with `scripts/setup.sh"))
        let option = try checkout.run(["serve", "scenarios/quickstart.yaml", "--port", "x"])
        #expect(option.status == 2 && option.stderr.contains("--port"), "\(option.stderr)")
        let scenario = try checkout.run(["serve", "scenarios/nope.yaml"])
        #expect(scenario.status == 2 && scenario.stderr.contains("scenarios/nope.yaml"), "\(scenario.stderr)")
        #expect(!FileManager.default.fileExists(atPath: checkout.directory.path("built")))
        #expect(!FileManager.default.fileExists(atPath: checkout.directory.path("Server/.build")))
    }

    @Test("a build that dies is noticed: what it started is stopped, and the message names the log")
    func buildDies() throws {
        let checkout = try Checkout(
            swiftScript: "echo '[1/9] Compiling'\nsleep 300 &\necho $! > \"$3/../orphan.pid\"\nkill -9 $$")
        defer { checkout.directory.remove() }
        let outcome = try checkout.run(["serve", "scenarios/quickstart.yaml", "--port", "0"])
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains("building workbench-serve was killed by signal 9"), "\(outcome.stderr)")
        #expect(
            outcome.stderr.contains("Server/.build/workbench-serve-build.log")
                && outcome.stderr.contains("[1/9] Compiling"))
        let orphan = try #require(checkout.orphan())
        #expect(Self.eventually(5) { !Self.isAlive(orphan) }, "the build's child \(orphan) is still running")
    }

    @Test("SIGTERM to workbench during the build stops the build and what it started")
    func stoppedDuringTheBuild() throws {
        let checkout = try Checkout(
            swiftScript: "echo '[1/9] Compiling'\nsleep 300 &\necho $! > \"$3/../orphan.pid\"\nwait")
        defer { checkout.directory.remove() }
        let process = try SpawnedProcess(
            executable: checkout.binary.path, arguments: ["serve", "scenarios/quickstart.yaml"],
            directory: checkout.root.path, environment: checkout.environment)
        ChildProcesses.track(process, command: ["workbench", "serve"])
        #expect(Self.eventually(60) { checkout.orphan() != nil })
        process.signal(SIGTERM)
        let status = try BoundedWait.exit(of: process, within: 30, "workbench to exit after SIGTERM")
        #expect(status == 128 + SIGTERM)
        let orphan = try #require(checkout.orphan())
        #expect(Self.eventually(5) { !Self.isAlive(orphan) }, "the build's child \(orphan) is still running")
    }

    @Test("a closed standard error does not stop the build; the built server is run with the arguments")
    func closedStandardError() throws {
        let checkout = try Checkout(
            swiftScript: """
                echo '[1/2] Compiling'
                sleep 1
                mkdir -p "$3/.build/debug"
                cat > "$3/.build/debug/workbench-serve" <<'SERVER'
                #!/bin/sh
                echo served "$@"
                SERVER
                chmod +x "$3/.build/debug/workbench-serve"
                echo '[2/2] Linking'
                """)
        defer { checkout.directory.remove() }
        let output = checkout.directory.path("stdout")
        let process = try SpawnedProcess(
            executable: checkout.binary.path,
            arguments: ["serve", "scenarios/quickstart.yaml", "--port", "0"],
            directory: checkout.root.path, stdout: .file(output), stderr: .pipe,
            environment: checkout.environment)
        ChildProcesses.track(process, command: ["workbench", "serve"])
        try process.standardError?.close()
        let status = try BoundedWait.exit(of: process, within: 60, "the built server's stand-in")
        #expect(status == 0)
        let printed = try String(contentsOfFile: output, encoding: .utf8)
        #expect(printed == "served scenarios/quickstart.yaml --port 0\n")
    }
}
