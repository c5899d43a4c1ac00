import Foundation
import TestSupport
import Testing

/// A new user's first hour (issue 38), as end-to-end runs of the CLI: each trap they met stays
/// fixed.
@Suite("A new user's first hour: no trap on the way", .reapsChildren)
struct FirstHourTests {
    /// The README's quickstart, run once for the tests that read its outputs (in a temporary
    /// folder kept for the test process, as the peer inputs are).
    static let quickstart: Result<String, any Error> = Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "first-hour-quickstart-\(UUID().uuidString)"
        ).path
        let outcome = try WorkbenchProcess.run([
            "run", "scenarios/quickstart.yaml", "--no-history", "--quiet", "--out", directory,
        ])
        guard outcome.status == 0 else { throw QuickstartFailed(stderr: outcome.stderr) }
        return directory
    }

    struct QuickstartFailed: Error {
        var stderr: String
    }

    /// A file of the quickstart's outputs, as text.
    static func quickstartFile(_ name: String) throws -> String {
        try String(contentsOfFile: "\(try quickstart.get())/\(name)", encoding: .utf8)
    }

    @Test("compound durations are accepted in scenarios and options")
    func compoundDurations() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outcome = try WorkbenchProcess.run([
            "run", "scenarios/quickstart.yaml", "--set", "duration=1h45m", "--no-history", "--quiet", "--out",
            directory.path("q"),
        ])
        #expect(outcome.status <= 1, "\(outcome.stderr)")
        let result = try String(contentsOfFile: directory.path("q/result.json"), encoding: .utf8)
        #expect(result.contains("\"duration_ms\": 6300000"))
    }
}

extension FirstHourTests {
    @Test("the quickstart's report opens with its findings, also in result.json, and has no false alarm")
    func findingsFirst() throws {
        let report = try Self.quickstartFile("report.md")
        let findings = try #require(report.range(of: "## Findings"))
        let settings = try #require(report.range(of: "| setting | value |"))
        #expect(findings.lowerBound < settings.lowerBound)
        #expect(report.contains("times the plan's monthly credits"))
        // No problem, no annualised money-weighted return over two hours.
        #expect(!report.contains("## Problems") && !report.contains("portfolio.irr`"))
        #expect(report.contains("portfolio.irr_period"))
        let result = try Self.quickstartFile("result.json")
        #expect(result.contains("\"rule\": \"credits_over_plan\""))
        #expect(result.contains("\"problems\": [\n  ]"))
    }
}

extension FirstHourTests {
    @Test("plots that would carry nothing are left out with one line saying why")
    func noEmptyPlots() throws {
        let page = try Self.quickstartFile("report.html")
        // Two hours: one daily value, and a chart cache whose hit ratio is the same at every size.
        #expect(!page.contains("aria-label=\"Portfolio value"))
        #expect(page.contains("Portfolio value not drawn: it is valued once a day"))
        #expect(!page.contains("aria-label=\"chart cache: hit ratio by capacity"))
        #expect(page.contains("chart cache: hit ratio by capacity not drawn"))
    }
}

extension FirstHourTests {
    @Test("a misspelt command names the nearest one; the top-level help has examples and the quickstart")
    func unknownCommand() throws {
        let misspelt = try WorkbenchProcess.run(["runn", "scenarios/quickstart.yaml"])
        #expect(misspelt.status == 2)
        #expect(misspelt.stderr.hasPrefix("workbench: unknown command 'runn'; did you mean 'run'?"))
        let help = try WorkbenchProcess.run(["--help"])
        #expect(help.status == 0 && help.stdout.contains("Examples:") && help.stdout.contains("quickstart"))
    }

    @Test(
        "every command's help: examples fit the width (continued with a backslash) and options show defaults",
        arguments: [
            "run", "sweep", "merge", "serve", "record", "check", "scenarios", "compare", "history",
            "downsample",
            "datasets", "generate", "bench",
        ])
    func helpPages(command: String) throws {
        let help = try WorkbenchProcess.run([command, "--help"])
        #expect(help.status == 0)
        var inExamples = false
        for line in help.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("Examples:") { inExamples = true }
            if line.isEmpty || line.hasPrefix("USAGE:") { inExamples = false }
            // An example line wrapped by the help formatter starts at column 0 with no command.
            guard inExamples, !line.isEmpty, !line.hasPrefix("Examples:") else { continue }
            #expect(line.hasPrefix("  "), "\(command): a wrapped example line: \(line)")
        }
        let defaults = [
            "serve": ["(default: 8080)", "default: 1)", "(default: 15)"], "history": ["default: 20)"],
            "bench": ["default: 7)"],
        ]
        for text in defaults[command] ?? [] { #expect(help.stdout.contains(text), "\(command): \(text)") }
    }
}

