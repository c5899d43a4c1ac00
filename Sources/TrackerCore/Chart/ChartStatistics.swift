/// The figures above a chart: period high and low, start and end, change.
///
/// As the app computes them (Bitpal-v2 `ChartStatistics.swift`): for a line, high and low of the
/// prices, start and end the first and last price; for candles, the highest high, the lowest low,
/// the first open and the last close. The app does this in `Decimal`; chart values here are
/// `Double`, the data's own precision.
public struct ChartStatistics: Sendable, Equatable, Codable {
    /// Highest price in the period.
    public var periodHigh: Double
    /// Lowest price in the period.
    public var periodLow: Double
    /// Price at the start of the period.
    public var startPrice: Double
    /// Price at the end of the period.
    public var endPrice: Double

    /// Creates statistics.
    ///
    /// - Parameters:
    ///   - periodHigh: Highest price.
    ///   - periodLow: Lowest price.
    ///   - startPrice: First price.
    ///   - endPrice: Last price.
    public init(periodHigh: Double, periodLow: Double, startPrice: Double, endPrice: Double) {
        self.periodHigh = periodHigh
        self.periodLow = periodLow
        self.startPrice = startPrice
        self.endPrice = endPrice
    }

    /// `endPrice - startPrice`.
    public var change: Double { endPrice - startPrice }

    /// The change in percent of the start price; 0 when the start price is 0 (as the app does).
    public var changePercent: Double { startPrice == 0 ? 0 : change / startPrice * 100 }

    /// Whether the price rose or stayed the same (`change >= 0`), which colours the chart green.
    public var isPositive: Bool { change >= 0 }

    /// Statistics of a line chart; nil for an empty series.
    ///
    /// - Parameter series: The drawn (or filtered) prices.
    public static func line(_ series: TimeSeries) -> ChartStatistics? {
        guard let high = series.values.max(), let low = series.values.min(),
            let start = series.values.first, let end = series.values.last
        else { return nil }
        return ChartStatistics(periodHigh: high, periodLow: low, startPrice: start, endPrice: end)
    }

    /// Statistics of a candlestick chart; nil for no candles.
    ///
    /// - Parameter candles: The drawn candles.
    public static func candles(_ candles: CandleSeries) -> ChartStatistics? {
        guard let high = candles.high.max(), let low = candles.low.min(),
            let start = candles.open.first, let end = candles.close.last
        else { return nil }
        return ChartStatistics(periodHigh: high, periodLow: low, startPrice: start, endPrice: end)
    }
}
