import TrackerCore
import WorkbenchMetrics

extension RunMetrics {
    /// Whether some run can produce a metric of this name: one of the names ``flattened()``
    /// gives a run with every figure defined, every cache, screen, chart and server outcome, or
    /// a per-endpoint request count or failure count (whose last parts vary).
    ///
    /// - Parameter name: A stable name, as an expectation gives it.
    public static func isKnownName(_ name: String) -> Bool {
        if knownNames.contains(name) { return true }
        return ["rate_limit.requests.", "failures."].contains { prefix in
            name.hasPrefix(prefix) && name.count > prefix.count
        }
    }

    /// The unit of the metric with this name, nil for a name no run produces.
    ///
    /// - Parameter name: A stable name.
    public static func unit(of name: String) -> MetricUnit? {
        if let unit = knownUnits[name] { return unit }
        return isKnownName(name) ? .count : nil
    }

    /// Every fixed name, sorted (for "did you mean").
    public static var knownMetricNames: [String] { knownNames.sorted() }

    /// The fixed names' units.
    static let knownUnits: [String: MetricUnit] = Dictionary(
        complete.flattened().map { ($0.name, $0.unit) }, uniquingKeysWith: { first, _ in first })

    /// Every fixed name (`docs/simulation.md` lists them).
    static let knownNames: Set<String> = Set(complete.flattened().map(\.name))

    /// A run's metrics with every figure defined.
    private static var complete: RunMetrics {
        var metrics = RunMetrics()
        metrics.rateLimits.minimumGapMilliseconds = 1
        metrics.rateLimits.requestsPerHour = 1
        metrics.rateLimits.monthlyCredits = 1
        metrics.rateLimits.monthlyCreditsShare = 1
        metrics.caches = ["market": CacheMetrics(hits: 1), "chart": CacheMetrics(hits: 1)]
        let ages = AgeMetrics(
            p50Seconds: 1, p95Seconds: 1, maxSeconds: 1, shareOver60s: 1, shareOver5m: 1, visibleSeconds: 1)
        metrics.freshness = ages
        for screen in AppScreenKind.freshnessScreens { metrics.freshnessByScreen[screen] = ages }
        for range in ChartTimeRange.allCases {
            for type in ChartType.allCases { metrics.charts[ChartKey(range, type)] = ChartMetrics() }
        }
        metrics.portfolio = PortfolioMetrics(
            value: 1, realizedPnL: 1, unrealizedPnL: 1, shownValue: 1, shownUnrealizedPnL: 1,
            shownUnpriced: 1,
            shownPnLGap: 1, timeWeightedReturn: 1, volatility: 1, maxDrawdown: 1, sharpe: 1, sortino: 1,
            benchmarkReturn: 1, excessReturn: 1, beta: 1, correlation: 1, irr: 1)
        metrics.portfolio.irrPeriod = 1
        metrics.alerts.p95DelaySeconds = 1
        for outcome in ServerReply.Outcome.allCases { metrics.serverOutcomes[outcome] = 1 }
        metrics.rateLimits.includesWidget = true
        var widget = WidgetMetrics.Installed()
        widget.age = ages
        (widget.shareOver30m, widget.shareOver60m) = (1, 1)
        metrics.widget.installed = widget
        return metrics
    }
}
