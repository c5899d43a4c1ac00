import TrackerCore
import WorkbenchMetrics

extension RunMetrics {
    /// Whether some run can produce a metric of this name: one of the names ``flattened()``
    /// gives a run with every figure defined, every cache, screen, chart and server outcome, or
    /// a per-endpoint request count or failure count (whose last parts vary).
    ///
    /// - Parameter name: A stable name, as an expectation gives it.
    public static func isKnownName(_ name: String) -> Bool { declaration(of: name) != nil }

    /// The unit of the metric with this name, nil for a name no run produces.
    ///
    /// - Parameter name: A stable name.
    public static func unit(of name: String) -> MetricUnit? { declaration(of: name)?.unit }

    /// The direction in which the metric with this name is better, as its builder declares it;
    /// nil for a metric without one or a name no run produces. `expectations.failed`, which a
    /// stored run keeps beside its metrics, is fewer-is-better.
    ///
    /// - Parameter name: A stable name, as `result.json` or the history keeps it.
    public static func direction(of name: String) -> MetricDirection? {
        if name == Metric.failedExpectationsName { return Metric.failedExpectations(0).direction }
        return declaration(of: name)?.direction
    }

    /// Every fixed name, sorted (for "did you mean").
    public static var knownMetricNames: [String] { knownNames.sorted() }

    /// The metric a run with every figure defined gives under this name, or under the family
    /// whose last parts vary (`rate_limit.requests.<endpoint>`, `failures.<request>.<failure>`).
    private static func declaration(of name: String) -> Metric? {
        if let metric = fixed[name] { return metric }
        return keyed.first { prefix, _ in name.hasPrefix(prefix) && name.count > prefix.count }?.metric
    }

    /// The fixed names' metrics.
    private static let fixed: [String: Metric] = Dictionary(
        complete.flattened().filter { !$0.name.contains(placeholder) }.map { ($0.name, $0) },
        uniquingKeysWith: { first, _ in first })

    /// The families whose last parts vary, by the prefix before them.
    private static let keyed: [(prefix: String, metric: Metric)] =
        (complete.flattened() + [RunMetrics.failureMetric(placeholder, 1).under(Section.failures.rawValue)])
        .compactMap { metric in
            metric.name.range(of: placeholder).map { (String(metric.name[..<$0.lowerBound]), metric) }
        }

    /// Every fixed name (`docs/simulation.md` lists them).
    static var knownNames: Set<String> { Set(fixed.keys) }

    /// Stands for the varying part of a keyed family's name in ``complete``.
    private static let placeholder = "<key>"

    /// A run's metrics with every figure defined.
    private static var complete: RunMetrics {
        var metrics = RunMetrics()
        metrics.rateLimits.minimumGapMilliseconds = 1
        metrics.rateLimits.requestsPerHour = 1
        metrics.rateLimits.monthlyCredits = 1
        metrics.rateLimits.monthlyCreditsShare = 1
        metrics.caches = Dictionary(
            uniqueKeysWithValues: AppCache.allCases.map { ($0, CacheMetrics(hits: 1)) })
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
        for outcome in ServerOutcome.allCases { metrics.serverOutcomes[outcome] = 1 }
        metrics.rateLimits.includesWidget = true
        metrics.rateLimits.requestsByEndpoint[placeholder] = 1
        var widget = WidgetMetrics.Installed()
        widget.age = ages
        (widget.shareOver30m, widget.shareOver60m) = (1, 1)
        metrics.widget.installed = widget
        return metrics
    }
}
