import TrackerCore

extension SyntheticMarket {
    /// `/coins/{id}/market_chart?days=D`: `prices`, `market_caps` and `total_volumes` with
    /// CoinGecko's granularity (5-minutely for 1 day, hourly for 2-90 days, daily at 00:00 UTC above
    /// 90 days and for `max`, or daily when `interval=daily`), each point on the grid at or before
    /// `now`, plus the trailing off-grid "now" point. Points before the market starts are left out.
    ///
    /// - Parameters:
    ///   - id: The coin.
    ///   - days: `1`, `7`, ..., or `max`.
    ///   - daily: Whether `interval=daily` was asked.
    ///   - now: The virtual time.
    /// - Throws: ``SyntheticMarketError``.
    public func marketChartBody(id: String, days: String, daily: Bool = false, at now: Int64)
        throws(SyntheticMarketError) -> [UInt8]
    {
        guard let coin = coin(id), price(of: id, at: now) != nil else { throw .coinNotFound(id) }
        let span = try spanMilliseconds(days, at: now)
        let dayCount = Double(span) / 86_400_000
        let step: Int64 =
            if daily || dayCount > 90 { 86_400_000 } else if dayCount > 1 { 3_600_000 } else { 300_000 }
        let first = max(now - span, start)
        var times: [Int64] = []
        var time = (first + step - 1) / step * step
        while time < now {
            times.append(time)
            time += step
        }
        times.append(now)
        var prices: [String] = []
        var caps: [String] = []
        var volumes: [String] = []
        for time in times {
            guard let day = dayWindow(of: coin, at: time) else { continue }
            prices.append("[\(time),\(JSONText.number(day.price))]")
            caps.append("[\(time),\(JSONText.number(day.price * coin.circulatingSupply))]")
            volumes.append("[\(time),\(JSONText.number(day.volume))]")
        }
        func column(_ points: [String]) -> String { "[" + points.joined(separator: ",") + "]" }
        return Array(
            ("{\"prices\":\(column(prices)),\"market_caps\":\(column(caps)),\"total_volumes\":\(column(volumes))}")
                .utf8)
    }

    /// `/coins/{id}/ohlc?days=D`: candles `[close time, open, high, low, close]` of 30 minutes for
    /// 1-2 days, 4 hours for 3-30, 4 days from 31; stamped at their close, aligned to the epoch; the
    /// last candle still forming (its close time after `now`, its close the price at `now`). Only
    /// the free API's `days` are accepted.
    ///
    /// - Parameters:
    ///   - id: The coin.
    ///   - days: One of `1, 7, 14, 30, 90, 180, 365, max`.
    ///   - now: The virtual time.
    /// - Throws: ``SyntheticMarketError``.
    public func ohlcBody(id: String, days: String, at now: Int64) throws(SyntheticMarketError) -> [UInt8] {
        guard Self.ohlcDays.contains(days) else { throw .invalidDays(days) }
        guard let series = paths[id], let last = tickIndex(at: now, in: series) else {
            throw .coinNotFound(id)
        }
        let span = try spanMilliseconds(days, at: now)
        let dayCount = span / 86_400_000
        let size: Int64 = dayCount <= 2 ? 1_800_000 : dayCount <= 30 ? 14_400_000 : 345_600_000
        let first = tickIndex(at: max(now - span, start), in: series) ?? 0
        var candles: [String] = []
        var index = first
        while index <= last {
            let time = series.timestamps[index]
            let close = (time / size + 1) * size
            let open = series.values[index]
            var (high, low, latest) = (open, open, open)
            while index <= last, series.timestamps[index] < close {
                let value = series.values[index]
                (high, low, latest) = (max(high, value), min(low, value), value)
                index += 1
            }
            candles.append(
                "[\(close),\(JSONText.number(open)),\(JSONText.number(high)),\(JSONText.number(low)),\(JSONText.number(latest))]"
            )
        }
        return Array(("[" + candles.joined(separator: ",") + "]").utf8)
    }

    private func spanMilliseconds(_ days: String, at now: Int64) throws(SyntheticMarketError) -> Int64 {
        if days == "max" { return max(now - start, 0) }
        guard let count = Double(days), count.isFinite, count > 0, count <= 100_000 else {
            throw .invalidDays(days)
        }
        return Int64(count * 86_400_000)
    }
}
