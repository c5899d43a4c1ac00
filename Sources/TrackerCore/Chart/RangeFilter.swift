import WorkbenchFoundation

/// How a chart keeps only the points of its range, before downsampling.
///
/// Both policies keep the points at or after a cutoff of `span` before an anchor; they differ in
/// the anchor:
/// - ``wallclock`` anchors at *now* (the app as built subtracts the span from the device clock). Here
///   *now* is always injected (the simulated clock), never read. With data older than the span
///   (a cached or recorded response, a delayed server) it keeps nothing: an empty chart.
/// - ``dataAnchored`` anchors at the newest point, so a chart always shows its range of the data
///   it has, however old.
public enum RangeFilter: String, CaseIterable, Sendable, Codable {
    /// Cutoff `now - span`: the app (Pointwelve/Bitpal-iOS
    /// `Bitpal-v2/Bitpal/Features/CoinDetail/Models/ChartTimeRange.swift`,
    /// `filterDataPoints(_:timestampKeyPath:)`, which compares against the current date).
    case wallclock
    /// Cutoff `newest timestamp - span`.
    case dataAnchored = "data-anchored"

    /// The earliest timestamp kept, or nil when there is nothing to keep from.
    ///
    /// - Parameters:
    ///   - range: The chart range.
    ///   - newest: The newest timestamp of the data, if any.
    ///   - now: The current (simulated) time in epoch milliseconds.
    public func cutoff(for range: ChartTimeRange, newest: Int64?, now: Int64) -> Int64? {
        switch self {
        case .wallclock: now - range.spanMilliseconds
        case .dataAnchored: newest.map { $0 - range.spanMilliseconds }
        }
    }

    /// The points of `series` inside `range`, in their order: the app's
    /// `points.filter { $0.timestamp >= cutoffDate }`, which keeps rows as sent (``ChartRowOrder``).
    ///
    /// - Parameters:
    ///   - series: A series, sorted or as sent.
    ///   - range: The chart range.
    ///   - now: The current (simulated) time in epoch milliseconds.
    /// - Returns: The points at or after the cutoff (a suffix, for a sorted series).
    /// - Complexity: O(n) to check the order, then O(log n) and the copy of the suffix for a
    ///   sorted series, O(n) otherwise.
    public func apply(to series: TimeSeries, range: ChartTimeRange, now: Int64) -> TimeSeries {
        let sorted = series.timestamps.isNonDecreasing
        let newest = sorted ? series.timestamps.last : series.timestamps.max()
        guard let cutoff = cutoff(for: range, newest: newest, now: now) else { return series }
        guard sorted else { return series.selecting(series.timestamps.indices(notBelow: cutoff)) }
        return series.suffix(from: series.timestamps.firstIndex(notBelow: cutoff))
    }

    /// The candles of `candles` inside `range`, judged by close time, in their order.
    ///
    /// - Parameters:
    ///   - candles: Candles, sorted by close time or as sent.
    ///   - range: The chart range.
    ///   - now: The current (simulated) time in epoch milliseconds.
    /// - Returns: The candles closing at or after the cutoff (a suffix, for sorted candles).
    public func apply(to candles: CandleSeries, range: ChartTimeRange, now: Int64) -> CandleSeries {
        let sorted = candles.closeTimes.isNonDecreasing
        let newest = sorted ? candles.closeTimes.last : candles.closeTimes.max()
        guard let cutoff = cutoff(for: range, newest: newest, now: now) else { return candles }
        guard sorted else { return candles.selecting(candles.closeTimes.indices(notBelow: cutoff)) }
        return candles.suffix(from: candles.closeTimes.firstIndex(notBelow: cutoff))
    }
}
