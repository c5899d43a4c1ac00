import Reports
import Testing
import WorkbenchMetrics

/// The findings a report opens with (`Finding.rules`), on metrics set by hand.
@Suite("Findings: what the team must know, from documented rules and thresholds")
struct FindingsTests {
    static func metrics(_ values: [String: Double]) -> [Metric] {
        values.keys.sorted().map { Metric($0, values[$0]!, .count) }
    }

    @Test("each rule fires above its threshold and not at it")
    func thresholds() {
        let quiet = Finding.of(
            metrics: Self.metrics([
                "rate_limit.monthly_credits_share": 1, "rate_limit.status_429": 0,
                "freshness.share_over_5m": 0.05,
                "charts.over_cap": 0, "failures.watchlist.timeout": 0,
            ]), verdicts: [], problems: [])
        #expect(quiet.isEmpty)
        let loud = Finding.of(
            metrics: Self.metrics([
                "rate_limit.monthly_credits_share": 6.768, "rate_limit.monthly_credits": 67_680,
                "rate_limit.status_429": 3, "rate_limit.requests": 90, "freshness.share_over_5m": 0.2,
                "freshness.max_age_s": 2_100, "failures.watchlist.timeout": 2, "failures.chart.http_503": 5,
            ]),
            verdicts: [.init(expectation: "alerts.fired >= 1.0", failure: "alerts.fired >= 1.0: got 0.0")],
            problems: ["portfolio: the ledger is invalid"])
        #expect(
            loud.map(\.rule) == [
                "credits_over_plan", "rate_limited", "failed_requests", "stale_on_screen",
                "expectation_failed",
                "not_computed",
            ])
        #expect(
            loud[0].text
                == "At this pace the app would spend 6.8 times the plan's monthly credits (67,680 credits in 30 days)."
        )
        #expect(loud[1].text == "3 answers of 90 were 429 (rate limited).")
        #expect(loud[2].text == "7 request or action failures (chart.http_503 5, watchlist.timeout 2).")
        #expect(
            loud[3].text
                == "Data on screen was older than 5 minutes for 20.0 % of the visible time (the oldest: 35 minutes)."
        )
        #expect(loud[2].value == 7 && loud[2].threshold == 0)
    }
}
