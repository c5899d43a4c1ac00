import PriceModels
import TrackerCore

/// Why the synthetic market refuses a request, with the status and body CoinGecko sends.
public enum SimulatedMarketError: Error, Sendable, Equatable {
    /// An unknown coin id on a per-coin endpoint: 404 `{"error":"coin not found"}`.
    case coinNotFound(String)
    /// A path CoinGecko does not serve: 404 with the body CoinGecko sends
    /// (`{"error":"Incorrect path. Please check https://www.coingecko.com/api/"}`).
    case unknownPath(String)
    /// An OHLC `days` outside the free API's set, or an unreadable `days`: 400.
    case invalidDays(String)
    /// A `/coins/{id}/history` `date` that is not `dd-mm-yyyy`: 400 `{"error":"invalid date"}`
    /// (CoinGecko's answer is not recorded; this follows its other refusals).
    case invalidDate(String)

    /// The HTTP status.
    public var status: Int {
        switch self {
        case .coinNotFound, .unknownPath: 404
        case .invalidDays, .invalidDate: 400
        }
    }

    /// The JSON body.
    public var body: [UInt8] {
        switch self {
        case .coinNotFound: return Array(#"{"error":"coin not found"}"#.utf8)
        case .unknownPath:
            return Array(#"{"error":"Incorrect path. Please check https://www.coingecko.com/api/"}"#.utf8)
        case .invalidDate: return Array(#"{"error":"invalid date"}"#.utf8)
        case .invalidDays(let days):
            var writer = JSONWriter()
            writer.raw("{")
            writer.member("error", first: true)
            writer.string("invalid days: \(days)")
            writer.raw("}")
            return writer.bytes
        }
    }
}

extension SimulatedMarket {
    /// OHLC `days` the free API accepts.
    public static let ohlcDays: Set<String> = ["1", "7", "14", "30", "90", "180", "365", "max"]

    /// `/coins/markets?ids=...`: one row per known id, by rank as CoinGecko orders them
    /// (`market_cap_desc`), at most `perPage` rows (CoinGecko's default page is 100); listed
    /// coins (``ListedCoins``) answer with their fixed rows.
    /// Every row carries the recorded response's 26 fields, in its order
    /// (`datasets/coingecko/coins_markets_usd_top100_20230108.json`), then the sparkline and the
    /// changes asked for.
    ///
    /// - Parameters:
    ///   - ids: The ids asked for; unknown ids are left out, as CoinGecko does.
    ///   - perPage: The page size.
    ///   - priceChangePercentage: The windows of `price_change_percentage=1h,24h,...`.
    ///   - sparkline: Whether to add `sparkline_in_7d` (`sparkline=true`).
    ///   - now: The virtual time.
    public func marketsBody(
        ids: [String], perPage: Int = 100, priceChangePercentage: [String] = [], sparkline: Bool = false,
        at now: Int64
    ) -> [UInt8] {
        let windows = Self.marketsChangeWindows(asked: priceChangePercentage)
        let write = {
            self.writeMarketsBody(ids: ids, perPage: perPage, windows: windows, sparkline: sparkline, at: now)
        }
        // On the grid a body depends only on its tick indices, as long as every window and
        // sparkline hour is a whole number of steps away from the last tick.
        let onTheHour = windows.allSatisfy { $0.name == "24h" } && !sparkline
        guard let ticks = gridDayWindowTicks(at: now), let stepMilliseconds,
            onTheHour || 3_600_000 % stepMilliseconds == 0
        else { return write() }
        let key = MarketsBodyMemo.Key(
            lastTick: ticks.last, firstTick: ticks.first, perPage: perPage, sparkline: sparkline,
            windows: windows.map(\.name), ids: ids)
        return marketsBodies.body(for: key, write: write)
    }

    private func writeMarketsBody(
        ids: [String], perPage: Int, windows: [ChangeWindow], sparkline: Bool, at now: Int64
    ) -> [UInt8] {
        var writer = JSONWriter(capacity: 900 * min(ids.count, perPage) + 2)
        writer.raw("[")
        var rows = 0
        // On a grid every row has the same update time: its text is written once.
        var updated: (tick: Int64, text: [UInt8])?
        for index in ranks(of: ids) where rows < perPage {
            guard index < coins.count else {
                // A listed coin the market does not simulate: its fixed row.
                if rows > 0 { writer.raw(",") }
                listed.writeRow(place: index - coins.count, rankAfter: coins.count, at: now, into: &writer)
                rows += 1
                continue
            }
            let series = coinTicks[index]
            guard let dayTicks = dayWindowTicks(at: now, in: series) else { continue }
            // Only the supply: a copy of the coin retains its strings and model.
            let supply = coins[index].circulatingSupply
            // The day's ticks, read once, give the 24 hours and carry the all-time extremes on.
            let (day, allTime) = series.withPrices(dayTicks.first...dayTicks.last) { prices in
                recentCandles.give(coin: index, first: dayTicks.first, prices: prices, ticks: series)
                return (
                    dayWindow(supply: supply, prices: prices, lastTick: series.timestamp(dayTicks.last)),
                    extremes.extremes(
                        ofCoin: index, through: dayTicks.last, in: series, window: (dayTicks.first, prices))
                )
            }
            let marketCap = day.price * supply
            if rows > 0 { writer.raw(",") }
            rows += 1
            // Names and punctuation between two figures go in one piece each: a row is written
            // 300,000 times in a simulated year.
            writer.append(marketsRowParts.opening(index))
            writer.raw(#","current_price":"#)
            writer.number(day.price)
            writer.raw(#","market_cap":"#)
            writer.rounded(marketCap)
            writer.append(marketsRowParts.rank(index))
            writer.raw(#","fully_diluted_valuation":"#)
            writer.rounded(marketCap)
            writer.raw(#","total_volume":"#)
            writer.rounded(day.volume)
            writer.raw(#","high_24h":"#)
            writer.number(day.high)
            writer.raw(#","low_24h":"#)
            writer.number(day.low)
            writer.raw(#","price_change_24h":"#)
            writer.number(day.change)
            writer.raw(#","price_change_percentage_24h":"#)
            // The percentage appears up to three times: formatted once (it allocates), then copied.
            let percentStart = writer.bytes.count
            writer.number(day.changePercent)
            let percent = percentStart..<writer.bytes.count
            writer.raw(#","market_cap_change_24h":"#)
            writer.number(day.change * supply)
            writer.raw(#","market_cap_change_percentage_24h":"#)
            writer.appendCopy(of: percent)
            writer.append(marketsRowParts.supply(index))
            writer.allTime(allTime, price: day.price, inUSD: false)
            writer.raw(#","roi":null,"last_updated":"#)
            if updated?.tick != day.lastTick {
                var text = JSONWriter(capacity: 32)
                text.isoMilliseconds(day.lastTick)
                updated = (day.lastTick, text.bytes)
            }
            writer.append(updated?.text ?? [])
            if sparkline { writer.sparkline("sparkline_in_7d", self.sparkline(of: series, at: now)) }
            for window in windows {
                writer.member(named: window.inCurrencyField)
                if window.milliseconds == 86_400_000 {
                    writer.appendCopy(of: percent)
                } else {
                    writer.optionalNumber(changePercent(over: window, of: series, day: day, at: now))
                }
            }
            writer.raw("}")
        }
        writer.raw("]")
        return writer.bytes
    }

    /// The rows CoinGecko answers, in its order (`order=market_cap_desc`, the default): each known
    /// id's rank once, a simulated coin's index or, after them, a listed coin's place (``coins``'
    /// count plus its place); unknown ids left out. The page is cut from this order, so with more
    /// ids than `per_page` the largest coins come back.
    private func ranks(of ids: [String]) -> [Int] {
        let ranks = ids.compactMap { coinIndex[$0] ?? listed.index[$0].map { coins.count + $0 } }
        // Nearly always strictly increasing already (a watchlist in the market's order), which
        // also means no id repeats: no set, no sort.
        if zip(ranks, ranks.dropFirst()).allSatisfy({ $0 < $1 }) { return ranks }
        return Set(ranks).sorted()
    }

    /// `/simple/price`: `{"id":{"usd":p,"usd_24h_change":c,"last_updated_at":s}}`; unknown ids and
    /// currencies other than `usd` are answered as CoinGecko does (left out, and `{}`).
    ///
    /// - Parameters:
    ///   - ids: The ids.
    ///   - currencies: The currencies.
    ///   - include24hChange: Whether to add `<currency>_24h_change`.
    ///   - includeLastUpdatedAt: Whether to add `last_updated_at` (epoch seconds).
    ///   - now: The virtual time.
    public func simplePriceBody(
        ids: [String], currencies: [String] = ["usd"], include24hChange: Bool = false,
        includeLastUpdatedAt: Bool = false, at now: Int64
    ) -> [UInt8] {
        var writer = JSONWriter(capacity: 80 * ids.count + 2)
        writer.raw("{")
        var first = true
        for id in ids {
            guard let index = coinIndex[id], let day = dayWindow(of: coins[index], at: now) else { continue }
            if !first { writer.raw(",") }
            first = false
            writer.string(id)
            writer.raw(":{")
            if currencies.contains("usd") {
                writer.member("usd", first: true)
                writer.number(day.price)
                if include24hChange {
                    writer.member("usd_24h_change")
                    writer.number(day.changePercent)
                }
                if includeLastUpdatedAt {
                    writer.member("last_updated_at")
                    writer.integer(day.lastTick / 1000)
                }
            }
            writer.raw("}")
        }
        writer.raw("}")
        return writer.bytes
    }

    /// `/coins/list`: every coin's id, symbol and name, the simulated ones first, then the
    /// listed ones (``ListedCoins``).
    public func coinsListBody() -> [UInt8] {
        let listedEntries = listed.listEntries()
        var writer = JSONWriter(capacity: 80 * coins.count + listedEntries.count + 3)
        writer.raw("[")
        for (index, coin) in coins.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.raw("{")
            writer.identity(id: coin.id, symbol: coin.symbol, name: coin.name)
            writer.raw("}")
        }
        if !coins.isEmpty && !listedEntries.isEmpty { writer.raw(",") }
        writer.append(listedEntries)
        writer.raw("]")
        return writer.bytes
    }

    /// `/search?query=...`: coins whose name or symbol contains the query, case-insensitive, by
    /// rank; the other result kinds empty.
    ///
    /// - Parameter query: What the user typed.
    public func searchBody(query: String) -> [UInt8] {
        let needle = query.lowercased()
        var writer = JSONWriter()
        writer.raw("{")
        writer.member("coins", first: true)
        writer.raw("[")
        var first = true
        for (index, coin) in coins.enumerated()
        where !needle.isEmpty
            && (coin.name.lowercased().contains(needle) || coin.symbol.lowercased().contains(needle))
        {
            if !first { writer.raw(",") }
            first = false
            writer.raw("{")
            writer.member("id", first: true)
            writer.string(coin.id)
            writer.member("name")
            writer.string(coin.name)
            writer.member("api_symbol")
            writer.string(coin.id)
            writer.member("symbol")
            writer.string(coin.symbol.uppercased())
            writer.member("market_cap_rank")
            writer.integer(Int64(index + 1))
            writer.member("thumb")
            writer.string(Self.imageURL(coin, size: "thumb"))
            writer.member("large")
            writer.string(Self.imageURL(coin, size: "large"))
            writer.raw("}")
        }
        writer.raw(#"],"exchanges":[],"icos":[],"categories":[],"nfts":[]}"#)
        return writer.bytes
    }

    /// The parts of every coin's `/coins/markets` row that never change, written once and laid
    /// end to end in one buffer: 10,000 coins' rows as three arrays a coin held 3.2 MB (a header,
    /// the allocator's own words and a rounded-up reserve each); in one buffer the held-out
    /// 10,000-coin week is 1.9 MB smaller resident (docs/benchmarks.md, round five).
    struct MarketsRowParts: Sendable {
        /// Every coin's parts, one coin after another: opening, rank, supply.
        private var bytes: [UInt8]
        /// Where each part starts in ``bytes``, three a coin in the parts' order, then where the
        /// last one ends.
        private var starts: [Int]

        /// The parts of `coins`, in their order (a coin's rank is its place).
        init(_ coins: [SyntheticCoin]) {
            var writer = JSONWriter(capacity: 256 * coins.count)
            var starts = [0]
            starts.reserveCapacity(3 * coins.count + 1)
            for (index, coin) in coins.enumerated() {
                writer.raw("{")
                writer.identity(of: coin)
                writer.member("image")
                writer.string(SimulatedMarket.imageURL(coin, size: "large"))
                starts.append(writer.bytes.count)
                writer.member("market_cap_rank")
                writer.integer(Int64(index + 1))
                starts.append(writer.bytes.count)
                writer.supply(of: coin)
                starts.append(writer.bytes.count)
            }
            bytes = writer.bytes
            self.starts = starts
        }

        /// `{"id":...,"symbol":...,"name":...,"image":...` of the coin at `index`.
        func opening(_ index: Int) -> ArraySlice<UInt8> { part(3 * index) }

        /// `,"market_cap_rank":N`.
        func rank(_ index: Int) -> ArraySlice<UInt8> { part(3 * index + 1) }

        /// `,"circulating_supply":...,"total_supply":...,"max_supply":null`.
        func supply(_ index: Int) -> ArraySlice<UInt8> { part(3 * index + 2) }

        private func part(_ place: Int) -> ArraySlice<UInt8> {
            bytes[starts[place]..<starts[place + 1]]
        }
    }

    static func imageURL(_ coin: SyntheticCoin, size: String) -> String {
        "https://assets.coingecko.com/coins/images/synthetic/\(size)/\(coin.id).png"
    }
}

extension JSONWriter {
    /// `"id":...,"symbol":...,"name":...` as an object's first members.
    mutating func identity(of coin: SyntheticCoin) {
        identity(id: coin.id, symbol: coin.symbol, name: coin.name)
    }

    /// `"id":...,"symbol":...,"name":...` as an object's first members.
    mutating func identity(id: String, symbol: String, name: String) {
        member("id", first: true)
        string(id)
        member("symbol")
        string(symbol)
        member("name")
        string(name)
    }

    /// Supply: CoinGecko's circulating and total; no maximum.
    mutating func supply(of coin: SyntheticCoin) {
        member("circulating_supply")
        number(coin.circulatingSupply)
        member("total_supply")
        number(coin.circulatingSupply)
        member("max_supply")
        raw("null")
    }
}
