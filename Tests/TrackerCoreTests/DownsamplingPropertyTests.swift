import TestSupport
import Testing
import TrackerCore

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
            let y = (0..<count).map { _ in Double(Int.random(in: 0...2, using: &generator)) }
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
