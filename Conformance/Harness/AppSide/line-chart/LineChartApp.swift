import ConformanceCases
import Foundation

/// The app's line chart for a case: `MarketChartResponse` decoded by `JSONDecoder`,
/// `toChartDataPoints()`, the view model's `filterAndLimitLineData(_:forRange:)` (lifted out of
/// `CoinDetailViewModel`), then `ChartStatistics.from(lineData:)`.
public enum LineChartApp {
    /// Runs one case.
    public static func run(_ chart: ChartCase) -> ChartOutput {
        AppClock.set(milliseconds: chart.now)
        guard let range = ChartTimeRange(rawValue: chart.range),
            let response = try? JSONDecoder().decode(
                MarketChartResponse.self, from: Data(chart.marketChartBody.utf8))
        else { return .refused }
        let drawn = CoinDetailViewModelLifted.filterAndLimitLineData(
            response.toChartDataPoints(), forRange: range)
        let statistics = ChartStatistics.from(lineData: drawn)
        return ChartOutput(
            decoded: true, times: drawn.map { milliseconds($0.timestamp) },
            values: drawn.map { [double($0.price)] },
            statistics: statistics.map {
                [$0.periodHigh, $0.periodLow, $0.startPrice, $0.endPrice, $0.percentageChange].map(double)
            },
            rising: statistics?.isPositive)
    }
}
