import Foundation
import Reports
import Runs
import Scenarios
import TestSupport
import Testing
import WorkbenchMetrics

@Suite("Reports: stable JSON, Markdown and self-contained HTML")
struct ReportTests {
    static let root = RepositoryFiles.root

    /// A run through the same library calls `workbench run` makes (from the repository root).
    static func input(
        _ path: String = "scenarios/quickstart.yaml", overrides: [String] = [], fixes: Bool = false
    )
        throws -> ReportInput
    {
        var report = try ScenarioRun.execute(
            try ScenarioRun.load(path, projectRoot: root, overrides: overrides)
        ).report
        if fixes {
            report.fixes = ScenarioRun.measureFixes(
                for: report, path: path, projectRoot: root, overrides: overrides, seed: report.seed)
        }
        return report
    }

    @Test("the quickstart's result.json, report.md and report.html match their golden files, byte for byte")
    func goldens() throws {
        let input = try Self.input(fixes: true)
        let json = ResultJSON.render(input)
        #expect(json == (try Golden.expected("quickstart-result.json", actual: json)))
        let markdown = MarkdownReport.render(input)
        #expect(markdown == (try Golden.expected("quickstart-report.md", actual: markdown)))
        let html = HTMLReport.render(input)
        #expect(html == (try Golden.expected("quickstart-report.html", actual: html)))
    }

    @Test(
        "each finding a setting may fix names the best candidate and its measured effect, or that none helps")
    func findingsEndInAChange() throws {
        let findings = try Self.input(fixes: true).findings
        let text = { (rule: String) in findings.first { $0.rule == rule }?.text ?? "" }
        // Three charts over the cap; LTTB keeps every chart at its cap (the stride sampler's
        // last-point rule overshoots it): the same seed again, with `--set`, measures it.
        #expect(
            text("charts_over_cap").hasSuffix(
                "Measured on the same seed: `--set policies.downsampler=lttb` takes it from 3 to 0 (the best of 2 tried)."
            ))
        #expect(
            text("credits_over_plan").contains(
                "`--set policies.refresh_interval=60s` takes it from 565.2 % to"))
        // No candidate lowers the line's deviation on this seed: said, not hidden.
        #expect(
            text("line_deviates").hasSuffix(
                "Measured on the same seed, none of `--set policies.downsampler=lttb`, `--set policies.downsampler=m4` lowers it."
            ))
        // Without measuring, the findings say nothing of fixes.
        #expect(!(try Self.input()).findings.contains { $0.text.contains("Measured on the same seed") })
    }

    @Test("two runs give byte-identical result.json, report.md and report.html")
    func deterministic() throws {
        let (first, second) = (try Self.input(), try Self.input())
        #expect(ResultJSON.render(first) == ResultJSON.render(second))
        #expect(MarkdownReport.render(first) == MarkdownReport.render(second))
        #expect(HTMLReport.render(first) == HTMLReport.render(second))
    }

    @Test("result.json is valid JSON with every DESIGN.md metric the run defines, keys sorted")
    func resultJSON() throws {
        let json = ResultJSON.render(try Self.input())
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let metrics = try #require(object["metrics"] as? [String: Any])
        for name in [
            "rate_limit.requests", "rate_limit.max_per_minute", "rate_limit.min_gap_ms",
            "rate_limit.status_429",
            "rate_limit.requests_per_hour", "rate_limit.monthly_credits", "cache.hit_ratio",
            "cache.opt_hit_ratio",
            "cache.stale_served", "freshness.p50_age_s", "freshness.p95_age_s", "freshness.max_age_s",
            "charts.renders",
            "charts.empty", "charts.over_cap", "charts.max_deviation", "portfolio.value",
            "portfolio.realized_pnl",
            "portfolio.unrealized_pnl", "alerts.fired", "alerts.p95_delay_s",
        ] {
            #expect(metrics[name] != nil, "\(name)")
        }
        let metricsText = try #require(json.components(separatedBy: "\"metrics\": {").last)
        let metricLines = try #require(metricsText.components(separatedBy: "\n  }").first).split(
            separator: "\n")
        let keys = metricLines.filter { $0.hasPrefix("    \"") }.map { $0.split(separator: "\"")[1] }
        #expect(keys.count == metrics.count)
        #expect(keys == keys.sorted())
        // Every metric has a known unit, and nothing else does.
        let units = try #require(object["units"] as? [String: String])
        #expect(Set(units.keys) == Set(metrics.keys))
        #expect(units.values.allSatisfy { MetricUnit(rawValue: $0) != nil })
        #expect(units["cache.hit_ratio"] == "ratio" && units["freshness.p95_age_s"] == "seconds")
        #expect(units["rate_limit.min_gap_ms"] == "milliseconds" && units["portfolio.value"] == "usd")
        #expect(object["passed"] as? Bool == true)
        // No wall-clock figure (they go to timings.json).
        #expect(!json.contains("wall_s") && !json.contains("seconds_per") && !json.contains("median_ms"))
    }

    @Test("text from a scenario cannot become a live link or HTML in report.md")
    func markdownLinks() throws {
        var input = try Self.input()
        input.description = "[click](javascript:alert(1)) <img src=x onerror=alert(1)> | ![i](http://x/y.png)"
        let markdown = MarkdownReport.render(input)
        // Escaped brackets: `\[click\](...)` is text, not a link.
        #expect(!markdown.contains("[click](") && !markdown.contains("[i]("))
        #expect(markdown.contains(#"\[click\](javascript:alert(1))"#))
        #expect(!markdown.contains("<img") && markdown.contains("&lt;img"))
    }

    @Test("the HTML is self-contained, has the plots, and escapes text from the scenario")
    func html() throws {
        var input = try Self.input()
        input.scenario = "<script>alert('x')</script> & co"
        input.description = "\"quoted\" <b>bold</b>"
        let html = HTMLReport.render(input)
        #expect(
            !html.contains("<script>")
                && html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co"))
        #expect(html.contains("&quot;quoted&quot; &lt;b&gt;bold&lt;/b&gt;"))
        #expect(
            !html.contains("http://")
                || html.components(separatedBy: "http://").count
                    == html.components(separatedBy: "http://www.w3.org/2000/svg").count
        )
        #expect(!html.contains("https://") && !html.contains("<link") && !html.contains("src="))
        #expect(html.components(separatedBy: "<svg").count - 1 >= 6)
        #expect(html.contains("Requests in the 60 s window") && html.contains("Portfolio value"))
        let markdown = MarkdownReport.render(input)
        #expect(markdown.hasPrefix("# &lt;script>") && !markdown.contains("<script"))
    }
}
