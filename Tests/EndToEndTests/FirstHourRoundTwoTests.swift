import Foundation
import TestSupport
import Testing

/// A new user's first hour, round two (issue 52), as end-to-end runs of the CLI.
@Suite("A new user's first hour, round two")
struct FirstHourRoundTwoTests {
    /// The quickstart's text with `extra` appended, written as a scenario in `directory`.
    static func quickstart(plus extra: String, in directory: TemporaryDirectory, as name: String) throws
        -> String
    {
        let text = try String(
            contentsOf: RepositoryFiles.root.appendingPathComponent("scenarios/quickstart.yaml"),
            encoding: .utf8)
        let withoutKnown = text.components(separatedBy: "\n# Four of seeds")[0]
        let path = directory.path(name)
        try (withoutKnown + "\n" + extra).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("run and sweep exit as check does on known failures, and say so; one that holds again fails")
    func knownFailures() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missed = try Self.quickstart(
            plus: "  - charts.renders >= 500\nknown_failures: [\"charts.renders >= 500\"]\n", in: directory,
            as: "missed.yaml")
        let run = try WorkbenchProcess.run(["run", missed, "--no-history", "--out", directory.path("run")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("  known failure: charts.renders >= 500: got 7"))
        let result = try String(contentsOfFile: directory.path("run/result.json"), encoding: .utf8)
        #expect(result.contains("\"passed\": true") && result.contains("\"known_failure\": true"))
        let report = try String(contentsOfFile: directory.path("run/report.md"), encoding: .utf8)
        #expect(report.contains("- known failure: `charts.renders >= 500`"))
        let sweep = try WorkbenchProcess.run([
            "sweep", missed, "--seeds", "1..3", "--quiet", "--out", directory.path("sweep"),
        ])
        #expect(sweep.status == 0, "\(sweep.stderr)")

        let holds = try Self.quickstart(
            plus: "known_failures: [\"charts.renders >= 5\"]\n", in: directory, as: "holds.yaml")
        let again = try WorkbenchProcess.run(["run", holds, "--no-history", "--out", directory.path("again")])
        #expect(again.status == 1)
        #expect(again.stdout.contains("  FAIL (known failure now holds): charts.renders >= 5"))
        let check = try WorkbenchProcess.run([
            "check", holds, "--golden-dir", directory.path("golden"), "--record",
        ])
        #expect(check.status == 0, "\(check.stderr)")
        let checked = try WorkbenchProcess.run(["check", holds, "--golden-dir", directory.path("golden")])
        #expect(
            checked.status == 1
                && checked.stdout.contains("charts.renders >= 5 now holds; remove it from known_failures"))
    }
}
