import TestSupport
import Testing
import TrackerCore
import WorkbenchFoundation

@Suite("The app's stride downsampler")
struct StrideDownsamplerTests {
    @Test("a days=1 chart on the 1D range: 288 points, cap 96, step 3, 96 points and the newest dropped")
    func oneDay() throws {
        let chart = try MarketChartDecoder.decode(
            RepositoryFiles.coingeckoData("market_chart_bitcoin_usd_days1_20210515T1442Z.json"))
        let kept = try DownsamplingAlgorithm.stride.indices(
            x: chart.prices.timestamps, y: chart.prices.values, nOut: 96)
        #expect(kept.count == 96)
        #expect(kept.last == 285)  // 287 is the current price
    }

    @Test(
        "overshoot: 289 points with cap 96 draw 97; 191 points draw all 191",
        arguments: [
            (289, 96, 97), (191, 96, 191), (192, 96, 96), (193, 96, 97), (100, 42, 50), (85, 42, 43),
            (42, 42, 42), (10, 42, 10),
        ])
    func overshoot(count: Int, cap: Int, expected: Int) {
        #expect(StrideDownsampler.indices(count: count, maxPoints: cap).count == expected)
        #expect(StrideDownsampler.outputCount(count: count, maxPoints: cap) == expected)
    }

    @Test(
        "over many sizes: output below twice the cap, newest kept only when count-1 is a multiple of the step",
        arguments: 0..<8)
    func property(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for _ in 0..<500 {
            let cap = Int.random(in: 1...120, using: &generator)
            let count = Int.random(in: 0...5000, using: &generator)
            let kept = StrideDownsampler.indices(count: count, maxPoints: cap)
            let context = "seed \(seed): count \(count), cap \(cap)"
            #expect(kept.count == StrideDownsampler.outputCount(count: count, maxPoints: cap), "\(context)")
            #expect(kept == kept.sorted() && Set(kept).count == kept.count, "\(context)")
            guard count > cap else {
                #expect(kept == Array(0..<count), "\(context)")
                continue
            }
            let step = count / cap
            #expect(kept.first == 0, "\(context)")
            #expect(kept.count >= cap && kept.count < 2 * cap, "\(context)")
            #expect((kept.last == count - 1) == ((count - 1) % step == 0), "\(context)")
        }
    }

    @Test("cap 0 is refused instead of dividing by zero")
    func zeroCap() {
        #expect(throws: DownsamplingError.self) {
            try DownsamplingAlgorithm.stride.indices(x: [1], y: [1], nOut: 0)
        }
    }
}
