/// The stable names of the metrics that reports, findings, sweeps and the history read by
/// name, declared once here (`result.json`'s names; `docs/simulation.md` lists them all). The
/// run's metrics are built under these names in `Simulation` (`RunMetrics.flattened()`);
/// `MetricNameTests` checks that each is a name a run produces, and that no metric name is
/// written as a literal in `Reports`, `Sweeps`, `Fleets`, `Runs` or the CLI.
public enum MetricName {
    /// `alerts.fired`.
    public static let alertsFired = "alerts.fired"
    /// `cache.hit_ratio`.
    public static let cacheHitRatio = "cache.hit_ratio"
    /// `cache.opt_hit_ratio`.
    public static let cacheOptHitRatio = "cache.opt_hit_ratio"
    /// `charts.candle_extreme_lost`.
    public static let chartsCandleExtremeLost = "charts.candle_extreme_lost"
    /// `charts.max_deviation`.
    public static let chartsMaxDeviation = "charts.max_deviation"
    /// `charts.over_cap`.
    public static let chartsOverCap = "charts.over_cap"
    /// `freshness.max_age_s`.
    public static let freshnessMaxAgeS = "freshness.max_age_s"
    /// `freshness.p50_age_s`.
    public static let freshnessP50AgeS = "freshness.p50_age_s"
    /// `freshness.p95_age_s`.
    public static let freshnessP95AgeS = "freshness.p95_age_s"
    /// `freshness.share_over_5m`.
    public static let freshnessShareOver5m = "freshness.share_over_5m"
    /// `portfolio.benchmark_return`.
    public static let portfolioBenchmarkReturn = "portfolio.benchmark_return"
    /// `portfolio.beta`.
    public static let portfolioBeta = "portfolio.beta"
    /// `portfolio.excess_return`.
    public static let portfolioExcessReturn = "portfolio.excess_return"
    /// `portfolio.irr`.
    public static let portfolioIrr = "portfolio.irr"
    /// `portfolio.irr_period`.
    public static let portfolioIrrPeriod = "portfolio.irr_period"
    /// `portfolio.max_drawdown`.
    public static let portfolioMaxDrawdown = "portfolio.max_drawdown"
    /// `portfolio.sharpe`.
    public static let portfolioSharpe = "portfolio.sharpe"
    /// `portfolio.sortino`.
    public static let portfolioSortino = "portfolio.sortino"
    /// `portfolio.time_weighted_return`.
    public static let portfolioTimeWeightedReturn = "portfolio.time_weighted_return"
    /// `portfolio.volatility`.
    public static let portfolioVolatility = "portfolio.volatility"
    /// `rate_limit.max_per_minute`.
    public static let rateLimitMaxPerMinute = "rate_limit.max_per_minute"
    /// `rate_limit.monthly_credits`.
    public static let rateLimitMonthlyCredits = "rate_limit.monthly_credits"
    /// `rate_limit.monthly_credits_share`.
    public static let rateLimitMonthlyCreditsShare = "rate_limit.monthly_credits_share"
    /// `rate_limit.over_limit`.
    public static let rateLimitOverLimit = "rate_limit.over_limit"
    /// `rate_limit.plan_per_minute`.
    public static let rateLimitPlanPerMinute = "rate_limit.plan_per_minute"
    /// `rate_limit.requests`.
    public static let rateLimitRequests = "rate_limit.requests"
    /// `rate_limit.status_429`.
    public static let rateLimitStatus429 = "rate_limit.status_429"
    /// `watchlist.coins`.
    public static let watchlistCoins = "watchlist.coins"
    /// `watchlist.left_off`.
    public static let watchlistLeftOff = "watchlist.left_off"
    /// `watchlist.unavailable`.
    public static let watchlistUnavailable = "watchlist.unavailable"
    /// `widget.requests`.
    public static let widgetRequests = "widget.requests"
    /// `widget.requests.duplicated`.
    public static let widgetRequestsDuplicated = "widget.requests.duplicated"
    /// `widget.stale_unmarked_s`.
    public static let widgetStaleUnmarkedS = "widget.stale_unmarked_s"

    /// Every name above.
    public static let all: [String] = [
        alertsFired, cacheHitRatio, cacheOptHitRatio, chartsCandleExtremeLost, chartsMaxDeviation,
        chartsOverCap, freshnessMaxAgeS, freshnessP50AgeS, freshnessP95AgeS, freshnessShareOver5m,
        portfolioBenchmarkReturn,
        portfolioBeta, portfolioExcessReturn, portfolioIrr, portfolioIrrPeriod, portfolioMaxDrawdown,
        portfolioSharpe, portfolioSortino, portfolioTimeWeightedReturn, portfolioVolatility,
        rateLimitMaxPerMinute, rateLimitMonthlyCredits, rateLimitMonthlyCreditsShare, rateLimitOverLimit,
        rateLimitPlanPerMinute, rateLimitRequests, rateLimitStatus429, watchlistCoins, watchlistLeftOff,
        watchlistUnavailable, widgetRequests, widgetRequestsDuplicated, widgetStaleUnmarkedS,
    ]
}
