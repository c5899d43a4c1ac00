/// How faithfully a downsampled line draws the series it came from.
///
/// The drawn line is the polyline through the kept points (distinct indices, in order), as a
/// chart draws it. For every input point the deviation is the distance between its value and
/// the line at its timestamp; before the first and after the last kept point the line is taken
/// as flat at that point's value, so dropping the newest point costs the price move it hides.
public struct DownsamplingFidelity: Sendable, Equatable, Codable {
    /// Points in the full series.
    public var inputCount: Int
    /// Points drawn (kept indices, duplicates included, as the chart receives them).
    public var outputCount: Int
    /// The cap the chart had.
    public var cap: Int
    /// Largest absolute distance between a point and the drawn line; nil when nothing is drawn
    /// from a non-empty series.
    public var maxAbsoluteDeviation: Double?
    /// ``maxAbsoluteDeviation`` divided by the series' value range (0 for a flat series).
    public var maxRelativeDeviation: Double?
    /// Whether a point with the global minimum value was drawn.
    public var keptMinimum: Bool
    /// Whether a point with the global maximum value was drawn.
    public var keptMaximum: Bool
    /// Whether the newest point (the current price) was drawn.
    public var keptNewest: Bool

    /// Whether more points were drawn than the cap allows.
    public var isOverCap: Bool { outputCount > cap }

    /// Measures a downsampling of a series.
    ///
    /// - Parameters:
    ///   - series: The full series, sorted.
    ///   - kept: The indices drawn, non-decreasing.
    ///   - cap: The chart's point cap.
    /// - Returns: The measures.
    /// - Complexity: O(n + k).
    public static func measure(series: TimeSeries, kept: [Int], cap: Int) -> DownsamplingFidelity {
        let values = series.values
        var fidelity = DownsamplingFidelity(
            inputCount: series.count,
            outputCount: kept.count,
            cap: cap,
            maxAbsoluteDeviation: series.isEmpty ? 0 : nil,
            maxRelativeDeviation: series.isEmpty ? 0 : nil,
            keptMinimum: series.isEmpty,
            keptMaximum: series.isEmpty,
            keptNewest: series.isEmpty
        )
        guard let minimum = values.min(), let maximum = values.max(), !kept.isEmpty else { return fidelity }
        fidelity.keptMinimum = kept.contains { values[$0] == minimum }
        fidelity.keptMaximum = kept.contains { values[$0] == maximum }
        fidelity.keptNewest = kept.last == series.count - 1
        let deviation = largestDeviation(series: series, drawn: kept)?.deviation ?? 0
        fidelity.maxAbsoluteDeviation = deviation
        fidelity.maxRelativeDeviation = maximum > minimum ? deviation / (maximum - minimum) : 0
        return fidelity
    }

    /// The point farthest from the polyline through `drawn`, and its distance (the first of equal
    /// distances); nil when nothing is drawn.
    ///
    /// - Parameters:
    ///   - series: The full series, sorted.
    ///   - drawn: The indices drawn, non-decreasing.
    public static func largestDeviation(series: TimeSeries, drawn: [Int]) -> (index: Int, deviation: Double)?
    {
        guard let first = drawn.first, let last = drawn.last, first >= 0, last < series.count else {
            return nil
        }
        return series.timestamps.withUnsafeBufferPointer { x in
            series.values.withUnsafeBufferPointer { y in
                var worst = (index: first, deviation: 0.0)
                func consider(_ index: Int, _ line: Double) {
                    let deviation = abs(y[index] - line)
                    if deviation > worst.deviation { worst = (index, deviation) }
                }
                for index in 0..<first { consider(index, y[first]) }
                for index in (last + 1)..<max(last + 1, y.count) { consider(index, y[last]) }
                var left = first
                for right in drawn.dropFirst() where right > left {
                    let x0 = Double(x[left])
                    let span = Double(x[right]) - x0
                    let rise = y[right] - y[left]
                    for index in (left + 1)..<right {
                        consider(
                            index, span > 0 ? y[left] + rise * ((Double(x[index]) - x0) / span) : y[left])
                    }
                    left = right
                }
                return worst
            }
        }
    }
}
