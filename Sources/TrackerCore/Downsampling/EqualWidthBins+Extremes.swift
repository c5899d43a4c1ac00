extension EqualWidthBins {
    /// The values a block of ``argMinMax(_:_:)`` holds (2 KB): small enough that finding an
    /// extreme's index again in its block is cheap.
    static let extremesBlock = 256

    /// The first indices of the minimum and the maximum of `y[range]` (ties to the first).
    ///
    /// Tracking an index beside every value costs three times the instructions of the values
    /// alone (a compare and two blends per lane against one `minpd`), and that loop was bound by
    /// instructions, not by memory (`docs/benchmarks.md`). So the range is read in blocks of ``extremesBlock``: each
    /// block's minimum and maximum by value only, the first block that reaches the range's
    /// minimum (and maximum) kept, then the first index holding that value found in its block.
    /// That is the first index of the minimum overall, as ``laneArgMinMax(_:_:)`` gives. A range
    /// with a NaN (the block sums turn NaN) or a short one goes to ``laneArgMinMax(_:_:)``, whose
    /// handling of NaN is the rule.
    @inline(__always)
    static func argMinMax(_ y: UnsafeBufferPointer<Double>, _ range: Range<Int>) -> (min: Int, max: Int) {
        guard range.count >= extremesBlock else { return laneArgMinMax(y, range) }
        func block(from start: Int) -> Range<Int> { start..<min(start + extremesBlock, range.upperBound) }
        var best: (min: Double, minBlock: Int, max: Double, maxBlock: Int)?
        for start in stride(from: range.lowerBound, to: range.upperBound, by: extremesBlock) {
            guard let extremes = blockExtremes(y, block(from: start)) else { return laneArgMinMax(y, range) }
            guard var kept = best else {
                best = (extremes.min, start, extremes.max, start)
                continue
            }
            if extremes.min < kept.min { (kept.min, kept.minBlock) = (extremes.min, start) }
            if extremes.max > kept.max { (kept.max, kept.maxBlock) = (extremes.max, start) }
            best = kept
        }
        // `==` finds -0.0 for 0.0 too, as `<` sees them equal.
        guard let best, let minimum = y[block(from: best.minBlock)].firstIndex(of: best.min),
            let maximum = y[block(from: best.maxBlock)].firstIndex(of: best.max)
        else { return laneArgMinMax(y, range) }
        return (minimum, maximum)
    }

    /// The minimum and maximum values of `y[block]`, or nil when the block may hold a NaN (its
    /// sum is NaN: a NaN, or infinities of both signs, which only costs the exact path).
    @inline(__always)
    static func blockExtremes(_ y: UnsafeBufferPointer<Double>, _ block: Range<Int>) -> (
        min: Double, max: Double
    )? {
        guard block.count >= 4 else {
            var (low, high, sum) = (y[block.lowerBound], y[block.lowerBound], 0.0)
            for index in block {
                (low, high, sum) = (min(low, y[index]), max(high, y[index]), sum + y[index])
            }
            return sum.isNaN ? nil : (low, high)
        }
        let first = block.lowerBound
        var low = SIMD4<Double>(y[first], y[first + 1], y[first + 2], y[first + 3])
        var (high, sum) = (low, low)
        let bodyEnd = first + (block.count / 4) * 4
        var index = first + 4
        while index < bodyEnd {
            let values = SIMD4<Double>(y[index], y[index + 1], y[index + 2], y[index + 3])
            low.replace(with: values, where: values .< low)
            high.replace(with: values, where: values .> high)
            sum += values
            index += 4
        }
        var minimum = min(min(low[0], low[1]), min(low[2], low[3]))
        var maximum = max(max(high[0], high[1]), max(high[2], high[3]))
        var total = sum.sum()
        for index in bodyEnd..<block.upperBound {
            (minimum, maximum, total) = (min(minimum, y[index]), max(maximum, y[index]), total + y[index])
        }
        return total.isNaN ? nil : (minimum, maximum)
    }
}
