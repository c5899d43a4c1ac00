import Foundation
import TrackerCore

/// A run's outcome: every metric under the stable names of DESIGN.md, plus breakdowns below them
/// (`rate_limit.requests./coins/markets`, `charts.1D.line.drawn`, `cache.chart.hit_ratio`, ...).
///
/// Deterministic: no wall-clock value is in it. A metric that is undefined for the run (a Sharpe
/// ratio without trades, a percentile without renders) is left out rather than given a made-up
/// number.
public struct RunResult: Sendable, Equatable {
    /// Metrics by name.
    public var metrics: [String: Double]
    /// The server's journal.
    public var journal: [JournalEntry]
    /// The series a report plots.
    public var plots: RunPlots
    /// Figures the run could not compute, and why (a portfolio whose ledger is invalid, say),
    /// one line each.
    public var problems: [String]

    init(
        config: RunConfig, recorder: MetricsRecorder, server: SimulatedServer,
        transactions: [PortfolioTransaction], shownPrices: [String: Double]
    ) {
        var metrics: [String: Double] = [:]
        Self.rateLimits(into: &metrics, recorder: recorder, config: config)
        Self.caches(into: &metrics, recorder: recorder)
        var plots = recorder.plots
        for (name, cache) in recorder.caches {
            let keys = cache.trace.map(\.key)
            guard Set(keys).count <= RunPlots.hitCurveKeyLimit else { continue }
            plots.hitCurves[name] = RunPlots.HitCurve(
                lookups: keys.count, points: BeladyOptimum.hitCurves(keys))
        }
        Self.charts(into: &metrics, recorder: recorder)
        Self.freshness(into: &metrics, "freshness", recorder.freshness.all)
        for (screen, ages) in recorder.freshness.byScreen {
            Self.freshness(into: &metrics, "freshness.\(screen.rawValue)", ages)
        }
        metrics["alerts.fired"] = Double(recorder.alertsFired)
        if !recorder.alertDelays.isEmpty {
            metrics["alerts.p95_delay_s"] =
                Double(Self.percentile(recorder.alertDelays.sorted(), 0.95)) / 1000
        }
        let portfolio = PortfolioMetrics(transactions: transactions, config: config, shownPrices: shownPrices)
        metrics.merge(portfolio.metrics) { $1 }
        plots.portfolioValue = portfolio.valueSeries
        problems = portfolio.problems
        for (name, count) in recorder.failures { metrics["failures.\(name)"] = Double(count) }
        for (outcome, count) in server.outcomeCounts { metrics["server.\(outcome.rawValue)"] = Double(count) }
        metrics["simulation.events"] = Double(recorder.events)
        metrics["watchlist.coins"] = Double(recorder.watchlistCoins)
        metrics["watchlist.unavailable"] = Double(recorder.watchlistUnavailable)
        self.metrics = metrics
        self.plots = plots
        journal = server.journal
    }

    /// The metrics as JSON: keys sorted, numbers in their shortest round-tripping form; the same
    /// run always gives the same bytes.
    public var metricsJSON: String {
        "{\n"
            + metrics.keys.sorted().map { "  \"\($0)\": \(JSONText.number(metrics[$0]!))" }.joined(
                separator: ",\n") + "\n}\n"
    }

    /// Nearest-rank percentile of sorted values.
    static func percentile(_ sorted: [Int64], _ fraction: Double) -> Int64 {
        sorted[max(0, min(sorted.count - 1, Int((fraction * Double(sorted.count)).rounded(.up)) - 1))]
    }

