import PriceModels
import Testing
import TrackerCore

@testable import Simulation

/// `/coins/{id}/ohlc` for 3 to 30 days takes its finished four-hour candles from the ticks the
/// markets bodies read (`RecentCandleMemo`). Every body must be byte for byte the body of a twin
/// market that wrote no markets body, whose candles all come from the ticks.
@Suite("Four-hour candles from the markets bodies' ticks equal the candles of the path's ticks")
struct RecentCandleTests {
    static let hour: Int64 = 3_600_000
    static let start: Int64 = 1_704_067_200_000 + 5 * 60_000  // off a four-hour boundary

    static func market(step: Int64) throws -> SimulatedMarket {
        let coins = [
            SyntheticCoin.testing("a", price: 10, .gbm(GeometricBrownianMotion(drift: 0.2, volatility: 0.9))),
            SyntheticCoin.testing(
                "b", price: 3,
                .garch(GARCH11(mean: 0, omega: 1e-6, alpha: 0.08, beta: 0.9, degreesOfFreedom: 5))),
        ]
        return try SimulatedMarket(
            coins: coins, rootSeed: 9, start: start, end: start + 80 * 24 * hour, stepMilliseconds: step,
            correlation: .oneFactor(correlations: ["a": 0.8, "b": 0.8]))
    }

    /// Markets bodies every `every` hours over `hours`, each followed by candle bodies compared
    /// with the twin's.
    static func check(
        step: Int64, from: Int64, hours: ClosedRange<Int64>, every: Int64, skipping: Range<Int64>
    )
        throws
    {
        let market = try Self.market(step: step)
        let twin = try Self.market(step: step)
        var hour = hours.lowerBound
        while hour <= hours.upperBound {
            let now = from + hour * Self.hour + 17_000
            if !skipping.contains(hour) { _ = market.marketsBody(ids: ["a", "b"], at: now) }
            for id in ["a", "b"] {
                for days in ["7", "14", "30"] {
                    let memo = try market.ohlcBody(id: id, days: days, at: now)
                    let ticks = try twin.ohlcBody(id: id, days: days, at: now)
                    let same = memo == ticks
                    #expect(same, "\(id) days=\(days) at hour \(hour)")
                }
            }
            hour += every
        }
        // The memo was used: at the end it holds the last 30 days' finished candles.
        let last = hours.lowerBound + (hours.upperBound - hours.lowerBound) / every * every
        let now = from + last * Self.hour
        let size = RecentCandleMemo.size
        let spans = (now - 30 * 24 * Self.hour) / size + 1..<now / size - 1
        #expect(
            market.recentCandles.candles(ofCoin: 0, spans: spans, in: market.coinTicks[0])?.count
                == spans.count)
    }

    @Test("15-minute ticks: bodies every 5 hours for 70 days, with a two-day gap")
    func quarterHours() throws {
        try Self.check(step: 900_000, from: Self.start, hours: 0...(70 * 24), every: 5, skipping: 900..<948)
    }

    @Test("7-minute ticks (a candle's ticks do not divide it), bodies every 11 hours")
    func unevenTicks() throws {
        try Self.check(step: 420_000, from: Self.start, hours: 0...(60 * 24), every: 11, skipping: 0..<0)
    }

    @Test("coins past the memo's first 128 are answered from their ticks")
    func coinsNotKept() throws {
        let coins = (0..<130).map {
            SyntheticCoin.testing(
                "c\($0)", price: 10, .gbm(GeometricBrownianMotion(drift: 0.1, volatility: 0.7)))
        }
        func market() throws -> SimulatedMarket {
            try SimulatedMarket(
                coins: coins, rootSeed: 4, start: Self.start, end: Self.start + 45 * 24 * Self.hour,
                stepMilliseconds: Self.hour)
        }
        let (memo, twin) = (try market(), try market())
        let ids = coins.map(\.id)
        for hour in stride(from: Int64(0), through: 44 * 24, by: 6) {
            _ = memo.marketsBody(ids: ids, perPage: 250, at: Self.start + hour * Self.hour)
        }
        let now = Self.start + 44 * 24 * Self.hour
        for index in [0, 127, 128, 129] {
            let same =
                try memo.ohlcBody(id: ids[index], days: "30", at: now)
                == twin.ohlcBody(id: ids[index], days: "30", at: now)
            #expect(same, "coin \(index)")
        }
        let size = RecentCandleMemo.size
        let spans = (now - 30 * 24 * Self.hour) / size + 1..<now / size - 1
        #expect(memo.recentCandles.candles(ofCoin: 127, spans: spans, in: memo.coinTicks[127]) != nil)
        #expect(memo.recentCandles.candles(ofCoin: 128, spans: spans, in: memo.coinTicks[128]) == nil)
    }

    @Test("a clock set back: bodies from day 40 to 70, then candles from day 35 on again")
    func clockSetBack() throws {
        let market = try Self.market(step: 900_000)
        let twin = try Self.market(step: 900_000)
        for hour in stride(from: Int64(40 * 24), through: 70 * 24, by: 6) {
            _ = market.marketsBody(ids: ["a", "b"], at: Self.start + hour * Self.hour)
        }
        for hour in stride(from: Int64(35 * 24), through: 70 * 24, by: 13) {
            let now = Self.start + hour * Self.hour
            _ = market.marketsBody(ids: ["a"], at: now)
            let same =
                try market.ohlcBody(id: "b", days: "30", at: now)
                == twin.ohlcBody(id: "b", days: "30", at: now)
            #expect(same, "at hour \(hour)")
        }
    }
}
