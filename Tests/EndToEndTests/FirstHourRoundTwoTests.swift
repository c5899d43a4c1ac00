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

extension FirstHourRoundTwoTests {
    @Test("a scenario's relative paths resolve against its project folder from any working directory")
    func pathsResolveAgainstTheProjectFolder() throws {
        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.remove() }
        let library = RepositoryFiles.root.appendingPathComponent("scenarios")
        // The library from another folder: market.directory, universe.from and listed: recorded.
        for file in ["top-50-watchlist.yaml", "bitpal-as-built.yaml"] {
            let outcome = try WorkbenchProcess.run(
                ["run", library.appendingPathComponent(file).path, "--no-history", "--quiet", "--out", "o"],
                directory: elsewhere.url)
            #expect(outcome.status == 0, "\(file): \(outcome.stderr)")
        }
        let checked = try WorkbenchProcess.run(
            ["check", library.appendingPathComponent("chart-regression.yaml").path], directory: elsewhere.url)
        #expect(checked.status == 0, "\(checked.stdout)\(checked.stderr)")

        // A scenario kept beside its own data resolves against its own project folder, named
        // relative to the working directory in messages.
        let project = elsewhere.url.appendingPathComponent("mine")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("datasets"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("scenarios/nested"), withIntermediateDirectories: true)
        try "name: m\nduration: 1h\nmarket: {source: fixtures, directory: datasets/missing}\n".write(
            to: project.appendingPathComponent("scenarios/nested/m.yaml"), atomically: true, encoding: .utf8)
        let missing = try WorkbenchProcess.run(
            ["run", "mine/scenarios/nested/m.yaml", "--no-history"], directory: elsewhere.url)
        #expect(missing.status == 2)
        #expect(
            missing.stderr.contains(
                "mine/scenarios/nested/m.yaml:3:39: market.directory: no such file or directory 'datasets/missing' "
                    + "in the project folder 'mine'"), "\(missing.stderr)")
        // '..' out of it, through a symbolic link, and an absolute path are refused, naming the base.
        try FileManager.default.createSymbolicLink(
            atPath: project.appendingPathComponent("datasets/link").path,
            withDestinationPath: RepositoryFiles.root.appendingPathComponent("datasets").path)
        for (directory, words) in [
            ("../..", "'../..' is outside the project folder 'mine'"),
            ("datasets/link/coingecko", "'datasets/link/coingecko' is outside the project folder 'mine'"),
            ("/etc", "'/etc' is absolute; give a path relative to the project folder 'mine'"),
        ] {
            try "name: m\nduration: 1h\nmarket: {source: fixtures, directory: \(directory)}\n".write(
                to: project.appendingPathComponent("scenarios/nested/m.yaml"), atomically: true,
                encoding: .utf8)
            let refused = try WorkbenchProcess.run(
                ["scenarios", "validate", "mine/scenarios/nested/m.yaml"], directory: elsewhere.url)
            #expect(refused.status == 2 && refused.stderr.contains(words), "\(refused.stderr)")
        }
    }
}
