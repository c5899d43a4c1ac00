import CommandLineShell
import Foundation
import TestSupport
import Testing

/// Runs cut short say so, one writer per output folder, and secrets read in bounded time
/// (issue 65, items 3 to 5). docs/errors-and-limits.md, "Signals", lists what these check.
@Suite("Runs cut short say so; one writer a folder; secrets in bounded time", .serialized, .reapsChildren)
struct StoppedRunTests {
    /// The quickstart for two years: minutes in a debug build and about 20 s in a release one
    /// (`scripts/test.sh --fast`), so a signal a second in lands mid-run in both (the run looks
    /// every 1,024 events). A month took 0.4 s in a release build: over before the signal.
    static let twoYears = ["scenarios/quickstart.yaml", "--set", "duration=730d"]

    /// Starts `workbench ARGUMENTS`, sends `signal` once `ready` holds (or after a second),
    /// and returns its status and standard error.
    static func interrupted(
        _ arguments: [String], signal: Int32, in folder: TemporaryDirectory, ready: () -> Bool = { true }
    ) throws -> (status: Int32, stderr: String) {
        let errors = folder.path("stderr-\(UUID().uuidString)")
        let process = try WorkbenchProcess.start(arguments, stderr: .file(errors))
        _ = BoundedWait.until(120) { ready() || !process.isRunning }
        usleep(1_000_000)
        process.signal(signal)
        let status = try BoundedWait.exit(
            of: process, within: 120, "workbench \(arguments[0]) after a signal")
        return (status, (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
    }

    @Test("run stopped by Ctrl-C writes its reports, marked stopped early, and exits 130")
    func runStopped() throws {
        let signal = SIGINT
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let out = folder.path("run")
        let (status, stderr) = try Self.interrupted(
            ["run"] + Self.twoYears + ["--out", out, "--no-history", "--quiet"], signal: signal, in: folder)
        #expect(status == 128 + signal, "\(stderr)")
        let name = StopSignals.name(signal)
        #expect(stderr.contains("stopped early by \(name)") && stderr.contains("stopped_early"), "\(stderr)")
        let json = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: "\(out)/result.json")))
                as? [String: Any])
        let stopped = try #require(json["stopped_early"] as? [String: Any])
        #expect(stopped["reason"] as? String == name)
        let covered = try #require(stopped["covered_ms"] as? Int)
        #expect(covered > 0 && covered < 730 * 86_400_000, "the two years were cut short: \(covered) ms")
        #expect(json["passed"] as? Bool == false)
        // Rates cover the span reached, recomputed from the count and the span.
        let metrics = try #require(json["metrics"] as? [String: Any])
        let requests = try #require(metrics["rate_limit.requests"] as? Double)
        let perHour = try #require(metrics["rate_limit.requests_per_hour"] as? Double)
        #expect(
            abs(perHour - requests / (Double(covered) / 3_600_000)) < 1e-9 * max(perHour, 1), "\(perHour)")
        let report = try String(contentsOfFile: "\(out)/report.md", encoding: .utf8)
        let lines = report.split(separator: "\n")
        #expect(lines.count > 2 && lines[1].hasPrefix("**Stopped early by \(name) at "), "\(lines.prefix(3))")
        #expect(report.contains("(expectations): not passed (stopped early)") || report.contains("FAILED"))
        let html = try String(contentsOfFile: "\(out)/report.html", encoding: .utf8)
        #expect(html.contains("Stopped early by \(name)"))
    }

    @Test(
        "live stopped by SIGTERM (a CI timeout) or SIGHUP (a closed terminal) writes what it measured, marked stopped early",
        arguments: [SIGTERM, SIGHUP])
    func liveStopped(signal: Int32) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let out = folder.path("live")
        let (status, stderr) = try Self.interrupted(
            [
                "live", "scenarios/quickstart.yaml", "--against", "http://127.0.0.1:1/api/v3", "--skip-check",
                "--out", out,
                "--quiet",
            ],
            signal: signal, in: folder)
        let name = StopSignals.name(signal)
        #expect(status == 128 + signal, "\(stderr)")
        let result = try String(contentsOfFile: "\(out)/result.json", encoding: .utf8)
        #expect(result.contains(#""reason": "\#(name)""#), "\(result.prefix(600))")
        #expect(
            try String(contentsOfFile: "\(out)/report.md", encoding: .utf8).contains(
                "Stopped early by \(name)"))
    }

    @Test(
        "sweep stopped by SIGINT keeps its finished cells, writes no summary, and prints the command that resumes"
    )
    func sweepStopped() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let out = folder.path("sweep")
        let arguments = [
            "sweep", "scenarios/quickstart.yaml", "--seeds", "1..4000", "--out", out, "--quiet", "--jobs",
            "2",
        ]
        let (status, stderr) = try Self.interrupted(arguments, signal: SIGINT, in: folder) {
            FileManager.default.fileExists(atPath: "\(out)/plan.json")
        }
        #expect(status == 130, "\(stderr)")
        #expect(
            stderr.contains("stopped by SIGINT") && stderr.contains("cells are kept in \(out)"), "\(stderr)")
        #expect(
            stderr.contains(
                "workbench sweep scenarios/quickstart.yaml --seeds 1..4000 --out \(out) --quiet --jobs 2 --resume"
            ), "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(out)/summary.json"))
    }

    @Test("fleet stopped by SIGTERM says which arms are kept and how to continue")
    func fleetStopped() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let out = folder.path("fleet")
        let (status, stderr) = try Self.interrupted(
            ["fleet", "fleets/plan-choice.yaml", "--users", "2000", "--out", out, "--quiet"], signal: SIGTERM,
            in: folder)
        #expect(status == 128 + SIGTERM, "\(stderr)")
        #expect(
            stderr.contains("fleet: stopped by SIGTERM") && stderr.contains("arms are kept in \(out)"),
            "\(stderr)")
        #expect(stderr.contains("--resume`"), "\(stderr)")
    }

    @Test(
        "a second run or fleet into a folder another is writing is refused with exit 2; the first is untouched"
    )
    func oneWriterAFolder() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let out = folder.path("shared")
        let first = try WorkbenchProcess.start(
            ["run"] + Self.twoYears + ["--out", out, "--no-history", "--quiet"])
        #expect(BoundedWait.until(60) { FileManager.default.fileExists(atPath: out) })
        let second = try WorkbenchProcess.run([
            "run", "scenarios/quickstart.yaml", "--out", out, "--no-history",
        ])
        #expect(
            second.status == 2
                && second.stderr.contains("--out \(out): another workbench command is writing into it"),
            "\(second.stderr)")
        let fleet = try WorkbenchProcess.run([
            "fleet", "fleets/keyless-day.yaml", "--users", "2", "--out", out,
        ])
        #expect(fleet.status == 2 && fleet.stderr.contains("another workbench command"), "\(fleet.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "\(out)/fleet.json"))
        first.signal(SIGTERM)
        #expect(try BoundedWait.exit(of: first, within: 120, "the first run after SIGTERM") == 128 + SIGTERM)
        let result = try String(contentsOfFile: "\(out)/result.json", encoding: .utf8)
        #expect(result.contains(#""duration_ms": 63072000000"#), "the first run's files, not the second's")
    }

    @Test(
        "key files: a FIFO without a writer fails in bounded time; <(cmd) works; control characters and bad UTF-8 are refused by length"
    )
    func secrets() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let fifo = folder.path("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let live = [
            "live", "scenarios/quickstart.yaml", "--against", "http://127.0.0.1:1/api/v3", "--quiet",
            "--skip-check",
        ]
        let blocked = try WorkbenchProcess.run(live + ["--api-key-file", fifo], timeout: 60)
        #expect(
            blocked.status == 2
                && blocked.stderr.contains("--api-key-file \(fifo): nothing came whole within"),
            "\(blocked.stderr)")
        for (name, bytes, expected) in [
            ("control", Array("CG-canary\u{1}key".utf8), "has a control character"),
            ("latin1", Array("CG-canary".utf8) + [0xFF, 0x41], "not UTF-8 text (11 bytes)"),
        ] {
            try Data(bytes).write(to: URL(fileURLWithPath: folder.path(name)))
            let refused = try WorkbenchProcess.run(live + ["--api-key-file", folder.path(name)])
            #expect(refused.status == 2 && refused.stderr.contains(expected), "\(name): \(refused.stderr)")
            #expect(!refused.stderr.contains("canary"), "\(name): the key's text was printed")
        }
        // A pipe with a writer (what `<(cmd)` gives) is read as before.
        let script = folder.path("pipe.sh")
        try """
        exec "$1" live scenarios/quickstart.yaml --against http://127.0.0.1:1/api/v3 --skip-check --quiet --speed 1000000 \\
            --out "$2" --api-key-file <(printf 'CG-abcdefgh12345678')
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let process = try SpawnedProcess(
            executable: "/bin/bash",
            arguments: [script, WorkbenchProcess.executable.path, folder.path("piped")],
            directory: RepositoryFiles.root.path, newSession: true)
        ChildProcesses.track(process, command: ["bash", script])
        let status = try BoundedWait.exit(of: process, within: 120, "live with <(cmd)")
        #expect(status != 2, "the key from a pipe was refused")
        #expect(FileManager.default.fileExists(atPath: folder.path("piped/result.json")))
    }
}
