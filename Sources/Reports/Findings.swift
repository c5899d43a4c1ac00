import Foundation
import TrackerCore
import WorkbenchMetrics

/// What the team must know about a run, in words, before any table: each ``Rule`` reads the
/// run's metrics and states a finding when its threshold is crossed. `docs/reports.md` lists
/// the rules and their thresholds; reports open with the findings, and `result.json` carries
/// them.
public struct Finding: Sendable, Equatable {
    /// The rule's name (`credits_over_plan`).
    public var rule: String
    /// The metric the rule read.
    public var metric: String
    /// Its value.
    public var value: Double
    /// The rule's threshold, in the metric's unit.
    public var threshold: Double
    /// The finding in a sentence.
    public var text: String

    /// One rule: a metric, a threshold it must stay at or under, and the sentence when it does
    /// not.
    public struct Rule: Sendable {
        /// The rule's name.
        public var name: String
        /// The metric read; a name ending in `.` sums every metric under that prefix.
        public var metric: String
        /// The largest value that is not a finding.
        public var threshold: Double
        /// For a prefix, which metrics under it count.
        var counting: @Sendable (String) -> Bool = { _ in true }
        /// The sentence, given the value and every metric by name.
        var sentence: @Sendable (Double, [String: Double]) -> String
    }

    /// Whether a `failures.*` metric counts the app refusing what the user did.
    static func isRefusal(_ metric: String) -> Bool {
        FailureKind.isRefusal(named: String(metric.split(separator: ".").last ?? ""))
    }

    /// The three commonest `failures.*` kinds that `counts`, most first: `watchlist.timeout 2`.
    static func commonest(_ all: [String: Double], where counts: (String) -> Bool) -> String {
        all.filter { $0.key.hasPrefix("failures.") && counts($0.key) && $0.value > 0 }
            .sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(3)
            .map { "\($0.key.dropFirst("failures.".count)) \(MetricFormatting.number($0.value))" }
            .joined(separator: ", ")
    }

    /// The rules, in the order findings are listed.
    public static let rules: [Rule] = [
        Rule(
            name: "portfolio_performance", metric: MetricName.portfolioTimeWeightedReturn,
            threshold: -.infinity
        ) {
            twr, all in
            var parts = ["The portfolio returned \(percent(twr)) (time-weighted"]
            if let benchmark = all[MetricName.portfolioBenchmarkReturn] {
                parts[0] += "; buy and hold \(percent(benchmark))"
            }
            parts[0] += ")"
            if let drawdown = all[MetricName.portfolioMaxDrawdown] {
                parts.append("a maximum drawdown of \(percent(drawdown))")
            }
            if let volatility = all[MetricName.portfolioVolatility] {
                parts.append("a volatility of \(percent(volatility)) a year")
            }
            if let sharpe = all[MetricName.portfolioSharpe] {
                parts.append("a Sharpe ratio of \(String(format: "%.2f", sharpe))")
            }
            return parts.count == 1
                ? parts[0] + "."
                : parts[0] + ", with " + parts.dropFirst().dropLast().joined(separator: ", ")
                    + (parts.count > 2 ? " and " : "") + parts.last! + "."
        },
        Rule(name: "credits_over_plan", metric: MetricName.rateLimitMonthlyCreditsShare, threshold: 1) {
            share, all in
            let monthly = grouped(all[MetricName.rateLimitMonthlyCredits] ?? 0)
            return
                "If this run's pace held around the clock for 30 days, the app would spend "
                + "\(String(format: "%.1f", share)) times the plan's monthly credits (\(monthly) credits). That "
                + "assumes the run is a typical day of use; a short scripted session overstates a user's month, "
                + "and `workbench fleet` projects it from a user model's days instead (docs/fleet.md)."
        },
        Rule(name: "over_rate_limit", metric: MetricName.rateLimitOverLimit, threshold: 0) { count, all in
            let plan = MetricFormatting.number(all[MetricName.rateLimitPlanPerMinute] ?? 0)
            return "\(plural(count, "request")) went past the plan's \(plan) a minute."
        },
        Rule(name: "rate_limited", metric: MetricName.rateLimitStatus429, threshold: 0) { count, all in
            let requests = all[MetricName.rateLimitRequests] ?? 0
            return
                "\(plural(count, "answer")) of \(MetricFormatting.number(requests)) were 429 (rate limited)."
        },
        Rule(
            name: "failed_requests", metric: "failures.", threshold: 0, counting: { !isRefusal($0) },
            sentence: { count, all in
                "\(plural(count, "request")) failed or \(count == 1 ? "was" : "were") cancelled "
                    + "(\(commonest(all) { !isRefusal($0) }))."
            }),
        Rule(
            name: "user_actions_refused", metric: "failures.", threshold: 0, counting: { isRefusal($0) },
            sentence: { count, all in
                "The app refused \(plural(count, "user action")) (\(commonest(all) { isRefusal($0) })): what the "
                    + "script or sessions tried, not requests that failed."
            }),
        Rule(name: "stale_on_screen", metric: MetricName.freshnessShareOver5m, threshold: 0.05) {
            share, all in
            "Data on screen was older than 5 minutes for \(percent(share)) of the visible time "
                + "(the oldest: \(age(all[MetricName.freshnessMaxAgeS] ?? 0)))."
        },
        Rule(name: "charts_over_cap", metric: MetricName.chartsOverCap, threshold: 0) { count, _ in
            "\(plural(count, "chart")) drawn with more points than the range's cap."
        },
        Rule(name: "line_deviates", metric: MetricName.chartsMaxDeviation, threshold: 0.1) { share, _ in
            "A drawn line strays from the data it stands for by up to \(percent(share)) of the series' range "
                + "(charts.max_deviation; the report's line plots mark the farthest point)."
        },
        Rule(name: "candle_extremes_hidden", metric: MetricName.chartsCandleExtremeLost, threshold: 0.05) {
            share, _ in
            "Candles drawn hide up to \(percent(share)) of the high-low range of the candles they stand for "
                + "(charts.candle_extreme_lost: the sampling left out the highest high or lowest low)."
        },
        Rule(name: "coins_left_off", metric: MetricName.watchlistLeftOff, threshold: 0) { count, all in
            "\(plural(count, "watchlist coin")) of \(MetricFormatting.number(all[MetricName.watchlistCoins] ?? 0)) "
                + "left off the screen at the end (the last load had no row for them)."
        },
        Rule(name: "coins_unavailable", metric: MetricName.watchlistUnavailable, threshold: 0) { count, _ in
            "\(plural(count, "watchlist coin")) shown as \"Data unavailable\" at the end."
        },
        Rule(name: "widget_duplicates", metric: MetricName.widgetRequestsDuplicated, threshold: 0) {
            count, all in
            let requests = MetricFormatting.number(all[MetricName.widgetRequests] ?? 0)
            return
                "\(plural(count, "widget request")) of \(requests) repeated, within 5 s, a request the app had "
                + "just made for the same coins."
        },
        Rule(name: "widget_stale_unmarked", metric: MetricName.widgetStaleUnmarkedS, threshold: 0) {
            seconds, _ in
            "The widget showed data over 60 minutes old without its stale mark for \(age(seconds))."
        },
    ]

