import WorkbenchFoundation

/// What the decoder fixed in a series' timestamps, so a report can count it.
///
/// CoinGecko's chart responses end with an off-grid "now" point that can be *earlier* than the
/// point before it (seen in the recorded `days=1` response: 955 ms earlier, same value). The
/// workbench's policy, applied by every decoder of chart data:
///
/// 1. sort the rows by timestamp, stably (rows with equal timestamps keep their document order);
/// 2. of rows with equal timestamps keep the last one in document order (the latest word) and
///    drop the others.
///
/// Nothing else is changed and nothing is dropped silently: the counts land here.
public struct SeriesRepairs: Sendable, Equatable, Codable {
    /// Rows whose timestamp was smaller than one before them in the document.
    public var outOfOrder: Int
    /// Rows dropped because a later row had the same timestamp.
    public var duplicatesDropped: Int

    /// Creates a repair record.
    ///
    /// - Parameters:
    ///   - outOfOrder: Rows that were out of order.
    ///   - duplicatesDropped: Rows dropped as duplicates.
    public init(outOfOrder: Int = 0, duplicatesDropped: Int = 0) {
        self.outOfOrder = outOfOrder
        self.duplicatesDropped = duplicatesDropped
    }

    /// No repairs.
    public static let none = SeriesRepairs()

    /// Whether nothing was fixed.
    public var isEmpty: Bool { outOfOrder == 0 && duplicatesDropped == 0 }
}

extension SeriesRepairs {
    /// Applies the policy to rows given as a timestamp column and value columns, in place.
    ///
    /// - Parameters:
    ///   - timestamps: The rows' timestamps, in document order.
    ///   - columns: Value columns, each as long as `timestamps`.
    /// - Returns: What was fixed.
    /// - Complexity: O(n) when already strictly increasing (the common case), else O(n log n).
    public static func apply(timestamps: inout [Int64], columns: inout [[Double]]) -> SeriesRepairs {
        if timestamps.isStrictlyIncreasing { return .none }
        var outOfOrder = 0
        var runningMaximum = Int64.min
        for timestamp in timestamps {
            if timestamp < runningMaximum { outOfOrder += 1 }
            runningMaximum = max(runningMaximum, timestamp)
        }
        let stamps = timestamps
        let order = stamps.indices.sorted { left, right in
            stamps[left] != stamps[right] ? stamps[left] < stamps[right] : left < right
        }
        var kept: [Int] = []
        kept.reserveCapacity(order.count)
        for (position, index) in order.enumerated() {
            let isLastOfItsTimestamp =
                position + 1 == order.count || stamps[order[position + 1]] != stamps[index]
            if isLastOfItsTimestamp { kept.append(index) }
        }
        timestamps = kept.map { stamps[$0] }
        columns = columns.map { column in kept.map { column[$0] } }
        return SeriesRepairs(outOfOrder: outOfOrder, duplicatesDropped: order.count - kept.count)
    }
}

extension NumericRows {
    /// Applies the ``SeriesRepairs`` policy in place.
    mutating func repairTimestamps() -> SeriesRepairs {
        SeriesRepairs.apply(timestamps: &timestamps, columns: &columns)
    }
}
