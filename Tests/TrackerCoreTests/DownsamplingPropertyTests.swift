import TestSupport
import Testing
import TrackerCore
import WorkbenchFoundation

@Suite("Downsampling properties over many seeds")
struct DownsamplingPropertyTests {
    static let budgets: [DownsamplingAlgorithm: [Int]] = [
        .stride: [1, 7, 42, 96], .lttb: [3, 15, 42, 96, 500], .minmax: [2, 16, 42, 96, 500],
        .m4: [4, 16, 48, 96, 500], .minmaxlttb: [3, 15, 42, 96, 500],
    ]

    @Test(
        "sorted output, cap, first and last where promised", arguments: DownsamplingAlgorithm.allCases, 0..<6)
    func guarantees(algorithm: DownsamplingAlgorithm, seedBlock: UInt64) throws {
        let promise = algorithm.guarantees
        for seed in (seedBlock * 25)..<(seedBlock * 25 + 25) {
            var generator = SplitMix64(seed: seed)
            let count = Int.random(in: 1...3000, using: &generator)
            let series = RandomSeries.walk(count: count, using: &generator)
            for nOut in Self.budgets[algorithm]! {
                let kept = try algorithm.indices(x: series.x, y: series.y, nOut: nOut)
                let context = "\(algorithm.rawValue) seed \(seed), N \(count), n_out \(nOut)"
                #expect(kept.allSatisfy { (0..<count).contains($0) }, "\(context)")
                #expect(
                    zip(kept.dropFirst(), kept).allSatisfy {
                        promise.strictlyIncreasing ? $0 > $1 : $0 >= $1
                    }, "\(context)")
                if nOut >= count {
                    #expect(kept == Array(0..<count), "\(context)")
                    continue
                }
                if promise.respectsCap { #expect(kept.count <= nOut, "\(context)") }
                if promise.keepsFirst { #expect(kept.first == 0, "\(context)") }
                if promise.keepsLast { #expect(kept.last == count - 1, "\(context)") }
                if algorithm == .lttb || algorithm == .minmaxlttb {
                    #expect(kept.count == nOut, "\(context)")
                }
            }
        }
    }

    @Test("deterministic: the same input gives the same indices")
    func deterministic() throws {
        var generator = SplitMix64(seed: 42)
        let series = RandomSeries.walk(count: 20_000, using: &generator)
        for algorithm in DownsamplingAlgorithm.allCases {
            let nOut = algorithm == .stride ? 100 : 96
            let first = try algorithm.indices(x: series.x, y: series.y, nOut: nOut)
            let second = try algorithm.indices(x: series.x, y: series.y, nOut: nOut)
            #expect(first == second)
        }
    }

    @Test(
        "n_out rules follow tsdownsample",
        arguments: [
            (DownsamplingAlgorithm.lttb, 2), (.minmaxlttb, 2), (.minmax, 5), (.minmax, 0), (.m4, 6), (.m4, 2),
            (.stride, 0), (.lttb, -1),
        ])
    func invalidBudgets(algorithm: DownsamplingAlgorithm, nOut: Int) {
        #expect(throws: DownsamplingError.self) {
            try algorithm.indices(x: [1, 2, 3], y: [1, 2, 3], nOut: nOut)
        }
    }

    @Test("columns of different lengths are refused; empty input gives no indices")
    func shapes() throws {
        #expect(throws: DownsamplingError.self) {
            try DownsamplingAlgorithm.lttb.indices(x: [1, 2], y: [1], nOut: 3)
        }
        for algorithm in DownsamplingAlgorithm.allCases {
            #expect(try algorithm.indices(x: [], y: [], nOut: 4 * 3).isEmpty)
        }
    }

    @Test("M4 keeps every bin's extremes, so the global minimum and maximum survive")
    func m4KeepsExtremes() throws {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<50 {
            let series = RandomSeries.walk(count: 2000, using: &generator)
            let kept = try DownsamplingAlgorithm.m4.indices(x: series.x, y: series.y, nOut: 100)
            let fidelity = DownsamplingFidelity.measure(
                series: TimeSeries(timestamps: series.x, values: series.y), kept: kept, cap: 100)
            #expect(fidelity.keptMinimum && fidelity.keptMaximum && fidelity.keptNewest)
        }
    }

