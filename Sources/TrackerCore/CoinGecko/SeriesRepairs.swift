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
    /// - Complexity: O(n) when already strictly increasing (the common case) or when at most
    ///   ``nearlySortedLimit`` rows are out of order (every recorded `days=1` response: its
    ///   last row), else O(n log n). One pass finds the first row not above the one before it;
    ///   the rest of the work starts there (in every recorded `days=1` response, the last row).
    public static func apply(timestamps: inout [Int64], columns: inout [[Double]]) -> SeriesRepairs {
        guard let first = timestamps.firstIndexNotAbovePredecessor else { return .none }
        let outOfOrder = rowsBelowRunningMaximum(timestamps, from: first)
        return outOfOrder <= nearlySortedLimit
            ? repairInPlace(timestamps: &timestamps, columns: &columns, from: first, outOfOrder: outOfOrder)
            : repairBySorting(timestamps: &timestamps, columns: &columns, outOfOrder: outOfOrder)
    }

    /// The most rows out of order that are moved into place one by one (each passes at most the
    /// whole series, so at most this many times n moves) rather than sorted.
    package static let nearlySortedLimit = 16

    /// The rows whose timestamp is smaller than one before them (the policy's out-of-order count).
    ///
    /// - Parameter first: Where to start counting: the rows before it must strictly increase
    ///   (none of them is out of order, and the last is their maximum).
    package static func rowsBelowRunningMaximum(_ timestamps: [Int64], from first: Int = 0) -> Int {
        var outOfOrder = 0
        var runningMaximum = first > 0 ? timestamps[first - 1] : Int64.min
        for timestamp in timestamps[first...] {
            if timestamp < runningMaximum { outOfOrder += 1 }
            runningMaximum = max(runningMaximum, timestamp)
        }
        return outOfOrder
    }

    /// The policy by a stable sort of the row indices, then the last row of each timestamp.
    package static func repairBySorting(
        timestamps: inout [Int64], columns: inout [[Double]], outOfOrder: Int
    ) -> SeriesRepairs {
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

    /// The policy in place, without allocating: each row out of order moved back past the rows
    /// with greater timestamps (not past equal ones, so rows of one timestamp keep their
    /// document order, as the stable sort keeps them), then each run of equal timestamps cut to
    /// its last row. The same rows as ``repairBySorting(timestamps:columns:outOfOrder:)``
    /// (`SeriesRepairsTests` compares them on every small series and on random ones).
    ///
    /// - Parameter first: The first row not above the one before it (the rows before it strictly
    ///   increase), or the row count when there is none: neither pass looks before it.
    package static func repairInPlace(
        timestamps: inout [Int64], columns: inout [[Double]], from first: Int, outOfOrder: Int
    ) -> SeriesRepairs {
        let count = timestamps.count
        // The rows before it are unmoved and strictly increasing.
        var firstMoved = first
        for row in max(first, 1)..<max(count, 1) where timestamps[row] < timestamps[row - 1] {
            var place = row - 1
            while place > 0, timestamps[place - 1] > timestamps[row] { place -= 1 }
            moveBack(&timestamps, from: row, to: place)
            for column in columns.indices { moveBack(&columns[column], from: row, to: place) }
            firstMoved = min(firstMoved, place)
        }
        // Rows before the first pair of equal timestamps stay where they are; that pair is at
        // most one row before the first moved one.
        let pairs = max(firstMoved - 1, 0)..<max(count - 1, 0)
        guard let firstDuplicate = pairs.first(where: { timestamps[$0 + 1] == timestamps[$0] }) else {
            return SeriesRepairs(outOfOrder: outOfOrder)
        }
        var kept = firstDuplicate
        for row in firstDuplicate..<count where row + 1 == count || timestamps[row + 1] != timestamps[row] {
            timestamps[kept] = timestamps[row]
            for column in columns.indices { columns[column][kept] = columns[column][row] }
            kept += 1
        }
        timestamps.removeLast(count - kept)
        for column in columns.indices { columns[column].removeLast(count - kept) }
        return SeriesRepairs(outOfOrder: outOfOrder, duplicatesDropped: count - kept)
    }

    /// Moves `array[from]` to `place` (before it), shifting the elements between up by one.
    @inline(__always)
    private static func moveBack<Element>(_ array: inout [Element], from: Int, to place: Int) {
        let moved = array[from]
        var index = from
        while index > place {
            array[index] = array[index - 1]
            index -= 1
        }
        array[place] = moved
    }
}

extension NumericRows {
    /// Applies the ``SeriesRepairs`` policy in place.
    mutating func repairTimestamps() -> SeriesRepairs {
        SeriesRepairs.apply(timestamps: &timestamps, columns: &columns)
    }
}
