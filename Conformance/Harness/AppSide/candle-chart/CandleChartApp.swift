import ConformanceCases
import Foundation

/// The app's candle chart for a case: the `OHLCResponse` decoded by `JSONDecoder`, `toCandles()`,
/// the view model's `filterAndLimitCandleData(_:forRange:)` (lifted out of `CoinDetailViewModel`;
/// it ends with `ensureContinuity()`), then `ChartStatistics.from(candleData:)`.
public enum CandleChartApp {
    /// Runs one case.
    public static func run(_ chart: ChartCase) -> ChartOutput {
        AppClock.set(milliseconds: chart.now)
        guard let range = ChartTimeRange(rawValue: chart.range),
            let response = try? JSONDecoder().decode(OHLCResponse.self, from: Data(chart.ohlcBody.utf8))
        else { return .refused }
        let drawn = CoinDetailViewModelLifted.filterAndLimitCandleData(response.toCandles(), forRange: range)
        let statistics = ChartStatistics.from(candleData: drawn)
        return ChartOutput(
            decoded: true, times: drawn.map { milliseconds($0.timestamp) },
            values: drawn.map { [$0.open, $0.high, $0.low, $0.close].map(double) },
            statistics: statistics.map {
                [$0.periodHigh, $0.periodLow, $0.startPrice, $0.endPrice, $0.percentageChange].map(double)
            },
            rising: statistics?.isPositive)
    }
}
