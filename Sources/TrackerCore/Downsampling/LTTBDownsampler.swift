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
        var kept = [Int](repeating: 0, count: nOut)
        var previous = 0
        for bucket in 0..<(nOut - 2) {
            let nextStart = Int(every * Double(bucket + 1)) + 1
            let nextEnd = min(Int(every * Double(bucket + 2)) + 1, count)
            var sum = 0.0
            for index in nextStart..<nextEnd { sum += y[index] }
            let anchorY = sum / Double(nextEnd - nextStart)
            let anchorX = (Double(x[nextEnd - 1]) + Double(x[nextStart])) / 2

            let previousX = Double(x[previous])
            let previousY = y[previous]
            let d1 = previousX - anchorX
            let d2 = anchorY - previousY
            let offset = d1 * previousY + d2 * previousX

            let start = Int(every * Double(bucket)) + 1
            var largestArea = -1.0
            var chosen = start
            for index in start..<nextStart {
                let area = abs(d1 * y[index] + d2 * Double(x[index]) - offset)
                if area > largestArea {
                    largestArea = area
                    chosen = index
                }
            }
            previous = chosen
            kept[bucket + 1] = chosen
        }
        kept[nOut - 1] = count - 1
        return kept
    }
}
