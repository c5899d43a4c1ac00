/// What a chart decoder does with rows that are out of order or share a timestamp.
public enum ChartRowOrder: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
    /// Document order, duplicates included: the app's `JSONDecoder` (Pointwelve/Bitpal-iOS
    /// `Bitpal-v2/Bitpal/Features/CoinDetail/Models/MarketChartResponse.swift`:
    /// `MarketChartResponse.toChartDataPoints()` and `OHLCResponse.toCandles()` map the arrays as
    /// they come, and `CoinDetailViewModel.filterAndLimitLineData(_:forRange:)` filters and
    /// strides them in that order; `ChartStatistics.from(lineData:)` takes the first and last). CoinGecko's trailing "now" row, which can be older than
    /// the row before it, is then the last point drawn and the chart's end price.
    case asSent = "as-sent"
    /// Sorted by timestamp, the last of equal timestamps kept (``SeriesRepairs``).
    case sorted
}
