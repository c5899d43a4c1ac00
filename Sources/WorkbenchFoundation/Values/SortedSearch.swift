extension UnsafeBufferPointer where Element == Int64 {
    /// The first index in `range` whose element is `>= value` (`range.upperBound` if none).
    ///
    /// - Precondition: The elements in `range` are sorted ascending.
    /// - Complexity: O(log `range.count`).
    @inline(__always)
    package func firstIndex(notBelow value: Int64, in range: Range<Int>) -> Int {
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
    package func firstIndex(above value: Int64, in range: Range<Int>) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = low + (high - low) / 2
            if self[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// ``firstIndex(above:in:)``, searched outward from `guess`: steps of 1, 2, 4, ... from it
    /// until the answer is bracketed, then a binary search of the bracket. When the guess is
    /// close, every probe lands near it, a few cache lines, where a plain binary search over a
    /// long range first probes its middle, far away: over 1e7 timestamps that is two dozen
    /// scattered reads, each a miss.
    ///
    /// - Precondition: The elements in `range` are sorted ascending; `range` is not empty.
    /// - Complexity: O(log d), d the distance from `guess` to the answer.
    @inline(__always)
    package func firstIndex(above value: Int64, in range: Range<Int>, near guess: Int) -> Int {
        let guess = Swift.min(Swift.max(guess, range.lowerBound), range.upperBound - 1)
        var (low, high) = (range.lowerBound, range.upperBound)
        var step = 1
        if self[guess] <= value {
            // The answer is after the guess: everything before `low` is <= value.
            low = guess + 1
            while low + step - 1 < high, self[low + step - 1] <= value {
                low += step
                step *= 2
            }
            high = Swift.min(low + step - 1, high)
        } else {
            // The answer is at or before the guess: `high`'s element is > value.
            high = guess
            while high - step >= low, self[high - step] > value {
                high -= step
                step *= 2
            }
            low = Swift.max(high - step + 1, low)
        }
        return firstIndex(above: value, in: low..<high)
    }
}

extension Array where Element == Int64 {
    /// The first index whose element is `>= value` (`count` if none), for a sorted array.
    ///
    /// - Complexity: O(log n).
    package func firstIndex(notBelow value: Int64) -> Int {
        withUnsafeBufferPointer { $0.firstIndex(notBelow: value, in: 0..<$0.count) }
    }
}
