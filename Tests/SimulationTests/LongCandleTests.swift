import PriceModels
import Simulation
import Testing
import TrackerCore
import WorkbenchFoundation

/// `/coins/{id}/ohlc` above 30 days takes its finished four-day candles from a memo
/// (`LongCandleMemo`); every body must still be the candles of the path's own ticks.
@Suite("Four-day OHLC candles from the memo equal the candles of the path's ticks")
struct LongCandleTests {
    static let day: Int64 = 86_400_000
    static let start: Int64 = 1_704_067_200_000 + 3 * 3_600_000  // not on a four-day boundary

    /// The candles of `path` from the first four-day boundary at or after `now - days`, through
    /// `now`: each the ticks of one epoch-aligned span, stamped at its close.
    static func expected(_ path: TimeSeries, days: String, at now: Int64) -> [Candle] {
        let size: Int64 = 345_600_000
        let from = days == "max" ? path.timestamps[0] : max(now - Int64(days)! * day, path.timestamps[0])
        let firstOpen = (from + size - 1) / size * size
        var candles: [Candle] = []
        for (time, price) in zip(path.timestamps, path.values) where time >= firstOpen && time <= now {
            let close = (time / size + 1) * size
            if candles.last?.closeTime == close {
                candles[candles.count - 1].high = max(candles[candles.count - 1].high, price)
                candles[candles.count - 1].low = min(candles[candles.count - 1].low, price)
                candles[candles.count - 1].close = price
            } else {
                candles.append(Candle(closeTime: close, open: price, high: price, low: price, close: price))
            }
        }
        return candles
    }

    static func candles(_ market: SimulatedMarket, _ id: String, days: String, at now: Int64) throws
        -> [Candle]
    {
        let body = try market.ohlcBody(id: id, days: days, at: now)
        let series = try OHLCDecoder.decode(body, source: "ohlc").candles
        return series.closeTimes.indices.map {
            Candle(
                closeTime: series.closeTimes[$0], open: series.open[$0], high: series.high[$0],
                low: series.low[$0], close: series.close[$0])
        }
    }

    static func check(_ market: SimulatedMarket, ids: [String], times: [Int64]) throws {
        for now in times {
            for id in ids {
                let path = try #require(market.path(of: id))
                for days in ["90", "180", "365", "max"] {
                    let got = try candles(market, id, days: days, at: now)
                    let want = expected(path, days: days, at: now)
                    #expect(got.count == want.count, "\(id) days=\(days) at \(now)")
                    for (index, (a, b)) in zip(got, want).enumerated() {
                        #expect(
                            a.closeTime == b.closeTime && a.open.bitPattern == b.open.bitPattern
                                && a.high.bitPattern == b.high.bitPattern
                                && a.low.bitPattern == b.low.bitPattern
                                && a.close.bitPattern == b.close.bitPattern,
                            "\(id) days=\(days) at \(now), candle \(index)")
                    }
                }
            }
        }
    }

    @Test("a generated market: forward through a year, on and off candle edges, then back in time")
    func generated() throws {
        let coins = [
            SyntheticCoin.testing("a", price: 10, .gbm(GeometricBrownianMotion(drift: 0.2, volatility: 0.9))),
            SyntheticCoin.testing(
                "b", price: 3,
                .garch(GARCH11(mean: 0, omega: 1e-6, alpha: 0.08, beta: 0.9, degreesOfFreedom: 5))),
        ]
        let end = Self.start + 400 * Self.day
        let market = try SimulatedMarket(
            coins: coins, rootSeed: 5, start: Self.start, end: end, stepMilliseconds: 900_000,
            correlation: .oneFactor(correlations: ["a": 0.8, "b": 0.8]))
        let size: Int64 = 345_600_000
        let edge = (Self.start + 200 * Self.day) / size * size
        let forward: [Int64] = [
            Self.start + 35 * Self.day + 7, Self.start + 100 * Self.day, edge - 1, edge, edge + 900_000,
            Self.start + 399 * Self.day + 1_234,
        ]
        try Self.check(market, ids: ["a", "b"], times: forward + [Self.start + 60 * Self.day, edge + 1])
    }

    @Test("recorded-style ticks: irregular times and a ten-day gap with no ticks at all")
    func irregular() throws {
        var generator = SplitMix64(seed: 8)
        var times: [Int64] = []
        var prices: [Double] = []
        var time = Self.start
        var price = 100.0
        while time < Self.start + 300 * Self.day {
            times.append(time)
            prices.append(price)
            price *= 1 + (generator.nextUnitInterval() - 0.5) * 0.02
            let inGap = time > Self.start + 120 * Self.day && time < Self.start + 130 * Self.day
            time += inGap ? 10 * Self.day : 60_000 + Int64(generator.nextUnitInterval() * 3_000_000)
        }
        let coin = SyntheticCoin.testing(
            "r", price: 100, .gbm(GeometricBrownianMotion(drift: 0, volatility: 0.5)))
        let market = try SimulatedMarket(
            coins: [coin], paths: ["r": TimeSeries(timestamps: times, values: prices)])
        try Self.check(
            market, ids: ["r"],
            times: [Self.start + 140 * Self.day, Self.start + 299 * Self.day, Self.start + 125 * Self.day])
    }
}
