/// What the app does for one chart range: which `days` it asks for, how long it caches, how many
/// points it draws.
public struct ChartRangeSettings: Sendable, Equatable, Codable {
    /// CoinGecko's `days` query parameter.
    public var apiDays: Int
    /// How long a cached chart stays fresh, in seconds.
    public var cacheTTLSeconds: Int64
    /// The most points a line chart draws.
    public var maxLinePoints: Int
    /// The most candles a candlestick chart draws.
    public var maxCandles: Int

    /// Creates settings.
    ///
    /// - Parameters:
    ///   - apiDays: The `days` parameter.
    ///   - cacheTTLSeconds: Cache TTL in seconds.
    ///   - maxLinePoints: Point cap for lines.
    ///   - maxCandles: Candle cap.
    public init(apiDays: Int, cacheTTLSeconds: Int64, maxLinePoints: Int, maxCandles: Int) {
        self.apiDays = apiDays
        self.cacheTTLSeconds = cacheTTLSeconds
        self.maxLinePoints = maxLinePoints
        self.maxCandles = maxCandles
    }

    /// The cap for a chart type.
    ///
    /// - Parameter type: Line or candle.
    public func maxPoints(for type: ChartType) -> Int {
        type == .line ? maxLinePoints : maxCandles
    }
}
