/// Builds OHLC candles from a tick series, stamped at close time as CoinGecko stamps them.
///
/// Candles are aligned to multiples of their size since the epoch (00:00 UTC for daily sizes).
/// A tick at time t belongs to the candle closing at the first multiple of the size at or after
/// t, that is the interval `(close - size, close]`: a tick exactly on a boundary closes the
/// candle ending there. Open is the first tick of the interval, close the last, high and low
/// their extremes; intervals without ticks produce no candle. The last candle closes at or after
/// the last tick, so, as on CoinGecko, it can still be forming.
public enum CandleAggregator {
    /// Aggregates ticks into candles.
    ///
    /// - Parameters:
    ///   - ticks: Prices sorted by timestamp.
    ///   - candleMilliseconds: The candle size, positive (30 min, 4 h, 4 days on CoinGecko).
    /// - Returns: One candle per non-empty interval, in order.
    /// - Complexity: O(n).
    public static func aggregate(_ ticks: TimeSeries, candleMilliseconds size: Int64) -> CandleSeries {
        precondition(size > 0, "candle size must be positive")
        var closeTimes: [Int64] = []
        var open: [Double] = []
        var high: [Double] = []
        var low: [Double] = []
        var close: [Double] = []
        for (timestamp, price) in zip(ticks.timestamps, ticks.values) {
            let closeTime = closingBoundary(of: timestamp, size: size)
            if closeTimes.last == closeTime {
                let last = closeTimes.count - 1
                high[last] = max(high[last], price)
                low[last] = min(low[last], price)
                close[last] = price
            } else {
                closeTimes.append(closeTime)
                open.append(price)
                high.append(price)
                low.append(price)
                close.append(price)
            }
        }
        return CandleSeries(closeTimes: closeTimes, open: open, high: high, low: low, close: close)
    }

    /// The first multiple of `size` at or after `timestamp` (correct for negative times too).
    static func closingBoundary(of timestamp: Int64, size: Int64) -> Int64 {
        let remainder = timestamp % size
        if remainder == 0 { return timestamp }
        return remainder > 0 ? timestamp - remainder + size : timestamp - remainder
    }
}