    /// The findings of a run: every rule whose metric is past its threshold, in the rules'
    /// order, then one for each failed expectation, each known failure and each figure that could not be computed.
    ///
    /// - Parameters:
    ///   - metrics: The run's metrics.
    ///   - verdicts: The expectations' verdicts.
    ///   - problems: Figures the run could not compute.
    ///   - warnings: What looks wrong in the scenario (``ReportInput/warnings``), first.
    ///   - fixes: The measured fixes, each said after its rule's finding.
    public static func of(
        metrics: [Metric], verdicts: [ReportInput.Verdict], problems: [String], warnings: [String] = [],
        fixes: [FindingFix] = []
    ) -> [Finding] {
        let values = Dictionary(metrics.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        var findings = warnings.map { warning in
            Finding(
                rule: "scenario_warning", metric: "", value: 0, threshold: 0,
                text: "Check the scenario: \(warning).")
        }
        findings += rules.compactMap { rule in
            let value =
                rule.metric.hasSuffix(".")
                ? values.filter { $0.key.hasPrefix(rule.metric) && rule.counting($0.key) }.values.reduce(0, +)
                : values[rule.metric]
            guard let value, value > rule.threshold else { return nil }
            var text = rule.sentence(value, values)
            if let fix = fixes.first(where: { $0.rule == rule.name }) {
                text += " " + fix.sentence(from: value, unit: metrics.first { $0.name == rule.metric }?.unit)
            }
            return Finding(
                rule: rule.name, metric: rule.metric, value: value, threshold: rule.threshold, text: text)
        }
        for verdict in verdicts {
            if let problem = verdict.problem {
                findings.append(
                    Finding(
                        rule: "expectation_failed", metric: "", value: 0, threshold: 0,
                        text: "Expectation not met: \(problem)."))
            } else if verdict.known, let failure = verdict.failure {
                findings.append(
                    Finding(
                        rule: "known_failure", metric: "", value: 0, threshold: 0,
                        text: "Known failure (a target the scenario misses today): \(failure)."))
            }
        }
        for problem in problems {
            findings.append(
                Finding(
                    rule: "not_computed", metric: "", value: 0, threshold: 0,
                    text: "Not computed: \(problem)."))
        }
        return findings
    }

    private static func plural(_ count: Double, _ noun: String) -> String {
        let number = MetricFormatting.number(count)
        return count == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }

    /// A whole number with thousands separators (`56,520`).
    private static func grouped(_ value: Double) -> String {
        let digits = String(Int64(value.rounded()))
        var text = ""
        for (index, digit) in digits.reversed().enumerated() {
            if index > 0, index % 3 == 0, digit != "-" { text.append(",") }
            text.append(digit)
        }
        return String(text.reversed())
    }

    private static func percent(_ share: Double) -> String { String(format: "%.1f %%", share * 100) }

    /// An age in the unit a reader would use: `35 minutes`, `3.8 hours`, `9.5 days`.
    static func age(_ seconds: Double) -> String {
        let minutes = seconds / 60
        if minutes < 120 {
            return minutes.rounded() == 1 ? "1 minute" : String(format: "%.0f minutes", minutes)
        }
        if minutes < 48 * 60 { return String(format: "%.1f hours", minutes / 60) }
        return String(format: "%.1f days", minutes / 1440)
    }
}
