/// Largest-Triangle-Three-Buckets, index-exact with tsdownsample 0.1.5.1 (`lttb_with_x`).
///
/// Source: S. Steinarsson, "Downsampling Time Series for Visual Representation", MSc thesis,
/// University of Iceland, 2013; tsdownsample's Rust implementation fixes the arithmetic:
/// - index 0 and N-1 are always kept; the N-2 middle points form `nOut - 2` buckets of equal
///   *count*: `every = (N-2)/(nOut-2)`, bucket i = `[floor(i every)+1, floor((i+1) every)+1)`;
/// - for each bucket the kept point maximises the triangle (previous kept point, candidate,
///   anchor of the next bucket), where the anchor is the mean of the next bucket's y (a
///   left-to-right sum) at the *midpoint* of its first and last x;
/// - the doubled area is compared by absolute value and the first maximum wins; x is converted
///   to Double before any arithmetic.
public enum LTTBDownsampler {
    /// The kept indices.
    ///
    /// Each bucket's anchor needs the next bucket's y sum, a chain of dependent additions (kept in
    /// order, so the result is tsdownsample's to the bit). The loop over bucket `k`'s candidates
    /// also adds up bucket `k + 2`: the two chains are independent, so the processor runs them side
    /// by side, and the sum no longer costs a pass of its own.
    ///
    /// - Parameters:
    ///   - x: Sorted timestamps.
    ///   - y: Values.
    ///   - nOut: The budget, at least 3 unless it covers the whole input.
    /// - Returns: `min(nOut, N)` strictly increasing indices.
    /// - Complexity: O(N), no allocation but the output.
    static func indices(x: UnsafeBufferPointer<Int64>, y: UnsafeBufferPointer<Double>, nOut: Int) -> [Int] {
        let count = x.count
        if nOut >= count { return Array(0..<count) }
        precondition(nOut >= 3, "LTTB needs room for the first, the last and one bucket")
        let every = Double(count - 2) / Double(nOut - 2)
        // Bucket j is [bucketStart(j), bucketEnd(j)); buckets 1...nOut-2 are anchors' buckets.
        func bucketStart(_ bucket: Int) -> Int { Int(every * Double(bucket)) + 1 }
        func bucketEnd(_ bucket: Int) -> Int { min(bucketStart(bucket + 1), count) }
        var kept = [Int](repeating: 0, count: nOut)
        var previous = 0
        var nextSum = sum(y, bucketStart(1)..<bucketEnd(1))
        for bucket in 0..<(nOut - 2) {
            let nextStart = bucketStart(bucket + 1)
            let nextEnd = bucketEnd(bucket + 1)
            let anchorY = nextSum / Double(nextEnd - nextStart)
            let anchorX = (Double(x[nextEnd - 1]) + Double(x[nextStart])) / 2

            let previousX = Double(x[previous])
            let previousY = y[previous]
            let d1 = previousX - anchorX
            let d2 = anchorY - previousY
            let offset = d1 * previousY + d2 * previousX

            let start = bucketStart(bucket)
            // The bucket after next, summed alongside (empty past the last anchor bucket).
            let ahead =
                bucket + 2 <= nOut - 2 ? bucketStart(bucket + 2)..<bucketEnd(bucket + 2) : count..<count
            var aheadSum = 0.0
            var largestArea = -1.0
            var chosen = start
            func consider(_ index: Int) {
                let area = abs(d1 * y[index] + d2 * Double(x[index]) - offset)
                if area > largestArea {
                    largestArea = area
                    chosen = index
                }
            }
            let together = min(nextStart - start, ahead.count)
            for step in 0..<together {
                aheadSum += y[ahead.lowerBound + step]
                consider(start + step)
            }
            for index in (start + together)..<nextStart { consider(index) }
            for index in (ahead.lowerBound + together)..<ahead.upperBound { aheadSum += y[index] }
            nextSum = aheadSum
            previous = chosen
            kept[bucket + 1] = chosen
        }
        kept[nOut - 1] = count - 1
        return kept
    }

    /// The left-to-right sum of `y` over `range`.
    private static func sum(_ y: UnsafeBufferPointer<Double>, _ range: Range<Int>) -> Double {
        var total = 0.0
        for index in range { total += y[index] }
        return total
    }
}
