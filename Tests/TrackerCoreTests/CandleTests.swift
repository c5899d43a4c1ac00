import TestSupport
import Testing
import TrackerCore

@Suite("Candles: statistics, the app's continuity rewrite, aggregation")
struct CandleTests {
    static let candles = try! OHLCDecoder.decode(
        RepositoryFiles.coingeckoData("ohlc_bitcoin_usd_days7_20210515T1534Z.json")
    ).candles

    @Test("bitpal-continuity opens each candle at the previous close and widens high and low")
    func continuity() {
        let rewritten = CandlePolicy.bitpalContinuity.apply(to: Self.candles)
        #expect(rewritten.count == Self.candles.count)
        #expect(rewritten[0] == Self.candles[0])
        for index in 1..<rewritten.count {
            #expect(rewritten.open[index] == rewritten.close[index - 1])
            #expect(rewritten.close[index] == Self.candles.close[index])
            #expect(rewritten.high[index] >= max(rewritten.open[index], rewritten.close[index]))
            #expect(rewritten.low[index] <= min(rewritten.open[index], rewritten.close[index]))
            #expect(
                rewritten.high[index] >= Self.candles.high[index]
                    && rewritten.low[index] <= Self.candles.low[index])
        }
        // Candle 1 opened at 59052.34 after a 59122.18 close: it is rewritten to open there,
        // and its high (59052.34) widens to the new open.
        #expect(rewritten.open[1] == 59122.18)
        #expect(rewritten.high[1] == 59122.18)
        #expect(CandlePolicy.raw.apply(to: Self.candles) == Self.candles)
    }

    @Test("hand-computed continuity on two candles")
    func continuityByHand() {
        let candles = CandleSeries([
            Candle(closeTime: 1, open: 10, high: 12, low: 9, close: 11),
            Candle(closeTime: 2, open: 13, high: 14, low: 12.5, close: 13.5),
        ])
        let rewritten = CandlePolicy.bitpalContinuity.apply(to: candles)
        #expect(rewritten[1] == Candle(closeTime: 2, open: 11, high: 14, low: 11, close: 13.5))
    }

    @Test("chart statistics of lines and candles")
    func statistics() throws {
        let line = try #require(
            ChartStatistics.line(TimeSeries(timestamps: [1, 2, 3, 4], values: [100, 120, 90, 110])))
        #expect(line == ChartStatistics(periodHigh: 120, periodLow: 90, startPrice: 100, endPrice: 110))
        #expect(line.change == 10)
        #expect(line.changePercent == 10)
        #expect(line.isPositive)
        let candles = try #require(ChartStatistics.candles(Self.candles))
        #expect(candles.startPrice == 57945.79)
        #expect(candles.endPrice == Self.candles.close.last)
        #expect(candles.periodHigh == Self.candles.high.max())
        #expect(candles.periodLow == Self.candles.low.min())
        #expect(ChartStatistics.line(.empty) == nil)
        #expect(ChartStatistics.candles(.empty) == nil)
        let flat = ChartStatistics(periodHigh: 0, periodLow: 0, startPrice: 0, endPrice: 0)
        #expect(flat.changePercent == 0 && flat.isPositive)
    }
}
