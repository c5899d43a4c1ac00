/// A columnar time series: epoch-millisecond timestamps and one `Double` value per timestamp.
///
/// This is the chart data shape of the whole workbench (prices, market caps, volumes). Two
/// parallel arrays instead of an array of points keep the hot loops (filtering, downsampling,
/// fidelity) free of per-point allocation and friendly to the vectoriser.
///
/// Series decoded by ``MarketChartDecoder`` have strictly increasing timestamps; a series built
/// by hand is expected to be sorted as well (``isStrictlyIncreasing`` tells).
public struct TimeSeries: Sendable, Equatable {
    /// Epoch milliseconds, one per value.
    public let timestamps: [Int64]
    /// The values, one per timestamp.
    public let values: [Double]

    /// Creates a series from two columns of equal length.
    ///
    /// - Parameters:
    ///   - timestamps: Epoch milliseconds, expected in increasing order.
    ///   - values: One value per timestamp.
    /// - Precondition: Both columns have the same count.
    public init(timestamps: [Int64], values: [Double]) {
        precondition(timestamps.count == values.count, "TimeSeries columns differ in length")
        self.timestamps = timestamps
        self.values = values
    }

    /// An empty series.
    public static let empty = TimeSeries(timestamps: [], values: [])

    /// The number of points.
    public var count: Int { timestamps.count }

    /// Whether the series has no points.
    public var isEmpty: Bool { timestamps.isEmpty }

    /// Milliseconds from the first to the last timestamp; 0 for fewer than two points.
    public var spanMilliseconds: Int64 {
        guard let first = timestamps.first, let last = timestamps.last else { return 0 }
        return last - first
    }

    /// Whether every timestamp is greater than the one before it.
    public var isStrictlyIncreasing: Bool {
        timestamps.isStrictlyIncreasing
    }

    /// The points at the given indices, in the order given.
    ///
    /// - Parameter indices: Valid indices into the series, for example a downsampler's output.
    /// - Returns: A series with `indices.count` points.
    /// - Complexity: O(`indices.count`).
    public func selecting(_ indices: [Int]) -> TimeSeries {
        TimeSeries(
            timestamps: indices.map { timestamps[$0] },
            values: indices.map { values[$0] }
        )
    }

    /// The points from `start` to the end.
    ///
    /// - Parameter start: An index in `0...count`.
    /// - Returns: The suffix as a new series.
    public func suffix(from start: Int) -> TimeSeries {
        if start == 0 { return self }
        return TimeSeries(
            timestamps: Array(timestamps[start...]),
            values: Array(values[start...])
        )
    }
}

extension Array where Element == Int64 {
    /// Whether every element is greater than the one before it.
    var isStrictlyIncreasing: Bool { firstIndexNotAbovePredecessor == nil }

    /// The first index whose element is not greater than the one before it (the elements before
    /// it strictly increase), or nil when every element is.
    var firstIndexNotAbovePredecessor: Int? {
        withUnsafeBufferPointer { buffer in
            guard buffer.count > 1 else { return nil }
            for index in 1..<buffer.count where buffer[index] <= buffer[index - 1] {
                return index
            }
            return nil
        }
    }

    /// Whether no element is smaller than the one before it (equal neighbours allowed).
    var isNonDecreasing: Bool {
        withUnsafeBufferPointer { buffer in
            guard buffer.count > 1 else { return true }
            for index in 1..<buffer.count where buffer[index] < buffer[index - 1] {
                return false
            }
            return true
        }
    }

    /// The indices of the elements at or above `cutoff`, in order.
    func indices(notBelow cutoff: Int64) -> [Int] {
        indices.filter { self[$0] >= cutoff }
    }
}
