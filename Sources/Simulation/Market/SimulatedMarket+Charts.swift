import TrackerCore
import WorkbenchFoundation

extension SimulatedMarket {
    /// `/coins/{id}/market_chart?days=D`: `prices`, `market_caps` and `total_volumes` with
    /// CoinGecko's granularity (5-minutely for 1 day, hourly for 2-90 days, daily at 00:00 UTC above
    /// 90 days and for `max`, or daily when `interval=daily`), each point on the grid at or before
    /// `now`, plus the trailing off-grid "now" point. Points before the market starts are left out.
    /// Five-minute points sit 10-290 s after their grid slot, as real ones do (the recorded
    /// `days=1` chart's points are 250-440 s apart); the offset is a pure function of the coin
    /// and the slot, so every response agrees on a point's stamp.
    ///
    /// - Parameters:
    ///   - id: The coin.
    ///   - days: `1`, `7`, ..., or `max`.
    ///   - daily: Whether `interval=daily` was asked.
    ///   - now: The virtual time.
    /// - Throws: ``SimulatedMarketError``.
    public func marketChartBody(id: String, days: String, daily: Bool = false, at now: Int64)
        throws(SimulatedMarketError) -> [UInt8]
    {
        guard let index = coinIndex[id], case let series = coinTicks[index],
            tickIndex(at: now, in: series) != nil
        else {
            throw .coinNotFound(id)
        }
        let coin = coins[index]
        let span = try spanMilliseconds(days, at: now)
        let dayCount = Double(span) / 86_400_000
        let step: Int64 =
            if daily || dayCount > 90 { 86_400_000 } else if dayCount > 1 { 3_600_000 } else { 300_000 }
        let first = max(now - span, start)
        var times: [Int64] = []
        var time = (first + step - 1) / step * step
        let salt = FNV1a.hash("stamp/\(id)")
        while time < now {
            let stamp = step == 300_000 ? time + Self.stampOffset(salt: salt, slot: time) : time
            if stamp < now { times.append(stamp) }
            time += step
        }
        times.append(now)
        var prices = JSONWriter(capacity: 32 * times.count)
        var caps = JSONWriter(capacity: 32 * times.count)
        var volumes = JSONWriter(capacity: 32 * times.count)
        // Daily points before now come from the first draw (``DailyPointMemo``); every other
        // point is its day of ticks, computed together (five-minute points on a coarser grid
        // share their ticks: their window is computed once).
        let memo = step == DailyPointMemo.day ? dailyPoints : nil
        enum Point {
            case kept(price: Double, volume: Double)
            case window(Int)
        }
        var points: [(time: Int64, point: Point)] = []
        var windowTicks: [(first: Int, last: Int)] = []
        points.reserveCapacity(times.count)
        for time in times {
            if time < now, let kept = memo?.point(ofCoin: index, at: time) {
                let volume = Self.volume(
                    price: kept.price, supply: coin.circulatingSupply, turnover: kept.turnover)
                points.append((time, .kept(price: kept.price, volume: volume)))
            } else if let ticks = dayWindowTicks(at: time, in: series) {
                if windowTicks.last.map({ $0 != ticks }) ?? true { windowTicks.append(ticks) }
                points.append((time, .window(windowTicks.count - 1)))
            }
        }
        let windows = dayWindows(of: coin, in: series, ticks: windowTicks)
        for (time, source) in points {
            let point: (price: Double, volume: Double) =
                switch source {
                case .kept(let price, let volume): (price, volume)
                case .window(let window): (windows[window].price, windows[window].volume)
                }
            let stamp = prices.pair(time, point.price)
            caps.pair(prices.bytes[stamp], point.price * coin.circulatingSupply)
            volumes.pair(prices.bytes[stamp], point.volume)
        }
        var writer = JSONWriter(capacity: prices.bytes.count + caps.bytes.count + volumes.bytes.count + 64)
        for (name, column) in [
            ("{\"prices\":", prices), (",\"market_caps\":", caps), (",\"total_volumes\":", volumes),
        ]
            as [(StaticString, JSONWriter)]
        {
            writer.raw(name)
            if column.bytes.isEmpty {
                writer.raw("[]")
            } else {
                writer.append(column.bytes)
                writer.raw("]")
            }
        }
        writer.raw("}")
        return writer.bytes
    }

