extension EqualWidthBins {
    /// The values a block of ``argMinMax(_:_:)`` holds (8 KB, well inside a level-1 cache): few
    /// enough that finding an extreme's index again in its block is cheap, many enough that the
    /// per-block bookkeeping is a small share of the reading.
    static let extremesBlock = 1_024

    /// Ranges shorter than this go to ``laneArgMinMax(_:_:)``, whose single pass costs less than
    /// a block's reading plus the search for its index.
    static let shortestBlockedRange = 256

    /// The first indices of the minimum and the maximum of `y[range]` (ties to the first).
    ///
    /// Tracking an index beside every value costs three times the instructions of the values
    /// alone (a compare and two blends per lane against one `minpd`), and that loop was bound by
    /// instructions, not by memory (`docs/benchmarks.md`). So the range is read in blocks of
    /// ``extremesBlock``: each block's minimum and maximum by value only, the first block that
    /// reaches the range's minimum (and maximum) kept, then the first index holding that value
    /// found in its block. That is the first index of the minimum overall, as
    /// ``laneArgMinMax(_:_:)`` gives.
    ///
    /// NaN: ``laneArgMinMax(_:_:)`` passes over a NaN (no comparison with it holds) unless it is
    /// one of the range's first four values, which open its lanes. So a range opening with a NaN
    /// goes there, and every other range is read here with NaN passed over the same way: every
    /// block's running extremes start from the range's first value, not from a NaN.
    @inline(__always)
    static func argMinMax(_ y: UnsafeBufferPointer<Double>, _ range: Range<Int>) -> (min: Int, max: Int) {
        let first = range.lowerBound
        guard range.count >= shortestBlockedRange,
            !(y[first].isNaN || y[first + 1].isNaN || y[first + 2].isNaN || y[first + 3].isNaN)
        else { return laneArgMinMax(y, range) }
        func block(from start: Int) -> Range<Int> { start..<min(start + extremesBlock, range.upperBound) }
        // The first block holds `y[first]`, so its extremes are its own. A later block's may be
        // `y[first]`, which only ties with what is kept, and only a strict improvement moves it.
        var best = blockExtremes(y, block(from: first), from: y[first])
        var (minBlock, maxBlock) = (first, first)
        for start in stride(from: first + extremesBlock, to: range.upperBound, by: extremesBlock) {
            let extremes = blockExtremes(y, block(from: start), from: y[first])
            if extremes.min < best.min { (best.min, minBlock) = (extremes.min, start) }
            if extremes.max > best.max { (best.max, maxBlock) = (extremes.max, start) }
        }
        guard let minimum = firstIndex(of: best.min, in: y, block(from: minBlock)),
            let maximum = firstIndex(of: best.max, in: y, block(from: maxBlock))
        else { return laneArgMinMax(y, range) }
        return (minimum, maximum)
    }

    /// The smallest and largest of `seed` and the values of `y[block]`, passing over NaN (`seed`
    /// is not one).
    ///
    /// Two rows of four lanes a step, so each `minpd`/`maxpd` chain waits on its own previous
    /// result every other row: one row a step is bound by that latency, not by the loads.
    @inline(__always)
    static func blockExtremes(_ y: UnsafeBufferPointer<Double>, _ block: Range<Int>, from seed: Double) -> (
        min: Double, max: Double
    ) {
        var (low, high) = (SIMD4<Double>(repeating: seed), SIMD4<Double>(repeating: seed))
        var (otherLow, otherHigh) = (low, high)
        // `values .< low` is false for a NaN, so a NaN never replaces a lane (`minpd`'s rule).
        let pairsEnd = block.lowerBound + block.count / 8 * 8
        var index = block.lowerBound
        while index < pairsEnd {
            let values = SIMD4(y[index], y[index &+ 1], y[index &+ 2], y[index &+ 3])
            let others = SIMD4(y[index &+ 4], y[index &+ 5], y[index &+ 6], y[index &+ 7])
            low.replace(with: values, where: values .< low)
            high.replace(with: values, where: values .> high)
            otherLow.replace(with: others, where: others .< otherLow)
            otherHigh.replace(with: others, where: others .> otherHigh)
            index &+= 8
        }
        low.replace(with: otherLow, where: otherLow .< low)
        high.replace(with: otherHigh, where: otherHigh .> high)
        var minimum = min(min(low[0], low[1]), min(low[2], low[3]))
        var maximum = max(max(high[0], high[1]), max(high[2], high[3]))
        for index in pairsEnd..<block.upperBound {
            if y[index] < minimum { minimum = y[index] }
            if y[index] > maximum { maximum = y[index] }
        }
        return (minimum, maximum)
    }

    /// The first index in `block` whose value equals `value`, four values a compare: the search
    /// runs twice a bin, so a bin of 1e4 points read element by element would spend a fifth of
    /// its time here. `==` finds -0.0 for 0.0 too, as `<` sees them equal; it never finds NaN.
    @inline(__always)
    static func firstIndex(of value: Double, in y: UnsafeBufferPointer<Double>, _ block: Range<Int>) -> Int? {
        let target = SIMD4<Double>(repeating: value)
        let rowsEnd = block.lowerBound + block.count / 4 * 4
        var index = block.lowerBound
        while index < rowsEnd, !any(SIMD4(y[index], y[index &+ 1], y[index &+ 2], y[index &+ 3]) .== target) {
            index &+= 4
        }
        return y[index..<block.upperBound].firstIndex(of: value)
    }
}
