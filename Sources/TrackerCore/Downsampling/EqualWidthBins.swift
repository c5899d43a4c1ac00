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
            let end = x.firstIndex(above: edge, in: start..<count)
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
    /// - Returns: Non-decreasing indices, at most `nOut`; every index when `nOut >= N`.
    static func select(
        x: UnsafeBufferPointer<Int64>,
        y: UnsafeBufferPointer<Double>,
        nOut: Int,
        keepingBinEnds: Bool
    ) -> [Int] {
        if nOut >= x.count { return Array(0..<x.count) }
        let pointsPerBin = keepingBinEnds ? 4 : 2
        var kept: [Int] = []
        kept.reserveCapacity(nOut)
        forEach(x: x, binCount: nOut / pointsPerBin) { start, end in
            guard end - start > pointsPerBin else {
                kept.append(contentsOf: start..<end)
                return
            }
            let extremes = argMinMax(y, start..<end)
            if keepingBinEnds { kept.append(start) }
            kept.append(min(extremes.min, extremes.max))
            kept.append(max(extremes.min, extremes.max))
            if keepingBinEnds { kept.append(end - 1) }
        }
        return kept
    }

    /// The first indices of the minimum and the maximum of `y[range]` (ties to the first).
    ///
    /// Eight lanes at a time (`SIMD8<Double>`): each lane keeps its own minimum and maximum and
    /// their indices, replaced only on a strict improvement, so each lane holds its first
    /// extreme. The lanes are then merged (the smallest index among equal extremes), and the
    /// tail of fewer than eight points is scanned in order. The same indices as a scalar scan.
    @inline(__always)
    static func argMinMax(_ y: UnsafeBufferPointer<Double>, _ range: Range<Int>) -> (min: Int, max: Int) {
        let lanes = 8
        guard range.count >= 4 * lanes, let base = y.baseAddress else { return scalarArgMinMax(y, range) }
        let raw = UnsafeRawPointer(base)
        let first = raw.loadUnaligned(fromByteOffset: range.lowerBound * 8, as: SIMD8<Double>.self)
        var minValues = first
        var maxValues = first
        var indices = SIMD8<Int64>(0, 1, 2, 3, 4, 5, 6, 7) &+ Int64(range.lowerBound)
        var minIndices = indices
        var maxIndices = indices
        let step = SIMD8<Int64>(repeating: Int64(lanes))
        var index = range.lowerBound + lanes
        while index + lanes <= range.upperBound {
            let values = raw.loadUnaligned(fromByteOffset: index * 8, as: SIMD8<Double>.self)
            indices &+= step
            let lower = values .< minValues
            minValues.replace(with: values, where: lower)
            minIndices.replace(with: indices, where: lower)
            let higher = values .> maxValues
            maxValues.replace(with: values, where: higher)
            maxIndices.replace(with: indices, where: higher)
            index += lanes
        }
        // A NaN stops its lane from moving; the scalar scan's answer is then the reference.
        guard !any(minValues .!= minValues), !any(maxValues .!= maxValues) else {
            return scalarArgMinMax(y, range)
        }
        var (minIndex, maxIndex) = (Int(minIndices[0]), Int(maxIndices[0]))
        var (minValue, maxValue) = (minValues[0], maxValues[0])
        for lane in 1..<lanes {
            if minValues[lane] < minValue || (minValues[lane] == minValue && Int(minIndices[lane]) < minIndex)
            {
                (minValue, minIndex) = (minValues[lane], Int(minIndices[lane]))
            }
            if maxValues[lane] > maxValue || (maxValues[lane] == maxValue && Int(maxIndices[lane]) < maxIndex)
            {
                (maxValue, maxIndex) = (maxValues[lane], Int(maxIndices[lane]))
            }
        }
        while index < range.upperBound {
            let value = y[index]
            if value < minValue { (minValue, minIndex) = (value, index) }
            if value > maxValue { (maxValue, maxIndex) = (value, index) }
            index += 1
        }
        return (minIndex, maxIndex)
    }

    /// ``argMinMax(_:_:)`` one point at a time: short bins, and bins holding a NaN.
    static func scalarArgMinMax(_ y: UnsafeBufferPointer<Double>, _ range: Range<Int>) -> (min: Int, max: Int)
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