    /// `/coins/{id}/ohlc?days=D`: candles `[close time, open, high, low, close]` of 30 minutes for
    /// 1-2 days, 4 hours for 3-30, 4 days from 31; stamped at their close, aligned to the epoch; the
    /// first candle the first that opens at or after `now - D days` (the recorded `days=7`
    /// response holds 42 four-hour candles), the last still forming (its close time after `now`,
    /// its close the price at `now`). Only the free API's `days` are accepted.
    ///
    /// - Parameters:
    ///   - id: The coin.
    ///   - days: One of `1, 7, 14, 30, 90, 180, 365, max`.
    ///   - now: The virtual time.
    /// - Throws: ``SimulatedMarketError``.
    public func ohlcBody(id: String, days: String, at now: Int64) throws(SimulatedMarketError) -> [UInt8] {
        guard Self.ohlcDays.contains(days) else { throw .invalidDays(days) }
        guard let series = ticks(of: id), let last = tickIndex(at: now, in: series) else {
            throw .coinNotFound(id)
        }
        let span = try spanMilliseconds(days, at: now)
        let dayCount = span / 86_400_000
        let size: Int64 = dayCount <= 2 ? 1_800_000 : dayCount <= 30 ? 14_400_000 : 345_600_000
        let firstOpen = (max(now - span, start) + size - 1) / size * size
        var writer = JSONWriter(capacity: 64 * Int((now - firstOpen) / size + 2) + 2)
        writer.raw("[")
        // Four-day candles finished before the last one come from the memo.
        var rest = firstOpen
        let lastSpan = series.timestamp(last) / size
        if size == LongCandleMemo.size, let coin = coinIndex[id], firstOpen / size < lastSpan {
            for candle in longCandles.candles(ofCoin: coin, spans: firstOpen / size..<lastSpan, in: series) {
                Self.write(candle, to: &writer)
            }
            rest = lastSpan * size
        } else if size == RecentCandleMemo.size, let coin = coinIndex[id], firstOpen / size < lastSpan,
            let candles = recentCandles.candles(ofCoin: coin, spans: firstOpen / size..<lastSpan, in: series)
        {
            // Four-hour candles finished before the last one, from the ticks markets bodies read.
            for candle in candles { Self.write(candle, to: &writer) }
            rest = lastSpan * size
        }
        var first = tickIndex(at: rest, in: series) ?? 0
        if series.timestamp(first) < rest { first += 1 }
        if first <= last {
            var built = CandleBuilder(size: size)
            series.withPrices(first...last) { built.add($0, firstTick: first, of: series) }
            for candle in built.candles { Self.write(candle, to: &writer) }
            if let open = built.open { Self.write(open, to: &writer) }
        }
        writer.raw("]")
        return writer.bytes
    }

    /// Writes `[close time, open, high, low, close]`, after a comma unless it is the first.
    private static func write(_ candle: Candle, to writer: inout JSONWriter) {
        if writer.bytes.count > 1 { writer.raw(",") }
        writer.raw("[")
        writer.integer(candle.closeTime)
        // Four numbers written out: a list of them was an allocation a candle.
        writer.raw(",")
        writer.number(candle.open)
        writer.raw(",")
        writer.number(candle.high)
        writer.raw(",")
        writer.number(candle.low)
        writer.raw(",")
        writer.number(candle.close)
        writer.raw("]")
    }

    private func spanMilliseconds(_ days: String, at now: Int64) throws(SimulatedMarketError) -> Int64 {
        if days == "max" { return max(now - start, 0) }
        guard let count = Double(days), count.isFinite, count > 0, count <= 100_000 else {
            throw .invalidDays(days)
        }
        return Int64(count * 86_400_000)
    }

    /// A five-minute point's offset after its slot, 10-290 s.
    static func stampOffset(salt: UInt64, slot: Int64) -> Int64 {
        var generator = SplitMix64(seed: salt &+ UInt64(bitPattern: slot))
        return 10_000 + Int64(generator.nextUnitInterval() * 280_000)
    }
}
