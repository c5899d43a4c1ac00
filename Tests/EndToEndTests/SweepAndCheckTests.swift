import Foundation
import TestSupport
import Testing

@Suite("workbench sweep and check", .reapsChildren)
struct SweepAndCheckTests {
    @Test("a sweep over 20 seeds prints percentiles; per-seed results are identical whatever --jobs is")
    func sweep() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for jobs in ["1", "2"] {
            let outcome = try WorkbenchProcess.run([
                "sweep", "scenarios/quickstart.yaml", "--seeds", "1..20", "--jobs", jobs, "--out",
                directory.path("jobs\(jobs)"),
                "--quiet",
            ])
            #expect(outcome.status <= 1, "\(outcome.stderr)")
            #expect(outcome.stdout.hasPrefix("20 runs (1 combination(s) x 20 seeds)"))
            #expect(outcome.stdout.contains("combination  metric") && outcome.stdout.contains("p95"))
        }
        for seed in 1...20 {
            let one = try Data(
                contentsOf: URL(fileURLWithPath: directory.path("jobs1/base/seed-\(seed)/result.json")))
            let two = try Data(
                contentsOf: URL(fileURLWithPath: directory.path("jobs2/base/seed-\(seed)/result.json")))
            #expect(one == two, "seed \(seed)")
        }
        let summary = try String(contentsOfFile: directory.path("jobs1/summary.json"), encoding: .utf8)
        #expect(summary.contains("\"rate_limit.max_per_minute\": {\"min\": "))
        let page = try String(contentsOfFile: directory.path("jobs1/summary.html"), encoding: .utf8)
        #expect(
            page.contains("<h2>Distributions across seeds</h2>")
                && page.contains("aria-label=\"cache.hit_ratio\""))
        for name in ["summary.json", "summary.md", "summary.html"] {
            let (one, two) = (
                try Data(contentsOf: URL(fileURLWithPath: directory.path("jobs1/\(name)"))),
                try Data(contentsOf: URL(fileURLWithPath: directory.path("jobs2/\(name)")))
            )
            #expect(one == two, "\(name)")
        }
    }

    @Test("a sweep counts passes and failures per combination, lists the failing seeds, and exits 1")
    func verdicts() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // The quickstart's seed 2 fires no alert: `alerts.fired >= 1` fails there only.
        let outcome = try WorkbenchProcess.run([
            "sweep", "scenarios/quickstart.yaml", "--seeds", "1..5", "--out", directory.path("s"), "--quiet",
            // Bitcoin starts below this bound on seed 2 only, so its alert does not fire there.
            "--set", "alerts.0.above=40000",
        ])
        #expect(outcome.status == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("1 cell(s) did not meet their expectations"))
        let label = "alerts.0.above=40000"
        let row = outcome.stdout.split(separator: "\n").first { $0.hasPrefix("\(label) ") }
        #expect(row?.split(separator: " ", omittingEmptySubsequences: true) == ["\(label)", "4", "1", "2"])
        let summary = try String(contentsOfFile: directory.path("s/summary.json"), encoding: .utf8)
        #expect(summary.contains("\"passed\": false"))
        #expect(summary.contains("\"failed\": 1") && summary.contains("\"failing_seeds\": [2]"))
        let markdown = try String(contentsOfFile: directory.path("s/summary.md"), encoding: .utf8)
        #expect(markdown.contains("| \(label) | 4 | 1 | 2 |"))
        // Seeds that all pass exit 0.
        let passing = try WorkbenchProcess.run([
            "sweep", "scenarios/quickstart.yaml", "--seeds", "3..4", "--out", directory.path("p"), "--quiet",
        ])
        #expect(passing.status == 0, "\(passing.stderr)")
    }

    @Test(
        "a million-seed plan runs shard by shard: one process runs only its share; plan.json keeps the range")
    func limitsPerProcess() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Shard 7 of 250,000 holds positions 6, 250,006, 500,006 and 750,006: seeds 7, 250,007, ...
        let outcome = try WorkbenchProcess.run([
            "sweep", "scenarios/quickstart.yaml", "--seeds", "1..1000000", "--shard", "7/250000", "--out",
            directory.path("s"), "--quiet",
        ])
        #expect([0, 1].contains(outcome.status), "\(outcome.stderr)")
        let cells = try FileManager.default.contentsOfDirectory(atPath: directory.path("s/base"))
        #expect(cells.sorted() == ["seed-250007", "seed-500007", "seed-7", "seed-750007"], "\(cells)")
        let plan = try String(contentsOfFile: directory.path("s/plan.json"), encoding: .utf8)
        #expect(plan.contains("1000000") && plan.utf8.count < 2_000, "\(plan)")
    }

    @Test(
        "--keep-results all, failed or none: the same summary from sweep.sqlite; result.json only where kept")
    func keptResults() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var summaries: [String: String] = [:]
        // The quickstart's seed 2 fails `alerts.fired >= 1`; seeds 1 and 3 pass.
        for kept in ["all", "failed", "none"] {
            let outcome = try WorkbenchProcess.run([
                "sweep", "scenarios/quickstart.yaml", "--seeds", "1..3", "--keep-results", kept, "--out",
                directory.path(kept), "--quiet", "--set", "alerts.0.above=40000",
            ])
            #expect(outcome.status == 1, "\(outcome.stderr)")
            // With nothing kept, no cell folder is made at all.
            let cells =
                ((try? FileManager.default.contentsOfDirectory(
                    atPath: directory.path("\(kept)/alerts.0.above=40000"))) ?? [])
                .sorted()
            let withResults = cells.filter {
                FileManager.default.fileExists(
                    atPath: directory.path("\(kept)/alerts.0.above=40000/\($0)/result.json"))
            }
            let expected = ["all": ["seed-1", "seed-2", "seed-3"], "failed": ["seed-2"], "none": []][kept]
            #expect(withResults == expected, "\(kept): \(withResults)")
            summaries[kept] = try String(
                contentsOfFile: directory.path("\(kept)/summary.json"), encoding: .utf8)
        }
        #expect(summaries["all"] == summaries["failed"] && summaries["all"] == summaries["none"])
        let defaulted = try WorkbenchProcess.run([
            "sweep", "scenarios/quickstart.yaml", "--seeds", "3..3", "--out", directory.path("d"), "--quiet",
        ])
        #expect(
            defaulted.stdout.contains("every cell's result.json kept (the default"), "\(defaulted.stdout)")
    }

    @Test(
        "a failing sweep's JUnit report fails its combination with the seeds and a rerun command a shell takes"
    )
    func failingSweepJUnit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // 157 requests at a 30 s refresh, 88 at 60 s: the bound fails the first combination only.
        let junit = directory.path("sweep.xml")
        let outcome = try WorkbenchProcess.run([
            "sweep", "scenarios/quickstart.yaml", "--seeds", "1..2", "--out", directory.path("s"), "--quiet",
            "--set", "policies.refresh_interval=30s,60s", "--set", "expect.0=rate_limit.requests <= 140",
            "--junit", junit,
        ])
        #expect(outcome.status == 1, "\(outcome.stderr)")
        let report = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(report.contains("tests=\"2\" failures=\"1\""))
        #expect(report.contains("2 of 2 cells did not meet the expectations of scenarios/quickstart.yaml"))
        #expect(report.contains("failing seeds: 1, 2"))
        // The rerun command is quoted for a shell: the bound's spaces and '<' stay one word.
        #expect(
            report.contains(
                "run one again with: workbench run scenarios/quickstart.yaml --seed 1 --set "
                    + "policies.refresh_interval=30s --set &#39;expect.0=rate_limit.requests &lt;= 140&#39;"),
            "\(report)")
        #expect(
            report.contains(
                "<testcase name=\"policies.refresh_interval=60s,expect.0=rate_limit.requests &lt;= 140\" classname=\"sweep\"/>"
            ))
    }

    @Test("a grid of overrides runs every combination")
    func grid() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outcome = try WorkbenchProcess.run([
            "sweep", "scenarios/quickstart.yaml", "--seeds", "1..2", "--set",
            "policies.limiter=bitpal,spacing",
            "--set", "plan=demo-30,seed-50", "--out", directory.path("grid"), "--quiet",
        ])
        #expect(outcome.status <= 1, "\(outcome.stderr)")
        #expect(outcome.stdout.hasPrefix("8 runs (4 combination(s) x 2 seeds)"))
        #expect(
            FileManager.default.fileExists(
                atPath: directory.path("grid/policies.limiter=spacing,plan=seed-50/seed-2/result.json")))
        let bad = try WorkbenchProcess.run(["sweep", "scenarios/quickstart.yaml", "--seeds", "5..1"])
        #expect(bad.status == 2 && bad.stderr.contains("--seeds: expected A..B"))
        let badValue = try WorkbenchProcess.run([
            "sweep", "scenarios/quickstart.yaml", "--seeds", "1..1", "--set", "policies.limiter=fast",
        ])
        #expect(badValue.status == 2 && badValue.stderr.contains("policies.limiter: expected one of"))
    }

    @Test("check passes on the recorded golden charts and fails, saying what changed, on an altered one")
    func check() throws {
        let passing = try WorkbenchProcess.run(["check", "scenarios/chart-regression.yaml"])
        #expect(passing.status == 0, "\(passing.stdout)\(passing.stderr)")
        #expect(passing.stdout.contains("ok   scenarios/chart-regression.yaml"))
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var golden = try String(
            contentsOfFile: "\(RepositoryFiles.root.path)/scenarios/golden/chart-regression.charts.txt",
            encoding: .utf8)
        var lines = golden.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let target = try #require(lines.firstIndex { $0.hasPrefix("# 1W.line") }) + 3
        let parts = lines[target].split(separator: " ")
        lines[target] = "\(parts[0]) 12345.678"
        golden = lines.joined(separator: "\n")
        try Data(golden.utf8).write(to: URL(fileURLWithPath: directory.path("chart-regression.charts.txt")))
        let junit = directory.path("reports/check.xml")
        let failing = try WorkbenchProcess.run([
            "check", "scenarios/chart-regression.yaml", "--golden-dir", directory.path(""), "--junit", junit,
        ])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("FAIL scenarios/chart-regression.yaml"))
        #expect(failing.stdout.contains("line \(target + 1), in chart 1W.line"))
        #expect(failing.stdout.contains("expected '\(parts[0]) 12345.678'"))
        // The JUnit report (docs/ci.md) says the same: one case, failed, with the changed line.
        let report = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(report.contains("tests=\"1\" failures=\"1\""))
        #expect(report.contains("<testcase name=\"scenarios/chart-regression.yaml\" classname=\"check\">"))
        #expect(
            report.contains("<failure message=\"charts differ from ") && report.contains("in chart 1W.line"))
        let passingReport = directory.path("passing.xml")
        let again = try WorkbenchProcess.run([
            "check", "scenarios/chart-regression.yaml", "--junit", passingReport,
        ])
        #expect(again.status == 0)
        let passed = try String(contentsOfFile: passingReport, encoding: .utf8)
        #expect(passed.contains("tests=\"1\" failures=\"0\"") && !passed.contains("<failure"))
    }
}
