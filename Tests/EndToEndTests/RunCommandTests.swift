import Foundation
import TestSupport
import Testing

@Suite("workbench run, scenarios, compare, history", .reapsChildren)
struct RunCommandTests {
    @Test(
        "the README's quickstart: run writes result.json, report.md, report.html (and timings.json), the same bytes twice"
    )
    func quickstart() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var outputs: [[String: Data]] = []
        for attempt in 0..<2 {
            let out = directory.path("run\(attempt)")
            let outcome = try WorkbenchProcess.run([
                "run", "scenarios/quickstart.yaml", "--out", out, "--history",
                directory.path("history.sqlite"), "--quiet",
            ])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout.hasPrefix("quickstart: seed 42,"))
            var files: [String: Data] = [:]
            for name in ["result.json", "report.md", "report.html", "series.json", "timings.json"] {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(name)"))
            }
            outputs.append(files)
        }
        for name in ["result.json", "report.md", "report.html", "series.json"] {
            #expect(outputs[0][name] == outputs[1][name], "\(name)")
        }
        // The JSON the run moved: every answer the app received (157 requests, none timed out),
        // and the server's answers less the one from its CDN cache (server.served); the same
        // bytes in both runs.
        let json = try outputs.map { files in
            let timings = try #require(
                JSONSerialization.jsonObject(with: files["timings.json"]!) as? [String: Any])
            return try #require(timings["json"] as? [String: [String: Int]])
        }
        #expect(json[0]["app_received"]?["bodies"] == 157 && json[0]["server_answered"]?["bodies"] == 156)
        #expect(json[0] == json[1] && (json[0]["app_received"]?["bytes"] ?? 0) > 100_000, "\(json)")
        // The goldens ReportTests checks in process are what the command writes.
        for (name, golden) in [
            ("result.json", "quickstart-result.json"), ("report.md", "quickstart-report.md"),
        ] {
            let expected = try Data(
                contentsOf: RepositoryFiles.root.appendingPathComponent("Tests/Fixtures/golden/\(golden)"))
            #expect(outputs[0][name] == expected, "\(name) differs from \(golden)")
        }
        let history = try WorkbenchProcess.run(["history", "--history", directory.path("history.sqlite")])
        #expect(history.status == 0)
        #expect(history.stdout.split(separator: "\n").count == 3)  // header and two runs
        let page = directory.path("pages/history.html")
        let withPage = try WorkbenchProcess.run([
            "history", "--history", directory.path("history.sqlite"), "--html", page, "--metric",
            "cache.hit_ratio",
        ])
        #expect(withPage.status == 0, "\(withPage.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(
            html.contains("href=\"../run0/report.html\"") && html.contains("href=\"../run1/report.html\""))
        #expect(html.contains("cache.hit_ratio across 2 runs"))
        let compare = try WorkbenchProcess.run(["compare", directory.path("run0"), directory.path("run1")])
        #expect(
            compare.stdout.hasPrefix("settings: the same scenario, seed and settings\n")
                && compare.stdout.hasSuffix("no metric both runs have differs\n"), "\(compare.stdout)")
        let comparison = directory.path("compare.html")
        let compared = try WorkbenchProcess.run([
            "compare", directory.path("run0"), directory.path("run1"), "--all", "--html", comparison,
        ])
        #expect(compared.status == 0, "\(compared.stderr)")
        let comparisonPage = try String(contentsOfFile: comparison, encoding: .utf8)
        #expect(comparisonPage.contains("Metrics that changed (0 of "))
        #expect(
            comparisonPage.contains("Time series, A and B overlaid")
                && comparisonPage.contains("Requests in the 60 s window"))
    }

    @Test("compare reads each metric's unit, from result.json and from the history, and sorts by change")
    func compareWithUnits() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for (name, preset) in [("built", "bitpal"), ("spec", "spec")] {
            let outcome = try WorkbenchProcess.run([
                "run", "scenarios/quickstart.yaml", "--set", "policies.preset=\(preset)", "--out",
                directory.path(name), "--history", directory.path("history.sqlite"), "--quiet",
            ])
            #expect(outcome.status == 0, "\(outcome.stderr)")
        }
        let fromFiles = try WorkbenchProcess.run(["compare", directory.path("built"), directory.path("spec")])
        let fromHistory = try WorkbenchProcess.run([
            "compare", "1", "2", "--history", directory.path("history.sqlite"),
        ])
        #expect(fromFiles.status == 0 && fromHistory.status == 0, "\(fromFiles.stderr)\(fromHistory.stderr)")
        // Settings first: the runs differ in policies only, so the comparison is fair (no
        // warning), and one line names the better run on the measures that matter.
        #expect(fromFiles.stdout.hasPrefix("settings that differ:\n"), "\(fromFiles.stdout)")
        #expect(fromFiles.stdout.contains("\nlimiter "), "\(fromFiles.stdout)")
        #expect(!fromFiles.stderr.contains("kinds of setting"), "\(fromFiles.stderr)")
        #expect(fromFiles.stdout.contains("\nverdict: "), "\(fromFiles.stdout)")
        let rows = fromFiles.stdout.split(separator: "\n").map(String.init)
        // A ratio shows as a percentage with a delta in points; times in seconds; counts bare.
        let hitRatio = try #require(rows.first { $0.hasPrefix("cache.hit_ratio ") })
        #expect(hitRatio.contains(" %") && hitRatio.contains(" pp"), "\(hitRatio)")
        let requests = try #require(rows.first { $0.hasPrefix("rate_limit.requests ") })
        let requestCells = requests.split(separator: " ", omittingEmptySubsequences: true)
        #expect(
            requestCells.count >= 3 && !requestCells[1].contains("%") && !requestCells[2].contains("s"),
            "\(requests)")
        if let wait = rows.first(where: { $0.hasPrefix("rate_limit.wait_s ") }) {
            #expect(wait.contains(" s"), "\(wait)")
        }
        // Runs from the history carry the same units and values, with ids for headers.
        let cells = { (output: String) in
            // From the summary line on (a history run has no settings to show), without the
            // headers, which name the runs by path or id.
            output.split(separator: "\n").drop { !$0.contains("metric(s) changed") }
                .filter { !$0.hasPrefix("metric ") }.map {
                    $0.split(separator: " ", omittingEmptySubsequences: true)
                }
        }
        let same = cells(fromHistory.stdout) == cells(fromFiles.stdout)
        #expect(same, "history:\n\(fromHistory.stdout)")
    }

    @Test("compare reads 17-digit numbers exactly (JSONSerialization on Linux would merge these two)")
    func compareRoundsExactly() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for (name, value) in [("a", "67932933937.549774"), ("b", "67932933937.54978")] {
            try Data(#"{"metrics": {"portfolio.value": \#(value)}}"#.utf8)
                .write(to: URL(fileURLWithPath: directory.path("\(name).json")))
        }
        let outcome = try WorkbenchProcess.run([
            "compare", directory.path("a.json"), directory.path("b.json"),
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        // Read apart (merged, they would be equal), and a change too small to show (issue 52).
        #expect(
            outcome.stdout.contains("1 differ by less than 0.05 % (counted as unchanged)"),
            "\(outcome.stdout)")
        let all = try WorkbenchProcess.run([
            "compare", directory.path("a.json"), directory.path("b.json"), "--all",
        ])
        #expect(all.stdout.contains("portfolio.value"), "\(all.stdout)")
    }

    @Test("a malformed scenario exits 2 naming file, line and key; a failed expectation exits 1")
    func exitCodes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bad = directory.path("bad.yaml")
        try Data(
            "duration: 1h\nmarket:\n  coins:\n    - {id: bitcoin, price: 42000}\npolicies:\n  limiter: fast\n"
                .utf8
        )
        .write(to: URL(fileURLWithPath: bad))
        let invalid = try WorkbenchProcess.run(["run", bad, "--no-history", "--quiet"])
        #expect(invalid.status == 2)
        #expect(
            invalid.stderr.contains(
                "bad.yaml:6:12: policies.limiter: expected one of bitpal, spacing, token-bucket, sliding-window, found 'fast'"
            ))
        let validate = try WorkbenchProcess.run(["scenarios", "validate", bad, "scenarios/quickstart.yaml"])
        #expect(validate.status == 2 && validate.stdout.contains("ok  scenarios/quickstart.yaml"))
        let failing = try WorkbenchProcess.run([
            "run", "scenarios/quickstart.yaml", "--set", "expect.0=charts.renders >= 1000", "--out",
            directory.path("out"),
            "--no-history", "--quiet",
        ])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("FAIL charts.renders >= 1000: got"))
        let missing = try WorkbenchProcess.run(["run", "scenarios/nope.yaml", "--no-history"])
        #expect(missing.status == 2 && missing.stderr.contains("scenarios/nope.yaml: no such file"))
    }

    @Test("scenarios list names every scenario with its question")
    func list() throws {
        let outcome = try WorkbenchProcess.run(["scenarios", "list"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.split(separator: "\n").count == 16)
        #expect(outcome.stdout.contains("bitpal-as-built"))
    }
}
