import AppHosting
import Reports
import WorkbenchMetrics

extension ReportResult {
    /// What the reports show of a simulator's result: the metrics flat and by section, the
    /// charts' figures, the problems and the plotted series.
    ///
    /// - Parameter result: The run's result.
    public init(_ result: RunResult) {
        let metrics = result.metrics
        let plots = result.plots
        self.init(
            metrics: metrics.flattened(),
            sections: RunMetrics.Section.allCases.compactMap { section in
                let group = metrics.metrics(in: section)
                return group.isEmpty ? nil : MetricGroup(name: section.rawValue, metrics: group)
            },
            charts: metrics.chartDetails.map { MetricGroup(name: $0.key.name, metrics: $0.metrics) },
            problems: result.problems,
            plots: ReportPlotData(
                charts: plots.charts.keys.sorted().map { key in
                    var chart = plots.charts[key]!
                    chart.staleServes = plots.staleServes[key] ?? 0
                    return chart
                },
                candleCharts: plots.candleCharts.keys.sorted().map { key in
                    var chart = plots.candleCharts[key]!
                    chart.staleServes = plots.staleServes[key] ?? 0
                    return chart
                },
                requests: result.journal.map { .init(time: $0.time, limited: $0.status == 429) },
                planPerMinute: metrics.rateLimits.planPerMinute,
                lookups: plots.lookups.map { .init(time: $0.time, hit: $0.hit) },
                hitCurves: plots.hitCurves.keys.sorted().map { name in
                    let curve = plots.hitCurves[name]!
                    return .init(
                        cache: name, lookups: curve.lookups,
                        points: curve.points.map {
                            .init(capacity: $0.capacity, lru: $0.lru, optimum: $0.bound)
                        })
                },
                screenAge: plots.screenAge.map { .init(time: $0.time, age: $0.age) },
                portfolioValue: plots.portfolioValue, portfolioReturns: plots.portfolioReturns,
                benchmarkReturns: plots.benchmarkReturns))
    }
}
