import PriceModels
import Testing
import TrackerCore
import WorkbenchFoundation

@testable import Simulation

/// The all-time extremes a markets row and `/coins/{id}` report come from a memo that starts a
/// coin's first scan at the last stretch end the market's first draw left (`PriceExtremesMemo`);
/// they must be the extremes of the path's own ticks, the earliest tick on a tie.
@Suite("All-time extremes from the memo equal a scan of the path")
struct PriceExtremesTests {
    static func scanned(_ prices: [Double], through tick: Int) -> (Double, Int, Double, Int) {
        var (high, highTick, low, lowTick) = (prices[0], 0, prices[0], 0)
        for index in 1...max(tick, 1) where index <= tick {
            if prices[index] > high { (high, highTick) = (prices[index], index) }
            if prices[index] < low { (low, lowTick) = (prices[index], index) }
        }
        return (high, highTick, low, lowTick)
    }

    @Test("ticks asked in any order, on and around stretch ends, for two coins")
    func anyOrder() throws {
        let start: Int64 = 1_704_067_200_000
        let coins = [
            SyntheticCoin.testing("a", price: 10, .gbm(GeometricBrownianMotion(drift: 0.1, volatility: 0.9))),
            SyntheticCoin.testing(
                "b", price: 1, .ou(OrnsteinUhlenbeck(peg: 1, reversionSpeed: 50, volatility: 0.05))),
        ]
        // 20,161 ticks: two whole stretches of 8,192 and part of a third.
        let market = try SimulatedMarket(
            coins: coins, rootSeed: 3, start: start, end: start + 210 * 86_400_000, stepMilliseconds: 900_000)
        let length = PriceExtremesMemo.Stretches.length
        var generator = SplitMix64(seed: 5)
        for (index, coin) in coins.enumerated() {
            let path = try #require(market.path(of: coin.id)).values
            let ticks = market.coinTicks[index]
            var asked = [0, 1, length - 1, length, length + 1, 2 * length - 1, 2 * length, path.count - 1]
            for _ in 0..<40 { asked.append(Int(generator.next() % UInt64(path.count))) }
            for tick in asked {
                let found = market.extremes.extremes(ofCoin: index, through: tick, in: ticks)
                let (high, highTick, low, lowTick) = Self.scanned(path, through: tick)
                #expect(
                    found.high.bitPattern == high.bitPattern && found.highTick == highTick
                        && found.low.bitPattern == low.bitPattern && found.lowTick == lowTick
                        && found.through == tick,
                    "\(coin.id) through \(tick)")
            }
        }
    }
}
