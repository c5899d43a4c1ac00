/// Which way a metric is better, where it has a direction: fewer requests, credits, failures and
/// older data are better; more cache hits and higher returns are better. Metrics without one
/// (counts of renders, time on screen, a portfolio's value) are neither.
public enum MetricDirection: String, Sendable, Equatable {
    /// A smaller value is better.
    case lowerIsBetter = "lower is better"
    /// A larger value is better.
    case higherIsBetter = "higher is better"

    /// The direction of the metric with this stable name, nil when it has none.
    ///
    /// - Parameter name: A stable name (`cache.hit_ratio`).
    public static func of(_ name: String) -> MetricDirection? {
        if higher.contains(where: { matches(name, $0) }) { return .higherIsBetter }
        if lower.contains(where: { matches(name, $0) }) { return .lowerIsBetter }
        return nil
    }

    /// Patterns: an exact name, a prefix ending in `.`, or a suffix starting with `.`.
    static let higher = [
        "cache.hit_ratio", ".hit_ratio", ".hits", "portfolio.time_weighted_return", "portfolio.irr",
        "portfolio.irr_period", "portfolio.excess_return", "portfolio.sharpe", "portfolio.sortino",
        "widget.shown_s",
    ]
    static let lower = [
        "rate_limit.requests", "rate_limit.requests.", "rate_limit.max_per_minute", "rate_limit.over_limit",
        "rate_limit.status_429", "rate_limit.wait_s", "rate_limit.credits", "rate_limit.requests_per_hour",
        "rate_limit.monthly_credits", "rate_limit.monthly_credits_share", ".misses", ".stale_served",
        "failures.", ".p50_age_s", ".p95_age_s", ".max_age_s", ".share_over_60s", ".share_over_5m",
        ".share_over_30m", ".share_over_60m", "charts.over_cap", "charts.empty", "charts.failed",
        "charts.max_deviation", "charts.candle_extreme_lost", ".over_cap", ".empty", ".failed",
        ".max_deviation",
        ".extreme_lost", "watchlist.unavailable", "watchlist.left_off", "watchlist.left_off_by_loads",
        "watchlist.kept_previous", "watchlist.zero_price", "alerts.p95_delay_s", "widget.requests",
        "widget.requests.", "widget.requests_per_refresh_max", "widget.refresh_max_s",
        "widget.reload_gap_max_s",
        "widget.stale_unmarked_s", "widget.blank_after_failure", "widget.prices_missing", "widget.empty_s",
        "widget.reloads.refused", Metric.failedExpectationsName, "server.rate-limited", "server.server-error",
        "server.invalid",
        "server.outage",
        "server.timed-out", "server.truncated", "server.drifted",
    ]

    private static func matches(_ name: String, _ pattern: String) -> Bool {
        if pattern.hasPrefix(".") { return name.hasSuffix(pattern) }
        if pattern.hasSuffix(".") { return name.hasPrefix(pattern) }
        return name == pattern
    }

    /// Whether going from `first` to `second` is better, worse, or neither (nil: equal values
    /// or no direction).
    ///
    /// - Parameters:
    ///   - first: The first run's value.
    ///   - second: The second run's value.
    public func judge(_ first: Double, _ second: Double) -> Bool? {
        guard first != second else { return nil }
        return (second < first) == (self == .lowerIsBetter)
    }
}
