import TrackerCore
import WorkbenchMetrics

/// One chart range and type's renders and what they drew (`charts.<range>.<type>.*`), or all
/// charts' totals (`charts.*`).
public struct ChartMetrics: Sendable, Equatable {
    /// Charts put on screen (from a fetch or a cache).
    public var renders = 0
    /// Fetched or cached payloads processed for the screen (filtered and downsampled): the
    /// `fetched`, `kept` and `drawn` totals are over these.
    public var prepared = 0
    /// Points or candles fetched.
    public var fetched = 0
    /// Those kept after the range filter.
    public var kept = 0
    /// Those drawn after downsampling.
    public var drawn = 0
    /// Fetched charts with nothing kept.
    public var empty = 0
    /// Fetched charts drawn with more points than the range's cap.
    public var overCap = 0
    /// Chart loads that failed with nothing stale to show.
    public var failed = 0
    /// The largest relative deviation of a drawn line from the kept series (``DownsamplingFidelity``).
    public var maxDeviation = 0.0
    /// The most of a candle chart's high-low range its sampling hid (``CandleFidelity``).
    public var extremeLost = 0.0

    /// Creates empty figures.
    public init() {}

    /// The figures of one range and type, under their leaf names; `extreme_lost` for candles.
    func metrics(for type: ChartType) -> [Metric] {
        var metrics: [Metric] = [
            .count("renders", renders), .count("prepared", prepared), .count("fetched", fetched),
            .count("kept", kept),
            .count("drawn", drawn), .count("empty", empty, .lower), .count("over_cap", overCap, .lower),
            .count("failed", failed, .lower), Metric("max_deviation", maxDeviation, .ratio, .lower),
        ]
        if type == .candle { metrics.append(Metric("extreme_lost", extremeLost, .ratio, .lower)) }
        return metrics
    }

    /// The totals' figures: counts summed, deviations and losses at their worst.
    var totalMetrics: [Metric] {
        [
            .count("renders", renders), .count("empty", empty, .lower), .count("over_cap", overCap, .lower),
            .count("failed", failed, .lower), Metric("max_deviation", maxDeviation, .ratio, .lower),
            Metric("candle_extreme_lost", extremeLost, .ratio, .lower),
        ]
    }

    /// Every range and type's counts summed, deviations and losses at their worst.
    static func total(of charts: some Collection<ChartMetrics>) -> ChartMetrics {
        charts.reduce(into: ChartMetrics()) { total, chart in
            total.renders += chart.renders
            total.fetched += chart.fetched
            total.kept += chart.kept
            total.drawn += chart.drawn
            total.empty += chart.empty
            total.overCap += chart.overCap
            total.failed += chart.failed
            total.maxDeviation = max(total.maxDeviation, chart.maxDeviation)
            total.extremeLost = max(total.extremeLost, chart.extremeLost)
        }
    }
}