    @Test("MinMax over one bin keeps the first minimum and the first maximum, among many ties")
    func firstExtremesAmongTies() throws {
        var generator = SplitMix64(seed: 4_242)
        for _ in 0..<2_000 {
            let count = Int.random(in: 3...64, using: &generator)
            let y = RandomSeries.wholeNumbers(count: count, in: 0...2, using: &generator)
            let x = (0..<count).map { Int64($0) * 60_000 }
            let firstMin = y.firstIndex(of: y.min()!)!
            let firstMax = y.firstIndex(of: y.max()!)!
            let expected = [min(firstMin, firstMax), max(firstMin, firstMax)]
            #expect(try DownsamplingAlgorithm.minmax.indices(x: x, y: y, nOut: 2) == expected, "\(y)")
            if count > 4 {
                #expect(
                    try DownsamplingAlgorithm.m4.indices(x: x, y: y, nOut: 4) == [0] + expected + [count - 1])
            }
        }
    }

    @Test("long bins (read in blocks): the first minimum and maximum among ties, signed zeros and infinities")
    func firstExtremesInLongBins() throws {
        var generator = SplitMix64(seed: 1_919)
        let palette: [Double] = [-0.0, 0, 1, 2, 1e300, -1e300, .infinity, -.infinity]
        for trial in 0..<400 {
            let count =
                [255, 256, 257, 511, 512, 513, 2_047, 2_049][trial % 8]
                + Int.random(in: 0...3, using: &generator)
            // Few distinct values, so every extreme is tied many times; infinities in a third of the trials.
            let choices = trial % 3 == 0 ? palette : Array(palette.prefix(4))
            let y = (0..<count).map { _ in choices.randomElement(using: &generator)! }
            let x = (0..<count).map { Int64($0) * 60_000 }
            let (low, high) = (y.min()!, y.max()!)
            let firstMin = y.firstIndex { $0 == low }!
            let firstMax = y.firstIndex { $0 == high }!
            let expected = [min(firstMin, firstMax), max(firstMin, firstMax)]
            #expect(
                try DownsamplingAlgorithm.minmax.indices(x: x, y: y, nOut: 2) == expected, "trial \(trial)")
            #expect(
                try DownsamplingAlgorithm.m4.indices(x: x, y: y, nOut: 4) == [0] + expected + [count - 1],
                "trial \(trial)")
        }
    }

    @Test(
        "in one bin, a NaN after the first four values is passed over, as a value that is no extreme would be"
    )
    func nanPassedOver() throws {
        var generator = SplitMix64(seed: 77)
        for trial in 0..<300 {
            let count = Int.random(in: 4...3_000, using: &generator)
            var y = RandomSeries.wholeNumbers(count: count, in: -50...50, using: &generator)
            let middle = (y.min()! + y.max()!) / 2 + 0.5  // a value no other equals, between the extremes
            var withNaN = y
            // Anywhere after the first four, and where a reader in blocks of a power of two would
            // start its lanes.
            let starts = stride(from: 64, to: count, by: 64).map {
                $0 + Int.random(in: 0...3, using: &generator)
            }
            let anywhere = (0..<5).map { _ in Int.random(in: 4..<max(count, 5), using: &generator) }
            for position in (starts.shuffled(using: &generator).prefix(3) + anywhere) where position < count {
                if y[position] != y.min()! && y[position] != y.max()! {
                    (y[position], withNaN[position]) = (middle, .nan)
                }
            }
            // A lone new minimum four places after a NaN that may open a block's second lane.
            if let start = starts.randomElement(using: &generator), start + 5 < count, trial % 2 == 0 {
                let lowest = y.min()! - 1
                (y[start + 1], withNaN[start + 1]) = (middle, .nan)
                (y[start + 5], withNaN[start + 5]) = (lowest, lowest)
            }
            let x = (0..<count).map { Int64($0) * 60_000 }
            for (algorithm, budget) in [(DownsamplingAlgorithm.minmax, 2), (.m4, 4)] {
                #expect(
                    try algorithm.indices(x: x, y: withNaN, nOut: budget)
                        == algorithm.indices(x: x, y: y, nOut: budget), "trial \(trial), \(algorithm)")
            }
        }
    }

    @Test(
        "in one long bin, a NaN among the first four values follows the lane rule: a NaN first is kept, a NaN opening another lane shuts that lane out"
    )
    func nanOpeningALane() throws {
        var generator = SplitMix64(seed: 3_141)
        for trial in 0..<300 {
            let count = Int.random(in: 256...5_000, using: &generator)
            var y = RandomSeries.wholeNumbers(count: count, in: -50...50, using: &generator)
            for position in (0..<4).shuffled(using: &generator).prefix(trial % 3 + 1) { y[position] = .nan }
            // Extremes on the lanes a NaN may shut out, so that passing over it is seen.
            y[Int.random(in: 4..<count, using: &generator)] = -100
            y[Int.random(in: 4..<count, using: &generator)] = 100
            let x = (0..<count).map { Int64($0) * 60_000 }
            let (low, high) = Self.laneRule(y)
            let expected = [min(low, high), max(low, high)]
            #expect(
                try DownsamplingAlgorithm.minmax.indices(x: x, y: y, nOut: 2) == expected, "trial \(trial)")
        }
    }

    /// The first indices of the minimum and maximum as four lanes find them (lane `k` reads
    /// `y[k]`, `y[k + 4]`, ... up to the last full row, keeping a value only when it is strictly
    /// smaller or larger; lanes merge by value, ties to the lower index; the tail after the last
    /// row counts only when strictly better). A lane that opens with a NaN keeps it, as no
    /// comparison with NaN holds.
    static func laneRule(_ y: [Double]) -> (min: Int, max: Int) {
        let rowsEnd = y.count / 4 * 4
        var (minimum, maximum) = ((value: y[0], index: 0), (value: y[0], index: 0))
        for lane in 0..<4 {
            var (low, high) = ((value: y[lane], index: lane), (value: y[lane], index: lane))
            for index in stride(from: lane + 4, to: rowsEnd, by: 4) {
                if y[index] < low.value { low = (y[index], index) }
                if y[index] > high.value { high = (y[index], index) }
            }
            if low.value < minimum.value || (low.value == minimum.value && low.index < minimum.index) {
                minimum = low
            }
            if high.value > maximum.value || (high.value == maximum.value && high.index < maximum.index) {
                maximum = high
            }
        }
        for index in rowsEnd..<y.count {
            if y[index] < minimum.value { minimum = (y[index], index) }
            if y[index] > maximum.value { maximum = (y[index], index) }
        }
        return (minimum.index, maximum.index)
    }

    @Test("parallel MinMax, M4 and MinMaxLTTB return the serial indices", arguments: 0..<4)
    func parallelMatchesSerial(seedBlock: UInt64) throws {
        for seed in (seedBlock * 10)..<(seedBlock * 10 + 10) {
            var generator = SplitMix64(seed: 7_000 + seed)
            let count = Int.random(in: 2...60_000, using: &generator)
            let series = RandomSeries.walk(count: count, using: &generator)
            for algorithm in [DownsamplingAlgorithm.minmax, .m4, .minmaxlttb] {
                for nOut in [4, 16, 100, 1_000, 4_096] {
                    let serial = try algorithm.indices(x: series.x, y: series.y, nOut: nOut)
                    let parallel = try algorithm.indices(x: series.x, y: series.y, nOut: nOut, parallel: true)
                    #expect(
                        parallel == serial, "\(algorithm.rawValue) seed \(seed), N \(count), n_out \(nOut)")
                }
            }
        }
    }

    @Test(
        "LTTB, with its sums run alongside the candidates, equals the plain two-pass loop", arguments: 0..<4)
    func lttbMatchesTwoPassReference(seedBlock: UInt64) throws {
        for seed in (seedBlock * 25)..<(seedBlock * 25 + 25) {
            var generator = SplitMix64(seed: 9_000 + seed)
            let count = Int.random(in: 3...20_000, using: &generator)
            let series = RandomSeries.walk(count: count, using: &generator)
            for nOut in [3, 4, 5, 7, 42, 100, 999, count - 1] where nOut >= 3 {
                let kept = try DownsamplingAlgorithm.lttb.indices(x: series.x, y: series.y, nOut: nOut)
                let expected = Self.twoPassLTTB(x: series.x, y: series.y, nOut: nOut)
                #expect(kept == expected, "seed \(seed), N \(count), n_out \(nOut)")
            }
        }
    }

    @Test(
        "LTTB over tied areas, NaN values and timestamps of any size (read in blocks) equals the plain two-pass loop"
    )
    func lttbMatchesTwoPassReferenceOnHardInput() throws {
        var generator = SplitMix64(seed: 5_150)
        for trial in 0..<120 {
            let count = Int.random(in: 600...6_000, using: &generator)
            // Few distinct values on a regular grid: many candidates share the largest area.
            var y = RandomSeries.wholeNumbers(count: count, in: 0...3, using: &generator)
            if trial % 3 == 0 {
                for _ in 0..<(count / 50) { y[Int.random(in: 0..<count, using: &generator)] = .nan }
            }
            let origins: [Int64] = [0, 1_600_000_000_000, -5_000_000, (1 << 52) - 1_000, 1 << 60]
            let origin = origins[trial % origins.count]
            let spacing = Int64(trial % 2 == 0 ? 60_000 : 1)
            let x = (0..<count).map { origin + Int64($0) * spacing }
            for nOut in [3, 7, 10, 64] {
                let kept = try DownsamplingAlgorithm.lttb.indices(x: x, y: y, nOut: nOut)
                let expected = Self.twoPassLTTB(x: x, y: y, nOut: nOut)
                #expect(kept == expected, "trial \(trial), N \(count), n_out \(nOut), origin \(origin)")
            }
        }
    }

    @Test(
        "MinMax over irregular timestamps (duplicates, long gaps) equals a linear scan of the same bin edges")
    func minMaxMatchesScanOnIrregularTimes() throws {
        var generator = SplitMix64(seed: 2_718)
        let gaps: [Int64] = [0, 1, 60_000, 60_000, 60_000, 3_600_000, 1_000_000_000]
        for trial in 0..<200 {
            let count = Int.random(in: 10...20_000, using: &generator)
            var time = Int64.random(in: 0...1_700_000_000_000, using: &generator)
            let x = (0..<count).map { _ in
                time += gaps.randomElement(using: &generator)!
                return time
            }
            let y = RandomSeries.wholeNumbers(count: count, in: -1_000...1_000, using: &generator)
            for nOut in [4, 10, 100, 1_000] {
                let kept = try DownsamplingAlgorithm.minmax.indices(x: x, y: y, nOut: nOut)
                #expect(
                    kept == Self.minMaxByScan(x: x, y: y, nOut: nOut),
                    "trial \(trial), N \(count), n_out \(nOut)")
            }
        }
    }

    /// MinMax with tsdownsample's bin edges, each bin's end found by walking forward: `nOut / 2`
    /// bins, bin `i`'s right edge `((x0 + step m) + step m) + 1e-12` truncated, `m = (i + 1) / 2`,
    /// `step = x_last / bins - x0 / bins`; a bin whose first point is already at or past its edge is
    /// empty; the last bin runs to the end. A bin of up to two points keeps them; a longer one
    /// keeps its first minimum and first maximum, in index order.
    static func minMaxByScan(x: [Int64], y: [Double], nOut: Int) -> [Int] {
        if nOut >= x.count { return Array(0..<x.count) }
        let bins = nOut / 2
        let first = Double(x[0])
        let step = Double(x[x.count - 1]) / Double(bins) - first / Double(bins)
        var (kept, start) = ([Int](), 0)
        for bin in 0..<bins where start < x.count {
            var end = x.count
            if bin < bins - 1 {
                let half = Double(bin + 1) / 2
                let edge = Int64(((first + step * half) + step * half) + 1e-12)
                if x[start] >= edge { continue }
                end = start
                while end < x.count && x[end] <= edge { end += 1 }
            }
            let values = y[start..<end]
            if values.count <= 2 {
                kept += Array(start..<end)
            } else {
                let (low, high) = (
                    values.firstIndex(of: values.min()!)!, values.firstIndex(of: values.max()!)!
                )
                kept += [min(low, high), max(low, high)]
            }
            start = end
        }
        return kept
    }

    /// LTTB in two passes a bucket, as tsdownsample runs it: the next bucket's mean, then the
    /// candidates.
    static func twoPassLTTB(x: [Int64], y: [Double], nOut: Int) -> [Int] {
        let count = x.count
        if nOut >= count { return Array(0..<count) }
        let every = Double(count - 2) / Double(nOut - 2)
        var kept = [0]
        var previous = 0
        for bucket in 0..<(nOut - 2) {
            let start = Int(every * Double(bucket)) + 1
            let nextStart = Int(every * Double(bucket + 1)) + 1
            let nextEnd = min(Int(every * Double(bucket + 2)) + 1, count)
            var sum = 0.0
            for index in nextStart..<nextEnd { sum += y[index] }
            let anchorY = sum / Double(nextEnd - nextStart)
            let anchorX = (Double(x[nextEnd - 1]) + Double(x[nextStart])) / 2
            // The same arithmetic as tsdownsample's (and the library's), in the same order.
            let (previousX, previousY) = (Double(x[previous]), y[previous])
            let (d1, d2) = (previousX - anchorX, anchorY - previousY)
            let offset = d1 * previousY + d2 * previousX
            var (largest, chosen) = (-1.0, start)
            for index in start..<nextStart {
                let area = abs(d1 * y[index] + d2 * Double(x[index]) - offset)
                if area > largest { (largest, chosen) = (area, index) }
            }
            kept.append(chosen)
            previous = chosen
        }
        return kept + [count - 1]
    }
}
