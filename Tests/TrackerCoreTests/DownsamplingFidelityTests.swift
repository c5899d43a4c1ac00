import TestSupport
import Testing
import TrackerCore

@Suite("Downsampling fidelity")
struct DownsamplingFidelityTests {
    @Test("a hand-computed case")
    func handComputed() {
        // Points (0,0) (1,10) (2,4) (3,6) (4,2); drawn 0, 2, 3.
        let series = TimeSeries(timestamps: [0, 1, 2, 3, 4], values: [0, 10, 4, 6, 2])
        let fidelity = DownsamplingFidelity.measure(series: series, kept: [0, 2, 3], cap: 3)
        // Index 1 sits 8 above the line from (0,0) to (2,4); index 4 is 4 below the flat end at 6.
        #expect(fidelity.maxAbsoluteDeviation == 8)
        #expect(fidelity.maxRelativeDeviation == 0.8)
        #expect(fidelity.keptMinimum)
        #expect(!fidelity.keptMaximum)
        #expect(!fidelity.keptNewest)
        #expect(!fidelity.isOverCap)
    }

    @Test("keeping everything is exact; keeping nothing has no line")
    func extremes() {
        let series = TimeSeries(timestamps: [0, 1, 2], values: [3, 1, 2])
        #expect(
            DownsamplingFidelity.measure(series: series, kept: [0, 1, 2], cap: 3).maxAbsoluteDeviation == 0)
        let none = DownsamplingFidelity.measure(series: series, kept: [], cap: 3)
        #expect(none.maxAbsoluteDeviation == nil)
        #expect(!none.keptNewest)
        #expect(DownsamplingFidelity.measure(series: .empty, kept: [], cap: 3).maxAbsoluteDeviation == 0)
    }

    @Test("on the recorded 1D chart: stride drops the current price, LTTB and M4 keep it")
    func recordedChart() throws {
        let prices = try MarketChartDecoder.decode(
            RepositoryFiles.coingeckoData("market_chart_bitcoin_usd_days1_20210515T1442Z.json")
        ).prices
        func measure(_ algorithm: DownsamplingAlgorithm) throws -> DownsamplingFidelity {
            let kept = try algorithm.indices(x: prices.timestamps, y: prices.values, nOut: 96)
            return DownsamplingFidelity.measure(series: prices, kept: kept, cap: 96)
        }
        let stride = try measure(.stride)
        let lttb = try measure(.lttb)
        let m4 = try measure(.m4)
        #expect(!stride.keptNewest)
        #expect(lttb.keptNewest && m4.keptNewest)
        #expect(m4.keptMinimum && m4.keptMaximum)
        #expect(try #require(lttb.maxAbsoluteDeviation) < #require(stride.maxAbsoluteDeviation))
    }
}
