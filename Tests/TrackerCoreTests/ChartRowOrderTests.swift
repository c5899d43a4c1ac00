import TestSupport
import Testing
import TrackerCore
import WorkbenchFoundation

/// Chart rows as sent (the app) or sorted (``SeriesRepairs``): Pointwelve/Bitpal-iOS
/// `Features/CoinDetail/Models/MarketChartResponse.swift` (`toChartDataPoints()`, `toCandles()`:
/// the arrays in document order) and `CoinDetailViewModel.filterAndLimitLineData(_:forRange:)`
/// (filter, then stride, in that order); `ChartStatistics.from(lineData:)` (first and last).
@Suite("Chart rows: as sent for the app, sorted for spec")
struct ChartRowOrderTests {
    static let body = try! RepositoryFiles.coingeckoData("market_chart_bitcoin_usd_days1_20210515T1442Z.json")
    /// The response's `Date` header: Sat, 15 May 2021 14:42:25 GMT.
    static let recordedAt: Int64 = 1_621_089_745_000
    /// The document's last two rows: the off-grid "now" row is 955 ms older than the row before it.
    static let (newer, older): (Int64, Int64) = (1_621_089_594_955, 1_621_089_594_000)

    @Test("the recorded day: as sent, 15M, 1H and 4H end on the older last row; sorted, on the newer")
    func recordedLateRow() throws {
        let asSent = try MarketChartDecoder.decode(Array(Self.body), order: .asSent).prices
        let sorted = try MarketChartDecoder.decode(Array(Self.body), order: .sorted).prices
        #expect(asSent.count == 288 && sorted.count == 288)
        #expect(Array(asSent.timestamps.suffix(2)) == [Self.newer, Self.older])
        #expect(Array(sorted.timestamps.suffix(2)) == [Self.older, Self.newer])
        let preparation = AppPolicies.bitpal.chartPreparation
        for range in [ChartTimeRange.fifteenMinutes, .oneHour, .fourHours] {
            let app = preparation.line(asSent, range: range, at: Self.recordedAt)
            let repaired = preparation.line(sorted, range: range, at: Self.recordedAt)
            #expect(app.drawn.timestamps.last == Self.older, "\(range)")
            #expect(repaired.drawn.timestamps.last == Self.newer, "\(range)")
            // Within 1H both keep the same 13 rows; only their order differs.
            #expect(app.kept.count == repaired.kept.count, "\(range)")
        }
    }

    @Test("a late row with its own price ends the app's chart; a duplicated stamp is drawn twice")
    func lateRowAndDuplicate() throws {
        // Rows: 0 → 10, 60 s → 11, 120 s → 12, 120 s → 13 (duplicate), 90 s → 20 (late, last).
        let body = Array("{\"prices\":[[0,10],[60000,11],[120000,12],[120000,13],[90000,20]]}".utf8)
        let asSent = try MarketChartDecoder.decode(body, order: .asSent).prices
        #expect(asSent.timestamps == [0, 60_000, 120_000, 120_000, 90_000])
        #expect(ChartStatistics.line(asSent)?.endPrice == 20)
        let sorted = try MarketChartDecoder.decode(body, order: .sorted)
        #expect(sorted.prices.timestamps == [0, 60_000, 90_000, 120_000])
        #expect(ChartStatistics.line(sorted.prices)?.endPrice == 13)
        #expect(sorted.repairs[.prices] == SeriesRepairs(outOfOrder: 1, duplicatesDropped: 1))
        // The app's filter keeps order: at 120 s, 15M keeps every row, the late one last.
        let kept = RangeFilter.wallclock.apply(to: asSent, range: .fifteenMinutes, now: 120_000)
        #expect(kept.values == [10, 11, 12, 13, 20])
        // At 990 s the cutoff is 90 s: the two rows at 120 s and the late one, in that order.
        let filtered = RangeFilter.wallclock.apply(to: asSent, range: .fifteenMinutes, now: 990_000)
        #expect(filtered.timestamps == [120_000, 120_000, 90_000] && filtered.values == [12, 13, 20])
    }

    @Test("candles as sent keep document order through the filter and continuity")
    func candlesAsSent() throws {
        let body = Array("[[1800000,1,3,1,2],[900000,2,4,1,3],[2700000,3,5,2,4]]".utf8)
        let asSent = try OHLCDecoder.decode(body, order: .asSent).candles
        #expect(asSent.closeTimes == [1_800_000, 900_000, 2_700_000])
        let kept = RangeFilter.wallclock.apply(to: asSent, range: .fifteenMinutes, now: 2_700_000)
        #expect(kept.closeTimes == [1_800_000, 2_700_000])
        #expect(try OHLCDecoder.decode(body).candles.closeTimes == [900_000, 1_800_000, 2_700_000])
    }

    @Test("a binned downsampler given rows as sent sorts them first rather than misreading bins")
    func binnedDownsamplerSorts() {
        var policies = AppPolicies.bitpal
        policies.downsampler = .minmax
        let stamps: [Int64] = (0..<200).map { Int64($0) * 60_000 } + [60_000]
        let series = TimeSeries(timestamps: stamps, values: stamps.map { Double($0 % 7) })
        let line = policies.chartPreparation.line(series, range: .oneDay, at: 200 * 60_000)
        #expect(line.kept.isStrictlyIncreasing)
        #expect(line.drawn.count <= line.cap)
    }

    @Test(
        "rows as sent are read as the app's [[Double]] and compactMap: any finite price, short rows dropped")
    func rowsAsTheAppReadsThem() throws {
        // A zero and a negative price, an empty and a short row (dropped), a long row (its extra
        // number ignored): what `conformance diff` found the app draws and the workbench refused.
        let line = Array(#"{"prices":[[1000,0],[],[2000],[3000,-2],[4000,5,9]]}"#.utf8)
        let prices = try MarketChartDecoder.decode(line, order: .asSent).prices
        #expect(prices.timestamps == [1000, 3000, 4000] && prices.values == [0, -2, 5])
        let candles = try OHLCDecoder.decode(
            Array("[[1000,5,4,6,5],[2000,1,2],[3000,0,0,0,0,7]]".utf8), order: .asSent)
        #expect(candles.candles.closeTimes == [1000, 3000] && candles.candles.high == [4, 0])
        // A null still fails the whole body, as it does to JSONDecoder; sorted rows are still checked.
        #expect(throws: LocatedDecodingError.self) {
            try MarketChartDecoder.decode(Array(#"{"prices":[[1000,null]]}"#.utf8), order: .asSent)
        }
        #expect(throws: LocatedDecodingError.self) { try MarketChartDecoder.decode(line, order: .sorted) }
        #expect(throws: LocatedDecodingError.self) {
            try OHLCDecoder.decode(Array("[[1000,5,4,6,5]]".utf8), order: .sorted)
        }
        let error = #expect(throws: LocatedDecodingError.self) {
            try MarketChartDecoder.decode(Array(#"{"prices":[[],[1000,1],[2000,"x"]]}"#.utf8), order: .asSent)
        }
        #expect(error?.path == "$.prices[2][1]")
    }
}
