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
    /// Two passes, each shaped for the processor:
    /// - every anchor bucket's y sum first (``bucketSums(_:buckets:through:)``): each sum is a chain
    ///   of dependent additions, kept in order so the result is tsdownsample's to the bit, and
    ///   eight buckets are added up side by side so eight chains overlap;
    /// - then each bucket's candidates in blocks read four at a time
    ///   (``farthestCandidate(times:y:in:line:)``).
    ///
    /// - Parameters:
    ///   - x: Sorted timestamps.
    ///   - y: Values.
    ///   - nOut: The budget, at least 3 unless it covers the whole input.
    /// - Returns: `min(nOut, N)` strictly increasing indices.
    /// - Complexity: O(N); allocates the output and one sum a bucket.
    static func indices(x: UnsafeBufferPointer<Int64>, y: UnsafeBufferPointer<Double>, nOut: Int) -> [Int] {
        let count = x.count
        if nOut >= count { return Array(0..<count) }
        precondition(nOut >= 3, "LTTB needs room for the first, the last and one bucket")
        let every = Double(count - 2) / Double(nOut - 2)
        let buckets = Buckets(count: count, every: every)
        // sums[j] is bucket j's; bucket 0 is never an anchor, so it is left at zero.
        let sums = bucketSums(y, buckets: buckets, through: nOut - 2)
        let times = TimesAsDoubles(x)
        var kept = [Int](repeating: 0, count: nOut)
        var previous = 0
        for bucket in 0..<(nOut - 2) {
            let next = buckets[bucket + 1]
            let anchorY = sums[bucket + 1] / Double(next.count)
            let anchorX = (times[next.upperBound - 1] + times[next.lowerBound]) / 2
            let previousX = times[previous]
            let previousY = y[previous]
            let d1 = previousX - anchorX
            let d2 = anchorY - previousY
            let line = Line(d1: d1, d2: d2, offset: d1 * previousY + d2 * previousX)
            previous = farthestCandidate(times: times, y: y, in: buckets[bucket], line: line)
            kept[bucket + 1] = previous
        }
        kept[nOut - 1] = count - 1
        return kept
    }

    /// The buckets of the N-2 middle points: bucket `j` is
    /// `[floor(j every) + 1, floor((j + 1) every) + 1)`, the last one cut at N.
    struct Buckets {
        let count: Int
        let every: Double

        subscript(bucket: Int) -> Range<Int> {
            start(bucket)..<min(start(bucket + 1), count)
        }

        private func start(_ bucket: Int) -> Int { Int(every * Double(bucket)) + 1 }
    }

    /// A triangle's doubled area against a candidate is `|d1 y + d2 x - offset|`.
    struct Line {
        let d1: Double
        let d2: Double
        let offset: Double

        /// The doubled area for a candidate, as tsdownsample computes it.
        @inline(__always)
        func area(x: Double, y: Double) -> Double { abs(d1 * y + d2 * x - offset) }
    }

    /// The y sums of buckets `1...last`, each added left to right (so each is the same Double a
    /// plain loop gives), eight buckets at a time: the buckets' first values, then their
    /// second ones, and so on, so eight independent addition chains are in flight. Buckets
    /// differ in length by one at most; what a bucket has beyond the shortest of its eight is
    /// added after.
    static func bucketSums(_ y: UnsafeBufferPointer<Double>, buckets: Buckets, through last: Int) -> [Double]
    {
        var sums = [Double](repeating: 0, count: last + 1)
        let lanes = 8
        var first = 1
        while first + lanes - 1 <= last {
            var (starts, ends) = (SIMD8<Int>(), SIMD8<Int>())
            for lane in 0..<lanes {
                let bucket = buckets[first + lane]
                (starts[lane], ends[lane]) = (bucket.lowerBound, bucket.upperBound)
            }
            let shortest = (ends &- starts).min()
            var totals = SIMD8<Double>(repeating: 0)
            for step in 0..<shortest {
                let at = starts &+ step
                totals += SIMD8(
                    y[at[0]], y[at[1]], y[at[2]], y[at[3]], y[at[4]], y[at[5]], y[at[6]], y[at[7]])
            }
            for lane in 0..<lanes {
                var total = totals[lane]
                for index in (starts[lane] + shortest)..<ends[lane] { total += y[index] }
                sums[first + lane] = total
            }
            first += lanes
        }
        for bucket in first..<(last + 1) {  // the last few, fewer than eight
            var total = 0.0
            for index in buckets[bucket] { total += y[index] }
            sums[bucket] = total
        }
        return sums
    }

    /// The values a block of ``farthestCandidate(times:y:in:line:)`` holds.
    static let candidateBlock = 256

    /// The first index in `bucket` with the largest area against `line`.
    ///
    /// Like ``EqualWidthBins/argMinMax(_:_:)``: the bucket is read in blocks of
    /// ``candidateBlock`` by area alone (`maxpd`; keeping an index beside every lane costs more
    /// than the areas on baseline x86-64, which has no blend), the first block reaching the
    /// largest area is kept, and ``firstFarthest(times:y:in:line:)``, the plain loop, finds the
    /// index in it: the same operations give the same Doubles, so its first maximum is the
    /// bucket's. A NaN area never counts (`maxpd` keeps the running value), as in the plain loop,
    /// whose start, area -1 on the bucket's first index, is kept for a bucket of NaN areas.
    @inline(__always)
    static func farthestCandidate(
        times: TimesAsDoubles, y: UnsafeBufferPointer<Double>, in bucket: Range<Int>, line: Line
    ) -> Int {
        func block(from start: Int) -> Range<Int> { start..<min(start + candidateBlock, bucket.upperBound) }
        var best: (area: Double, block: Int)?
        for start in stride(from: bucket.lowerBound, to: bucket.upperBound, by: candidateBlock) {
            let largest = largestArea(times: times, y: y, in: block(from: start), line: line)
            if largest > (best?.area ?? -1) { best = (largest, start) }
        }
        guard let best else { return bucket.lowerBound }
        return firstFarthest(times: times, y: y, in: block(from: best.block), line: line)
    }

    /// The plain loop: the first index in `range` with the largest area, starting from area -1 on
    /// the range's first index; only a strictly larger area replaces it, so never a NaN.
    @inline(__always)
    static func firstFarthest(
        times: TimesAsDoubles, y: UnsafeBufferPointer<Double>, in range: Range<Int>, line: Line
    ) -> Int {
        var (largest, chosen) = (-1.0, range.lowerBound)
        for index in range {
            let area = line.area(x: times[index], y: y[index])
            if area > largest { (largest, chosen) = (area, index) }
        }
        return chosen
    }

    /// The largest area in `block` against `line`, or -1 when every area is NaN.
    @inline(__always)
    static func largestArea(
        times: TimesAsDoubles, y: UnsafeBufferPointer<Double>, in block: Range<Int>, line: Line
    ) -> Double {
        var largest = SIMD4<Double>(repeating: -1)
        let (d1, d2, offset) = (
            SIMD4<Double>(repeating: line.d1), SIMD4<Double>(repeating: line.d2),
            SIMD4<Double>(repeating: line.offset)
        )
        let rowsEnd = block.lowerBound + block.count / 4 * 4
        var index = block.lowerBound
        while index < rowsEnd {
            let values = SIMD4(y[index], y[index &+ 1], y[index &+ 2], y[index &+ 3])
            var area = d1 * values + d2 * times.row(at: index) - offset
            let negated = -area
            area.replace(with: negated, where: negated .> area)  // |area|: `maxpd`
            largest.replace(with: area, where: area .> largest)  // `maxpd`: a NaN area is passed over
            index &+= 4
        }
        var result = max(max(largest[0], largest[1]), max(largest[2], largest[3]))
        for index in rowsEnd..<block.upperBound {
            let area = line.area(x: times[index], y: y[index])
            if area > result { result = area }
        }
        return result
    }

    /// Timestamps read as Doubles. Baseline x86-64 has no packed Int64-to-Double conversion, so
    /// when every timestamp is in `0..<2^52` (any date from 1970 to the year 9999 in epoch
    /// milliseconds) a row is converted exactly by setting the bits of 2^52 and subtracting it;
    /// other timestamps are converted one by one. Both give `Double(x[index])`.
    struct TimesAsDoubles {
        let x: UnsafeBufferPointer<Int64>
        let isSmall: Bool

        init(_ x: UnsafeBufferPointer<Int64>) {
            self.x = x
            // Sorted, so the ends bound every value.
            isSmall = (x.first ?? 0) >= 0 && (x.last ?? 0) < 1 << 52
        }

        subscript(index: Int) -> Double { Double(x[index]) }

        @inline(__always)
        func row(at index: Int) -> SIMD4<Double> {
            guard isSmall else {
                return SIMD4(
                    Double(x[index]), Double(x[index &+ 1]), Double(x[index &+ 2]), Double(x[index &+ 3]))
            }
            let bits = SIMD4<UInt64>(
                UInt64(bitPattern: x[index]), UInt64(bitPattern: x[index &+ 1]),
                UInt64(bitPattern: x[index &+ 2]), UInt64(bitPattern: x[index &+ 3]))
            let twoToThe52Bits = SIMD4<UInt64>(repeating: 0x4330_0000_0000_0000)  // 2^52's bit pattern
            return unsafeBitCast(bits | twoToThe52Bits, to: SIMD4<Double>.self) - SIMD4(repeating: 0x1p52)
        }
    }
}
