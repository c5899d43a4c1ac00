import PriceModels
import Testing
import TrackerCore
import WorkbenchFoundation

@testable import Simulation

/// ``SimulatedMarket/dayWindows(of:in:ticks:)`` computes a chart's day windows together (shares
/// once, four sums side by side, highs and lows in one pass); each must be the bits the one-window
/// reading gives it.
@Suite("A chart's day windows computed together equal each window computed alone, bit for bit")
struct DayWindowsTests {
    static func bits(_ window: SimulatedMarket.DayWindow) -> [UInt64] {
        [window.price, window.open, window.high, window.low, window.volume].map(\.bitPattern)
            + [UInt64(bitPattern: window.lastTick)]
    }

    @Test(
        "chart-like runs (equal lengths, clipped at the start, repeated) and shuffled windows, on 200 seeds")
    func togetherEqualsAlone() {
        // Two days of 5-minute ticks before the start and a day after: 865 ticks a coin.
        let market = AppSimulationTests.market(coins: 3, days: 1, history: 2)
        var random = SplitMix64(seed: 17)
        for trial in 0..<200 {
            let coin = market.coins[trial % 3]
            guard let series = market.ticks(of: coin.id) else {
                Issue.record("no ticks")
                return
            }
            let count = series.count
            // A chart: windows of one length moving forward by a stride, the first ones clipped at
            // the market's start, some repeated (points sharing their ticks).
            let length = Int.random(in: 1...300, using: &random)
            let stride = Int.random(in: 1...13, using: &random)
            var windows: [(first: Int, last: Int)] = []
            var last = Int.random(in: 0..<count, using: &random)
            while last < count, windows.count < 150 {
                windows.append((max(0, last - length), last))
                if Int.random(in: 0..<5, using: &random) > 0 { last += stride }
            }
            if trial % 3 == 2 { windows.shuffle(using: &random) }
            let together = market.dayWindows(of: coin, in: series, ticks: windows)
            #expect(together.count == windows.count)
            for (index, ticks) in windows.enumerated() {
                let alone = market.dayWindow(of: coin, in: series, ticks: ticks)
                #expect(Self.bits(together[index]) == Self.bits(alone), "trial \(trial), window \(ticks)")
            }
        }
        #expect(
            market.dayWindows(of: market.coins[0], in: market.ticks(of: market.coins[0].id)!, ticks: [])
                .isEmpty)
    }

    @Test(
        "each window's turnover is the opening turnover plus its ticks' shares added in order, bit for bit; highs and lows are its extremes"
    )
    func sumsInTickOrder() {
        var random = SplitMix64(seed: 23)
        for trial in 0..<300 {
            // A random walk with moves large enough that the order of additions shows in the bits.
            var price = 100.0
            let prices = (0..<Int.random(in: 1...700, using: &random)).map { _ in
                price *= 1 + Double.random(in: -0.05...0.05, using: &random)
                return price
            }
            let length = Int.random(in: 0...290, using: &random)
            var windows: [ClosedRange<Int>] = []
            var last = Int.random(in: 0..<prices.count, using: &random)
            while last < prices.count, windows.count < 120 {
                windows.append(max(0, last - length)...last)
                last += Int.random(in: 0...12, using: &random)
            }
            if trial % 4 == 3 { windows.shuffle(using: &random) }
            let (sums, extremes) = prices.withUnsafeBufferPointer {
                (
                    SimulatedMarket.turnovers(prices: $0, windows: windows),
                    SimulatedMarket.extremes(prices: $0, windows: windows)
                )
            }
            for (index, window) in windows.enumerated() {
                var expected = SimulatedMarket.openingTurnover
                for tick in window.dropFirst() {
                    expected += SimulatedMarket.turnover(from: prices[tick - 1], to: prices[tick])
                }
                #expect(sums[index].bitPattern == expected.bitPattern, "trial \(trial), window \(window)")
                #expect(
                    extremes[index].high == prices[window].max()
                        && extremes[index].low == prices[window].min())
            }
        }
    }
}
