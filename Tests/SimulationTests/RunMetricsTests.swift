import AppHosting
import Testing
import TrackerCore
import WorkbenchMetrics

@Suite("Typed run metrics: one flattening names them, with units")
struct RunMetricsTests {
    /// Metrics set by hand, with values worked out beside them.
    static var handMade: RunMetrics {
        var metrics = RunMetrics()
        metrics.rateLimits.requests = 120
        metrics.rateLimits.maxPerMinute = 31
        metrics.rateLimits.minimumGapMilliseconds = 250
        metrics.rateLimits.planPerMinute = 30
        metrics.rateLimits.requestsPerHour = 60
        metrics.rateLimits.requestsByEndpoint = ["/coins/markets": 100, "/coins/{id}/ohlc": 20]
        metrics.caches[.market] = CacheMetrics(hits: 3, misses: 1, staleServed: 0, optimumHits: 3)
        metrics.caches[.chart] = CacheMetrics(hits: 1, misses: 5, staleServed: 2, optimumHits: 2)
        var line = ChartMetrics()
        (line.renders, line.fetched, line.drawn, line.maxDeviation) = (2, 500, 100, 0.25)
        var candles = ChartMetrics()
        (candles.renders, candles.overCap, candles.extremeLost, candles.failed) = (1, 1, 0.5, 1)
        metrics.charts = [ChartKey(.oneMonth, .line): line, ChartKey(.oneDay, .candle): candles]
        metrics.portfolio.value = 1000.5
        metrics.portfolio.sharpe = 1.25
        metrics.serverOutcomes = [.served: 7]
        metrics.failures = [FailureKey(.chart, .timeout): 1]
        return metrics
    }

    @Test("directions are declared with each metric and read back by name for stored runs")
    func directions() {
        #expect(RunMetrics.direction(of: "rate_limit.requests") == .lowerIsBetter)
        #expect(RunMetrics.direction(of: "rate_limit.requests./coins/markets") == .lowerIsBetter)
        #expect(RunMetrics.direction(of: "freshness.watchlist.p95_age_s") == .lowerIsBetter)
        #expect(RunMetrics.direction(of: "failures.chart.http_503") == .lowerIsBetter)
        #expect(RunMetrics.direction(of: "cache.chart.hit_ratio") == .higherIsBetter)
        #expect(RunMetrics.direction(of: "portfolio.irr_period") == .higherIsBetter)
        #expect(RunMetrics.direction(of: "server.rate-limited") == .lowerIsBetter)
        #expect(RunMetrics.direction(of: Metric.failedExpectationsName) == .lowerIsBetter)
        for neither in [
            "charts.renders", "portfolio.value", "server.served", "cache.opt_hit_ratio", "no.such",
        ] {
            #expect(RunMetrics.direction(of: neither) == nil, "\(neither)")
        }
        // What a run built is what a stored run's name gives back.
        for metric in Self.handMade.flattened() {
            #expect(RunMetrics.direction(of: metric.name) == metric.direction, "\(metric.name)")
        }
    }

    @Test("names, values and units of a hand-made run")
    func flattenedNames() {
        let flat = Self.handMade.flattened()
        let byName = Dictionary(uniqueKeysWithValues: flat.map { ($0.name, $0) })
        #expect(byName.count == flat.count)
        #expect(flat.map(\.name) == flat.map(\.name).sorted())
        // All caches: 4 hits of 10 lookups; the optimum 5 of 10; stale 2.
        #expect(byName["cache.hit_ratio"] == Metric("cache.hit_ratio", 0.4, .ratio, .higherIsBetter))
        #expect(byName["cache.opt_hit_ratio"] == Metric("cache.opt_hit_ratio", 0.5, .ratio))
        #expect(byName["cache.stale_served"]?.value == 2)
        #expect(byName["cache.chart.hit_ratio"]?.value == 1.0 / 6)
        #expect(byName["cache.hits"] == nil)
        #expect(byName["rate_limit.min_gap_ms"] == Metric("rate_limit.min_gap_ms", 250, .milliseconds))
        #expect(byName["rate_limit.plan_per_minute"]?.unit == .perMinute)
        #expect(byName["rate_limit.requests_per_hour"]?.unit == .perHour)
        #expect(byName["rate_limit.requests./coins/{id}/ohlc"]?.value == 20)
        // Undefined figures are left out, not zero.
        #expect(byName["rate_limit.monthly_credits"] == nil && byName["freshness.p95_age_s"] == nil)
        #expect(byName["portfolio.irr"] == nil && byName["alerts.p95_delay_s"] == nil)
        #expect(byName["portfolio.value"] == Metric("portfolio.value", 1000.5, .usd))
        #expect(byName["portfolio.sharpe"]?.unit == .number)
        // Per chart: extreme_lost for candles only; totals sum counts and take the worst.
        #expect(byName["charts.1M.line.drawn"]?.value == 100)
        #expect(byName["charts.1M.line.extreme_lost"] == nil)
        #expect(
            byName["charts.1D.candle.extreme_lost"]
                == Metric("charts.1D.candle.extreme_lost", 0.5, .ratio, .lowerIsBetter))
        #expect(byName["charts.renders"]?.value == 3 && byName["charts.over_cap"]?.value == 1)
        #expect(byName["charts.max_deviation"]?.value == 0.25)
        #expect(byName["charts.candle_extreme_lost"]?.value == 0.5)
        #expect(byName["charts.failed"]?.value == 1)
        #expect(byName["server.served"]?.value == 7 && byName["failures.chart.timeout"]?.value == 1)
        #expect(byName["simulation.events"]?.value == 0 && byName["watchlist.coins"]?.value == 0)
    }

    @Test("the sections and the chart details together are exactly the flattened metrics")
    func sectionsPartition() {
        let metrics = Self.handMade
        let sections = RunMetrics.Section.allCases.flatMap(metrics.metrics(in:)).map(\.name)
        let details = metrics.chartDetails.flatMap { key, figures in
            figures.map { "charts.\(key.name).\($0.name)" }
        }
        #expect((sections + details).sorted() == metrics.flattened().map(\.name))
        for section in RunMetrics.Section.allCases {
            #expect(metrics.metrics(in: section).allSatisfy { $0.name.hasPrefix(section.rawValue + ".") })
        }
        // Shorter ranges first.
        #expect(metrics.chartDetails.map(\.key.name) == ["1D.candle", "1M.line"])
    }

    @Test("look-ups by stable name agree with the typed values")
    func lookups() {
        let metrics = Self.handMade
        #expect(metrics["rate_limit.max_per_minute"] == 31)
        #expect(metrics["cache.market.misses"] == 1)
        #expect(metrics["nope"] == nil)
        #expect(metrics.byName.count == metrics.flattened().count)
        #expect(metrics.byName["portfolio.sharpe"] == 1.25)
    }
}
