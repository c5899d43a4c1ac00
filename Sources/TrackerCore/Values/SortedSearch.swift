extension UnsafeBufferPointer where Element == Int64 {
    /// The first index in `range` whose element is `>= value` (`range.upperBound` if none).
    ///
    /// - Precondition: The elements in `range` are sorted ascending.
    /// - Complexity: O(log `range.count`).
    @inline(__always)
    func firstIndex(notBelow value: Int64, in range: Range<Int>) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = low + (high - low) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The first index in `range` whose element is `> value` (`range.upperBound` if none).
    ///
    /// - Precondition: The elements in `range` are sorted ascending.
    /// - Complexity: O(log `range.count`).
    @inline(__always)
    func firstIndex(above value: Int64, in range: Range<Int>) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = low + (high - low) / 2
            if self[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension Array where Element == Int64 {
    /// The first index whose element is `>= value` (`count` if none), for a sorted array.
    ///
    /// - Complexity: O(log n).
    func firstIndex(notBelow value: Int64) -> Int {
        withUnsafeBufferPointer { $0.firstIndex(notBelow: value, in: 0..<$0.count) }
    }
}
