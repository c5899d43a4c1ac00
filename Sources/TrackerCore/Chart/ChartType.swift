/// How a coin's price chart is drawn.
public enum ChartType: String, CaseIterable, Sendable, Codable {
    /// A line through prices (`/market_chart`).
    case line
    /// OHLC candlesticks (`/ohlc`).
    case candle
}
