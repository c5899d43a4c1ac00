import TrackerCore

/// The figures CoinGecko derives from a coin's history, here derived from its ticks: the change
/// over a window, the all-time high and low, the 7-day sparkline.
extension SimulatedMarket {
    /// A window CoinGecko reports a price change over.
    struct ChangeWindow: Sendable {
        /// Its name in field names and in `price_change_percentage=...` (`7d`).
        let name: String
        /// Its length, ms.
        let milliseconds: Int64
        /// `price_change_percentage_<name>`, made once.
        let field: String
        /// `price_change_percentage_<name>_in_currency`, made once.
        let inCurrencyField: String

        init(name: String, milliseconds: Int64) {
            self.name = name
            self.milliseconds = milliseconds
            field = "price_change_percentage_\(name)"
            inCurrencyField = field + "_in_currency"
        }
    }

    /// The windows of `/coins/{id}`'s `price_change_percentage_<name>_in_currency`, in CoinGecko's
    /// order (a year is 365 days).
    static let changeWindows: [ChangeWindow] = {
        let hours: [(String, Int64)] = [
            ("1h", 1), ("24h", 24), ("7d", 168), ("14d", 336), ("30d", 720), ("60d", 1_440), ("200d", 4_800),
            ("1y", 8_760),
        ]
        return hours.map { ChangeWindow(name: $0.0, milliseconds: $0.1 * 3_600_000) }
    }()

    /// The windows `/coins/markets` accepts in `price_change_percentage` (all but 60 days).
    static let marketsChangeWindows = changeWindows.filter { $0.name != "60d" }

    /// The windows a `price_change_percentage=24h,7d` query asks for, in CoinGecko's order;
    /// unknown names are left out, as CoinGecko does.
    static func marketsChangeWindows(asked names: [String]) -> [ChangeWindow] {
        marketsChangeWindows.filter { names.contains($0.name) }
    }

    /// The change in percent over `window` up to `time`: the 24-hour window's own for 24 hours
    /// (``DayWindow/changePercent``); otherwise the price now against the last tick at or before
    /// `time - window`, nil when the market does not reach back that far.
    ///
    /// - Parameters:
    ///   - window: The window.
    ///   - series: The coin's ticks.
    ///   - day: Its 24 hours up to `time`.
    ///   - time: The virtual time.
    func changePercent(over window: ChangeWindow, of series: CoinTicks, day: DayWindow, at time: Int64)
        -> Double?
    {
        if window.milliseconds == 86_400_000 { return day.changePercent }
        guard let then = tickIndex(at: time - window.milliseconds, in: series) else { return nil }
        return (day.price / series.farPrice(then) - 1) * 100
    }

    /// The coin's all-time high and low up to its last tick at or before `time`.
    func extremes(ofCoin index: Int, in series: CoinTicks, at time: Int64) -> PriceExtremes? {
        guard let last = tickIndex(at: time, in: series) else { return nil }
        return extremes.extremes(ofCoin: index, through: last, in: series)
    }

    /// The 7-day sparkline: the price each hour over the 7 days up to `time`, oldest first, from
    /// the hours the market reaches.
    func sparkline(of series: CoinTicks, at time: Int64) -> [Double] {
        let hours = (0..<168).map { time - Int64(167 - $0) * 3_600_000 }
        guard let last = tickIndex(at: time, in: series),
            let first = hours.lazy.compactMap({ self.tickIndex(at: $0, in: series) }).first
        else { return [] }
        return series.withPrices(first...last) { prices in
            hours.compactMap { hour in tickIndex(at: hour, in: series).map { prices[$0 - first] } }
        }
    }
}

extension JSONWriter {
    /// `,"name":{"usd":...}` when `inUSD` (`/coins/{id}`'s `market_data`), else `,"name":...`
    /// (a `/coins/markets` row).
    ///
    /// - Parameters:
    ///   - member: The comma, the quoted name and the colon, `#","name":"#`: one piece, written
    ///     millions of times a simulated year.
    ///   - inUSD: Whether the figure is an object by currency.
    ///   - write: Writes the figure.
    mutating func usd(_ member: StaticString, inUSD: Bool = true, _ write: (inout JSONWriter) -> Void) {
        raw(member)
        if inUSD { raw(#"{"usd":"#) }
        write(&self)
        if inUSD { raw("}") }
    }

    /// `ath`, `ath_change_percentage`, `ath_date`, then the same for `atl`.
    ///
    /// - Parameters:
    ///   - extremes: The all-time high and low.
    ///   - price: The price now.
    ///   - inUSD: Whether each figure is an object by currency (``usd(_:inUSD:_:)``).
    mutating func allTime(_ extremes: PriceExtremes, price: Double, inUSD: Bool) {
        // Written out, not looped over a list: a row is written millions of times a year.
        usd(#","ath":"#, inUSD: inUSD) { $0.append(extremes.texts.high) }
        usd(#","ath_change_percentage":"#, inUSD: inUSD) { $0.number((price / extremes.high - 1) * 100) }
        usd(#","ath_date":"#, inUSD: inUSD) { $0.append(extremes.texts.highDate) }
        usd(#","atl":"#, inUSD: inUSD) { $0.append(extremes.texts.low) }
        usd(#","atl_change_percentage":"#, inUSD: inUSD) { $0.number((price / extremes.low - 1) * 100) }
        usd(#","atl_date":"#, inUSD: inUSD) { $0.append(extremes.texts.lowDate) }
    }

    /// `"sparkline...":{"price":[...]}`.
    mutating func sparkline(_ name: StaticString, _ prices: [Double]) {
        member(name)
        raw(#"{"price":["#)
        for (index, price) in prices.enumerated() {
            if index > 0 { raw(",") }
            number(price)
        }
        raw("]}")
    }
}