    private static func rateLimits(
        into metrics: inout [String: Double], recorder: MetricsRecorder, config: RunConfig
    ) {
        let sends = recorder.sendTimes.sorted()
        let hours = Double(config.durationMilliseconds) / 3_600_000
        metrics["rate_limit.requests"] = Double(sends.count)
        metrics["rate_limit.max_per_minute"] = Double(RateLimitAudit.maxInAnyWindow(sends))
        metrics["rate_limit.over_limit"] = Double(
            RateLimitAudit.sendsOverLimit(sends, limit: config.server.plan.requestsPerMinute))
        if let gap = RateLimitAudit.minimumGap(sends) { metrics["rate_limit.min_gap_ms"] = Double(gap) }
        metrics["rate_limit.status_429"] = Double(recorder.status429)
        metrics["rate_limit.wait_s"] = Double(recorder.waitMilliseconds) / 1000
        metrics["rate_limit.plan_per_minute"] = Double(config.server.plan.requestsPerMinute)
        metrics["rate_limit.credits"] = Double(recorder.credits)
        if hours > 0 {
            metrics["rate_limit.requests_per_hour"] = Double(sends.count) / hours
            // Assumption, stated in the report: this run's usage repeated for 30 days.
            let monthly = (Double(recorder.credits) / hours * 24 * 30).rounded()
            metrics["rate_limit.monthly_credits"] = monthly
            if let cap = config.server.plan.monthlyCredits {
                metrics["rate_limit.monthly_credits_share"] = monthly / Double(cap)
            }
        }
        for (endpoint, count) in recorder.sendsByEndpoint {
            metrics["rate_limit.requests.\(endpoint)"] = Double(count)
        }
    }

    /// Percentiles and shares of the on-screen age, seconds; nothing when nothing was visible.
    private static func freshness(
        into metrics: inout [String: Double], _ prefix: String, _ ages: TimeWeightedAges
    ) {
        guard !ages.isEmpty else { return }
        metrics["\(prefix).p50_age_s"] = ages.percentile(0.5)! / 1000
        metrics["\(prefix).p95_age_s"] = ages.percentile(0.95)! / 1000
        metrics["\(prefix).max_age_s"] = Double(ages.maximum) / 1000
        metrics["\(prefix).share_over_60s"] = ages.share(olderThan: 60_000)!
        metrics["\(prefix).share_over_5m"] = ages.share(olderThan: 300_000)!
        metrics["\(prefix).visible_s"] = ages.totalWeight / 1000
    }

    private static func caches(into metrics: inout [String: Double], recorder: MetricsRecorder) {
        var (hits, lookups, optimal, stale) = (0, 0, 0, 0)
        for (name, cache) in recorder.caches {
            let count = cache.hits + cache.misses
            let best = BeladyOptimum.hits(cache.trace, capacity: cache.capacity)
            (hits, lookups, optimal, stale) = (
                hits + cache.hits, lookups + count, optimal + best, stale + cache.staleServed
            )
            metrics["cache.\(name).hits"] = Double(cache.hits)
            metrics["cache.\(name).misses"] = Double(cache.misses)
            metrics["cache.\(name).stale_served"] = Double(cache.staleServed)
            if count > 0 {
                metrics["cache.\(name).hit_ratio"] = Double(cache.hits) / Double(count)
                metrics["cache.\(name).opt_hit_ratio"] = Double(best) / Double(count)
            }
        }
        metrics["cache.stale_served"] = Double(stale)
        if lookups > 0 {
            metrics["cache.hit_ratio"] = Double(hits) / Double(lookups)
            metrics["cache.opt_hit_ratio"] = Double(optimal) / Double(lookups)
        }
    }

    private static func charts(into metrics: inout [String: Double], recorder: MetricsRecorder) {
        var total = MetricsRecorder.ChartRecord()
        for (key, chart) in recorder.charts {
            for (name, value) in [
                ("renders", chart.renders), ("fetched", chart.fetched), ("kept", chart.kept),
                ("drawn", chart.drawn),
                ("empty", chart.empty), ("over_cap", chart.overCap), ("failed", chart.failed),
            ] {
                metrics["charts.\(key).\(name)"] = Double(value)
            }
            metrics["charts.\(key).max_deviation"] = chart.maxDeviation
            if key.hasSuffix(".candle") { metrics["charts.\(key).extreme_lost"] = chart.extremeLost }
            total.extremeLost = max(total.extremeLost, chart.extremeLost)
            total.renders += chart.renders
            total.empty += chart.empty
            total.overCap += chart.overCap
            total.failed += chart.failed
            total.maxDeviation = max(total.maxDeviation, chart.maxDeviation)
        }
        metrics["charts.renders"] = Double(total.renders)
        metrics["charts.empty"] = Double(total.empty)
        metrics["charts.over_cap"] = Double(total.overCap)
        metrics["charts.failed"] = Double(total.failed)
        metrics["charts.max_deviation"] = total.maxDeviation
        metrics["charts.candle_extreme_lost"] = total.extremeLost
    }
}
