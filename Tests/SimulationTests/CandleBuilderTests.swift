import Testing
import TrackerCore
import WorkbenchFoundation

@testable import Simulation

/// Candles built from grid ticks a stretch at a time (each candle's ticks found by counting)
/// equal candles built tick by tick.
@Suite("Candles from a grid a stretch at a time equal candles tick by tick")
struct CandleBuilderTests {
    @Test(
        "steps that divide the candle, that do not, and that are longer; stretches of any length",
        arguments: [
            (1_800_000 as Int64, 300_000 as Int64), (14_400_000, 420_000), (345_600_000, 900_000),
            (1_800_000, 7_200_000),
        ])
    func stretchesEqualTicks(size: Int64, step: Int64) {
        var generator = SplitMix64(seed: UInt64(size + step))
        let prices = (0..<3_000).map { _ in 50 + generator.nextUnitInterval() * 10 }
        let start: Int64 = 1_704_067_200_000 + 123_456
        var byTick = CandleBuilder(size: size)
        for (tick, price) in prices.enumerated() {
            byTick.add(price, at: start + Int64(tick) * step, tick: tick)
        }
        var byStretch = CandleBuilder(size: size)
        var first = 0
        while first < prices.count {
            let end = min(prices.count, first + 1 + Int(generator.next() % 700))
            prices[first..<end].withUnsafeBufferPointer {
                byStretch.add($0, firstTick: first, firstTime: start + Int64(first) * step, step: step)
            }
            first = end
        }
        #expect(byStretch.candles == byTick.candles && byStretch.open == byTick.open)
        #expect(byStretch.openTick == byTick.openTick && byTick.candles.count > 2)
    }
}
