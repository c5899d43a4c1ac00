/// What the app does to candles before drawing them.
public enum CandlePolicy: String, CaseIterable, Sendable, Codable {
    /// Candles as CoinGecko sent them (consecutive candles need not chain).
    case raw
    /// The app's rewrite (Bitpal-v2 `ensureContinuity()`): each candle after the first opens at
    /// the previous (rewritten) candle's close, and its high and low widen to still bound its
    /// open and close. It hides CoinGecko's gaps, and with them real gaps between candles.
    case bitpalContinuity = "bitpal-continuity"

    /// Applies the policy.
    ///
    /// - Parameter candles: Candles in close-time order.
    /// - Returns: The candles to draw.
    /// - Complexity: O(n).
    public func apply(to candles: CandleSeries) -> CandleSeries {
        guard self == .bitpalContinuity, candles.count > 1 else { return candles }
        var open = candles.open
        var high = candles.high
        var low = candles.low
        for index in 1..<candles.count {
            open[index] = candles.close[index - 1]
            high[index] = max(high[index], max(open[index], candles.close[index]))
            low[index] = min(low[index], min(open[index], candles.close[index]))
        }
        return CandleSeries(
            closeTimes: candles.closeTimes, open: open, high: high, low: low, close: candles.close)
    }
}
