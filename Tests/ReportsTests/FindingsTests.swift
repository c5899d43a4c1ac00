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
                == "If this run's pace held around the clock for 30 days, the app would spend 6.8 times the plan's "
                + "monthly credits (67,680 credits). That assumes the run is a typical day of use; a short scripted "
                + "session overstates a user's month, and `workbench fleet` projects it from a user model's days "
                + "instead (docs/fleet.md)."
        )
        #expect(loud[1].text == "3 answers of 90 were 429 (rate limited).")
        #expect(
            loud[2].text == "7 requests failed or were cancelled (chart.http_503 5, watchlist.timeout 2).")
        #expect(
            loud[3].text
                == "Data on screen was older than 5 minutes for 20.0 % of the visible time (the oldest: 35 minutes)."
        )
        #expect(loud[2].value == 7 && loud[2].threshold == 0)
    }

    @Test(
        "a backtest leads with its performance; refused user actions are not failed requests; charts that mislead are named"
    )
    func backtestsRefusalsAndCharts() {
        let findings = Finding.of(
            metrics: Self.metrics([
                "portfolio.time_weighted_return": 0.6143699673833753,
                "portfolio.benchmark_return": 0.5959955665013439,
                "portfolio.max_drawdown": -0.526113045868413, "portfolio.volatility": 0.8004218270499953,
                "portfolio.sharpe": 0.9969680682995123, "failures.portfolio.cancelled": 13,
                "failures.watchlist.refused_add": 70, "failures.search.not_in_results": 6,
                "failures.watchlist.open_in_background": 1, "freshness.share_over_5m": 0.085,
                "freshness.max_age_s": 824_220, "charts.max_deviation": 0.2843,
                "charts.candle_extreme_lost": 0.7965,
            ]), verdicts: [], problems: [])
        #expect(
            findings.map(\.rule) == [
                "portfolio_performance", "failed_requests", "user_actions_refused", "stale_on_screen",
                "line_deviates", "candle_extremes_hidden",
            ])
        #expect(
            findings[0].text
                == "The portfolio returned 61.4 % (time-weighted; buy and hold 59.6 %), with a maximum drawdown of -52.6 %, "
                + "a volatility of 80.0 % a year and a Sharpe ratio of 1.00.")
        #expect(findings[1].text == "13 requests failed or were cancelled (portfolio.cancelled 13).")
        #expect(
            findings[2].text
                == "The app refused 77 user actions (watchlist.refused_add 70, search.not_in_results 6, "
                + "watchlist.open_in_background 1): what the script or sessions tried, not requests that failed."
        )
        #expect(findings[3].text.hasSuffix("(the oldest: 9.5 days)."))
        #expect(findings[4].text.hasPrefix("A drawn line strays from the data it stands for by up to 28.4 %"))
        #expect(findings[5].text.hasPrefix("Candles drawn hide up to 79.7 % of the high-low range"))
        // At their thresholds, the chart rules are quiet.
        let quiet = Finding.of(
            metrics: Self.metrics(["charts.max_deviation": 0.1, "charts.candle_extreme_lost": 0.05]),
            verdicts: [],
            problems: [])
        #expect(quiet.isEmpty)
    }
}