extension FirstHourTests {
    @Test(
        "downsample reads what the workbench writes (generate's CSV and JSON, series.json) and CoinGecko's CSV"
    )
    func downsampleInputs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let generate = ["generate", "--model", "gbm", "--seed", "3", "--steps", "500"]
        let csv = try WorkbenchProcess.run(generate + ["--out", directory.path("p.csv")])
        let json = try WorkbenchProcess.run(
            generate + ["--format", "json", "--out", directory.path("p.json")])
        #expect(csv.status == 0 && json.status == 0, "\(csv.stderr)\(json.stderr)")
        let fromCSV = try WorkbenchProcess.run([
            "downsample", "--algorithm", "m4", "--n-out", "40", "--input", directory.path("p.csv"),
        ])
        let fromJSON = try WorkbenchProcess.run([
            "downsample", "--algorithm", "m4", "--n-out", "40", "--input", directory.path("p.json"),
        ])
        #expect(fromCSV.status == 0, "\(fromCSV.stderr)")
        #expect(fromCSV.stdout == fromJSON.stdout && fromCSV.stdout.hasPrefix("{\"indices\":[0,"))
        let coingecko = try WorkbenchProcess.run([
            "downsample", "--algorithm", "minmax", "--n-out", "4", "--input",
            "datasets/coingecko/btc-usd-max.csv",
        ])
        #expect(coingecko.status == 0, "\(coingecko.stderr)")
        let series = "\(try Self.quickstart.get())/series.json"
        let unpicked = try WorkbenchProcess.run([
            "downsample", "--algorithm", "lttb", "--n-out", "5", "--input", series,
        ])
        #expect(
            unpicked.status == 2 && unpicked.stderr.contains("pick one with --series KEY (requests_per_60s"))
        let picked = try WorkbenchProcess.run([
            "downsample", "--algorithm", "lttb", "--n-out", "5", "--input", series, "--series",
            "requests_per_60s",
        ])
        #expect(picked.status == 0, "\(picked.stderr)")
        let unknown = try WorkbenchProcess.run(
            ["downsample", "--algorithm", "lttb", "--n-out", "3"], stdin: Data("a,b\n1,2\n".utf8))
        #expect(unknown.status == 2 && unknown.stderr.contains("accepted shapes: JSON"))
        let seriesOfCSV = try WorkbenchProcess.run([
            "downsample", "--algorithm", "lttb", "--n-out", "3", "--input", directory.path("p.csv"),
            "--series",
            "requests_per_60s",
        ])
        #expect(
            seriesOfCSV.status == 2 && seriesOfCSV.stderr.contains("--series applies to a run's series.json"))
    }
}

extension FirstHourTests {
    @Test(
        "history shows pass or fail, says when a later run replaced a report, and refuses an unknown metric")
    func history() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = directory.path("h.sqlite")
        // The second run misses one expectation.
        for (seed, bound) in [("42", "30"), ("2", "1")] {
            let outcome = try WorkbenchProcess.run([
                "run", "scenarios/quickstart.yaml", "--seed", seed, "--history", database, "--out",
                directory.path("q"), "--quiet", "--set", "expect.0=rate_limit.max_per_minute <= \(bound)",
            ])
            #expect(outcome.status <= 1, "\(outcome.stderr)")
        }
        let listed = try WorkbenchProcess.run([
            "history", "--history", database, "--html", directory.path("h.html"),
        ])
        #expect(listed.status == 0, "\(listed.stderr)")
        let lines = listed.stdout.split(separator: "\n")
        #expect(lines.first?.contains("expectations") == true)
        #expect(lines.contains { $0.hasPrefix("2 ") && $0.contains("FAIL (1)") })
        #expect(lines.contains { $0.hasPrefix("1 ") && $0.contains("pass") })
        let page = try String(contentsOfFile: directory.path("h.html"), encoding: .utf8)
        #expect(page.contains("replaced by a later run") && page.contains(">report</a>"))
        let typo = try WorkbenchProcess.run(["history", "--history", database, "--metric", "alerts.fird"])
        #expect(typo.status == 2 && typo.stderr.contains("did you mean 'alerts.fired'?"))
    }
}

extension FirstHourTests {
    @Test("check over the whole library passes on a clean clone: every scenario has golden charts")
    func checkLibrary() throws {
        let files = try FileManager.default.contentsOfDirectory(
            atPath: RepositoryFiles.root.appendingPathComponent("scenarios").path
        ).filter { $0.hasSuffix(".yaml") }.sorted().map { "scenarios/\($0)" }
        let outcome = try WorkbenchProcess.run(["check"] + files)
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        #expect(!outcome.stdout.contains("NEW ") && outcome.stdout.contains("known failure: widget."))
    }
}
