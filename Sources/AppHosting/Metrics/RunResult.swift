import Foundation
import TrackerCore
import WorkbenchFoundation

/// A run's outcome: its typed metrics (``RunMetrics``, named by ``RunMetrics/flattened()``), the
/// server's journal, the series a report plots and what could not be computed.
///
/// Deterministic: no wall-clock value is in it.
public struct RunResult: Sendable, Equatable {
    /// The metrics.
    public var metrics: RunMetrics
    /// The server's journal.
    public var journal: RecordLog<JournalEntry>
    /// The series a report plots.
    public var plots: RunPlots
    /// Figures the run could not compute, and why (a portfolio whose ledger is invalid, say),
    /// one line each.
    public var problems: [String]
    /// Why and where the run ended before its end (nil: it ran to its end).
    public var stoppedEarly: EarlyStop?

    init(
        config: RunConfig, recorder: MetricsRecorder, serverOutcomes: [ServerOutcome: Int],
        journal: RecordLog<JournalEntry>, transactions: [PortfolioTransaction],
        holdings: Result<[Holding], PortfolioError>, shownPrices: [String: Double]?
    ) {
        var metrics = RunMetrics()
        metrics.rateLimits = Self.rateLimits(recorder: recorder, config: config)
        metrics.caches = recorder.caches.mapValues { cache in
            CacheMetrics(
                hits: cache.hits, misses: cache.misses, staleServed: cache.staleServed,
                optimumHits: BeladyOptimum.hits(cache.trace, capacity: cache.capacity))
        }
        var plots = recorder.plots
        for (name, cache) in recorder.caches {
            guard cache.keyNumbers.count <= RunPlots.hitCurveKeyLimit else { continue }
            let keys = cache.trace.map(\.key)
            plots.hitCurves[name.rawValue] = RunPlots.HitCurve(
                lookups: keys.count, points: BeladyOptimum.hitCurves(keys))
        }
        metrics.charts = recorder.charts
        metrics.freshness = AgeMetrics(recorder.freshness.all)
        metrics.freshnessByScreen = recorder.freshness.byScreen.compactMapValues(AgeMetrics.init)
        metrics.alerts.fired = recorder.alertsFired
        if !recorder.alertDelays.isEmpty {
            metrics.alerts.p95DelaySeconds =
                Double(NearestRank.percentile(recorder.alertDelays.sorted(), 0.95)) / 1000
        }
        let portfolio = PortfolioEvaluation(
            transactions: transactions, holdings: holdings, config: config, shownPrices: shownPrices)
        metrics.portfolio = portfolio.metrics
        plots.portfolioValue = portfolio.valueSeries
        plots.portfolioReturns = portfolio.dailyReturns
        plots.benchmarkReturns = portfolio.benchmarkReturns
        problems = portfolio.problems
        metrics.failures = recorder.failures
        metrics.serverOutcomes = serverOutcomes
        metrics.simulationEvents = recorder.events
        metrics.coldLaunches = recorder.coldLaunches
        metrics.watchlistCoins = recorder.watchlistCoins
        metrics.watchlistUnavailable = recorder.watchlistUnavailable
        metrics.watchlistLeftOff = recorder.watchlistLeftOff
        metrics.watchlistLeftOffByLoads = recorder.watchlistLeftOffByLoads
        metrics.watchlistKeptPrevious = recorder.watchlistKeptPrevious
        metrics.watchlistZeroPrices = recorder.watchlistZeroPrices
        metrics.screenSeconds = recorder.screens.milliseconds.mapValues { Double($0) / 1000 }
        metrics.widget = WidgetMetrics(asked: recorder.widgetTimelineReloads, record: recorder.widget)
        self.metrics = metrics
        self.plots = plots
        self.journal = journal
    }

    /// The metrics as JSON, by stable name: keys sorted, numbers in their shortest round-tripping
    /// form; the same run always gives the same bytes.
    public var metricsJSON: String {
        JSONValue.object(metrics.flattened().map { .init($0.name, .number($0.value)) })
            .document(.pretty(inlineFrom: 1))
    }

    private static func rateLimits(recorder: MetricsRecorder, config: RunConfig) -> RateLimitMetrics {
        let sends = recorder.sendTimes.sorted()
        let hours = Double(config.durationMilliseconds) / 3_600_000
        var metrics = RateLimitMetrics()
        metrics.requests = sends.count
        metrics.maxPerMinute = RateLimitAudit.maxInAnyWindow(sends)
        metrics.overLimit = RateLimitAudit.sendsOverLimit(sends, limit: config.server.plan.requestsPerMinute)
        metrics.minimumGapMilliseconds = RateLimitAudit.minimumGap(sends)
        metrics.status429 = recorder.status429
        metrics.waitSeconds = Double(recorder.waitMilliseconds) / 1000
        metrics.planPerMinute = config.server.plan.requestsPerMinute
        metrics.credits = recorder.credits
        metrics.requestsByEndpoint = recorder.sendsByEndpoint
        metrics.requestsByScreen = recorder.sendsByScreen
        metrics.includesWidget = recorder.widget.installed
        guard hours > 0 else { return metrics }
        metrics.requestsPerHour = Double(sends.count) / hours
        // Assumption, stated in the report: this run's usage repeated for 30 days.
        let monthly = (Double(recorder.credits) / hours * 24 * 30).rounded()
        metrics.monthlyCredits = monthly
        if let cap = config.server.plan.monthlyCredits {
            metrics.monthlyCreditsShare = monthly / Double(cap)
        }
        return metrics
    }
}
