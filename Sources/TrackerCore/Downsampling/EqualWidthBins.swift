import WorkbenchFoundation

/// The equal-width time bins of MinMax and M4, with tsdownsample 0.1.5.1's exact edges.
///
/// In Double: `step = x_last/nb - x0/nb`; the right edge of bin i is
/// `v_i = ((x0 + step m) + step m) + 1e-12` with `m = (i+1)/2`, truncated toward zero. Walking
/// from index 0, a bin whose first candidate is already `>= v_i` is empty; otherwise it runs to
/// the first index whose x is `> v_i`. One deliberate difference: the last bin always runs to the
/// end, so the newest point is never lost to a rounding of its edge (tsdownsample can drop it).
enum EqualWidthBins {
    /// Calls `body(start, end)` for each non-empty bin `[start, end)`, in order.
    ///
    /// - Parameters:
    ///   - x: Sorted timestamps, not empty.
    ///   - binCount: The number of bins, at least 1.
    ///   - body: Receives each bin.
    /// - Complexity: O(binCount x log N).
    @inline(__always)
    static func forEach(x: UnsafeBufferPointer<Int64>, binCount: Int, _ body: (Int, Int) -> Void) {
        let count = x.count
        guard count > 0 else { return }
        let first = Double(x[0])
        let step = Double(x[count - 1]) / Double(binCount) - first / Double(binCount)
        var start = 0
        for bin in 0..<binCount {
            guard start < count else { return }
            if bin == binCount - 1 {
                body(start, count)
                return
            }
            let half = Double(bin + 1) / 2
            let edge = Int64(((first + step * half) + step * half) + 1e-12)
            if x[start] >= edge { continue }
            // Points spread evenly over the bins left would end this bin here.
            let expectedEnd = start + (count - start) / (binCount - bin)
            let end = x.firstIndex(above: edge, in: start..<count, near: expectedEnd)
            body(start, end)
            start = end
        }
    }

    /// The MinMax and M4 selection: per non-empty bin, all its points when it has at most
    /// `pointsPerBin` of them, else its first minimum and first maximum in index order, framed by
    /// the bin's first and last point when `keepingBinEnds` (M4).
    ///
    /// - Parameters:
    ///   - x: Sorted timestamps.
    ///   - y: Values.
    ///   - nOut: The budget; `nOut / pointsPerBin` bins.
    ///   - keepingBinEnds: M4 (true, 4 points a bin) or MinMax (false, 2 points a bin).
    ///   - parallel: Whether to share the bins out over the cores (``selectInParallel``): the
    ///     same indices.
    /// - Returns: Non-decreasing indices, at most `nOut`; every index when `nOut >= N`.
    static func select(
        x: UnsafeBufferPointer<Int64>,
        y: UnsafeBufferPointer<Double>,
        nOut: Int,
        keepingBinEnds: Bool,
        parallel: Bool = false
    ) -> [Int] {
        if nOut >= x.count { return Array(0..<x.count) }
        let pointsPerBin = keepingBinEnds ? 4 : 2
        if parallel {
            return selectInParallel(x: x, y: y, binCount: nOut / pointsPerBin, keepingBinEnds: keepingBinEnds)
        }
        var kept: [Int] = []
        kept.reserveCapacity(nOut)
        forEach(x: x, binCount: nOut / pointsPerBin) { start, end in
            selection(of: start..<end, y: y, keepingBinEnds: keepingBinEnds) { kept.append($0) }
        }
        return kept
    }

    /// One bin's kept indices, in order: all of its points when it has at most two (four for M4),
    /// else its first minimum and first maximum, framed by its ends for M4.
    @inline(__always)
    static func selection(
        of bin: Range<Int>, y: UnsafeBufferPointer<Double>, keepingBinEnds: Bool, _ keep: (Int) -> Void
    ) {
        guard bin.count > (keepingBinEnds ? 4 : 2) else {
            bin.forEach(keep)
            return
        }
        let extremes = argMinMax(y, bin)
        if keepingBinEnds { keep(bin.lowerBound) }
        keep(min(extremes.min, extremes.max))
        keep(max(extremes.min, extremes.max))
        if keepingBinEnds { keep(bin.upperBound - 1) }
    }

    /// ``argMinMax(_:_:)`` tracking indices as it goes: the exact rule, NaN included.
    ///
    /// Four lanes take every fourth value each, so the four compare-and-keep chains run side by
    /// side instead of one after another (the compiler turns each into `minsd`/`cmov`, whose
    /// latency bounds a single chain). Each lane keeps its own first extreme; the lanes are then
    /// merged by value, ties to the lower index, which is the first one overall.
    @inline(__always)
    static func laneArgMinMax(_ y: UnsafeBufferPointer<Double>, _ range: Range<Int>) -> (min: Int, max: Int) {
        let first = range.lowerBound
        let lanes = 4
        guard range.count >= 2 * lanes else { return serialArgMinMax(y, range) }
        var minValues = SIMD4<Double>(y[first], y[first + 1], y[first + 2], y[first + 3])
        var maxValues = minValues
        // Int64 lanes: Double's comparison masks are Int64's.
        var minIndices = SIMD4<Int64>(0, 1, 2, 3) &+ Int64(first)
        var maxIndices = minIndices
        var indices = minIndices
        let bodyEnd = first + (range.count / lanes) * lanes
        var index = first + lanes
        while index < bodyEnd {
            indices &+= Int64(lanes)
            let values = SIMD4<Double>(y[index], y[index + 1], y[index + 2], y[index + 3])
            let lower = values .< minValues
            minValues.replace(with: values, where: lower)
            minIndices.replace(with: indices, where: lower)
            let higher = values .> maxValues
            maxValues.replace(with: values, where: higher)
            maxIndices.replace(with: indices, where: higher)
            index += lanes
        }
        var minimum = (value: minValues[0], index: Int(minIndices[0]))
        var maximum = (value: maxValues[0], index: Int(maxIndices[0]))
        for lane in 1..<lanes {
            let low = (minValues[lane], Int(minIndices[lane]))
            let high = (maxValues[lane], Int(maxIndices[lane]))
            if low.0 < minimum.value || (low.0 == minimum.value && low.1 < minimum.index) { minimum = low }
            if high.0 > maximum.value || (high.0 == maximum.value && high.1 < maximum.index) {
                maximum = high
            }
        }
        // The tail after the last full row of lanes: later indices, so only a strict improvement counts.
        for index in bodyEnd..<range.upperBound {
            if y[index] < minimum.value { minimum = (y[index], index) }
            if y[index] > maximum.value { maximum = (y[index], index) }
        }
        return (minimum.index, maximum.index)
    }

    /// ``laneArgMinMax(_:_:)`` in one chain, for short ranges.
    @inline(__always)
    static func serialArgMinMax(_ y: UnsafeBufferPointer<Double>, _ range: Range<Int>) -> (min: Int, max: Int)
    {
        var minIndex = range.lowerBound
        var maxIndex = range.lowerBound
        var minValue = y[minIndex]
        var maxValue = minValue
        for index in (range.lowerBound + 1)..<range.upperBound {
            let value = y[index]
            if value < minValue {
                minValue = value
                minIndex = index
            }
            if value > maxValue {
                maxValue = value
                maxIndex = index
            }
        }
        return (minIndex, maxIndex)
    }
}
