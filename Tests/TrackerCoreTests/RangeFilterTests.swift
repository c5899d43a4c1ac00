import TestSupport
import Testing
import TrackerCore

@Suite("Range filtering")
struct RangeFilterTests {
    static let chart = try! MarketChartDecoder.decode(
        RepositoryFiles.coingeckoData("market_chart_bitcoin_usd_days1_20210515T1442Z.json"))
    /// The response's `Date` header: Sat, 15 May 2021 14:42:25 GMT.
    static let recordedAt: Int64 = 1_621_089_745_000

    @Test("at the recording time both policies keep the last hour (13 points)")
    func atRecordingTime() {
        let prices = Self.chart.prices
        let wall = RangeFilter.wallclock.apply(to: prices, range: .oneHour, now: Self.recordedAt)
        let anchored = RangeFilter.dataAnchored.apply(to: prices, range: .oneHour, now: Self.recordedAt)
        #expect(wall.timestamps.allSatisfy { $0 >= Self.recordedAt - 3_600_000 })
        #expect(anchored.timestamps.allSatisfy { $0 >= prices.timestamps.last! - 3_600_000 })
        #expect(wall.count == 13)
        #expect(anchored.count == 13)
        #expect(wall.timestamps.last == prices.timestamps.last)
    }

    @Test("replayed two days late, wallclock draws an empty chart and data-anchored does not")
    func stale() {
        let now = Self.recordedAt + 2 * 86_400_000
        #expect(RangeFilter.wallclock.apply(to: Self.chart.prices, range: .oneDay, now: now).isEmpty)
        #expect(RangeFilter.dataAnchored.apply(to: Self.chart.prices, range: .oneDay, now: now).count == 288)
    }

    @Test("the cutoff is inclusive and candles are judged by close time")
    func inclusiveCutoff() {
        let series = TimeSeries(timestamps: [0, 600_000, 1_200_000, 1_800_000], values: [1, 2, 3, 4])
        let kept = RangeFilter.dataAnchored.apply(to: series, range: .fifteenMinutes, now: 0)
        #expect(kept.timestamps == [1_200_000, 1_800_000])
        let candles = CandleSeries(
            closeTimes: [0, 900_000, 1_800_000], open: [1, 1, 1], high: [2, 2, 2], low: [1, 1, 1],
            close: [2, 2, 2])
        #expect(
            RangeFilter.wallclock.apply(to: candles, range: .fifteenMinutes, now: 1_800_000).closeTimes == [
                900_000, 1_800_000,
            ])
        #expect(RangeFilter.dataAnchored.apply(to: TimeSeries.empty, range: .oneDay, now: 5).isEmpty)
    }
}
