/// What a chart decoder does with rows that are out of order, share a timestamp, or are not the
/// shape it expects.
public enum ChartRowOrder: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
    /// Document order, duplicates included: the app's `JSONDecoder` (Pointwelve/Bitpal-iOS
    /// `Bitpal-v2/Bitpal/Features/CoinDetail/Models/MarketChartResponse.swift`:
    /// `MarketChartResponse.toChartDataPoints()` and `OHLCResponse.toCandles()` map the arrays as
    /// they come, and `CoinDetailViewModel.filterAndLimitLineData(_:forRange:)` filters and
    /// strides them in that order; `ChartStatistics.from(lineData:)` takes the first and last). CoinGecko's trailing "now" row, which can be older than
    /// the row before it, is then the last point drawn and the chart's end price.
    ///
    /// Rows are also read as that `[[Double]]` and `compactMap` read them: any finite price
    /// (zero, negative, a candle whose low is above its close), a row too short for
    /// `ChartDataPoint.init(from:)` or `CandleDataPoint.init(from:)` (their files in
    /// docs/app-citations.json) dropped, numbers after the shape ignored; a `null` still fails the
    /// whole body. Found by `workbench conformance diff`
    /// (docs/conformance.md).
    case asSent = "as-sent"
    /// Sorted by timestamp, the last of equal timestamps kept (``SeriesRepairs``); every row
    /// must be the expected shape with positive finite prices (a located error otherwise).
    case sorted
}
