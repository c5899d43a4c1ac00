import TrackerCore

/// Why the synthetic market refuses a request, with the status and body CoinGecko sends.
public enum SyntheticMarketError: Error, Sendable, Equatable {
    /// An unknown coin id on a per-coin endpoint: 404 `{"error":"coin not found"}`.
    case coinNotFound(String)
    /// An OHLC `days` outside the free API's set, or an unreadable `days`: 400.
    case invalidDays(String)

    /// The HTTP status.
    public var status: Int {
        switch self {
        case .coinNotFound: 404
        case .invalidDays: 400
        }
    }

    /// The JSON body.
    public var body: [UInt8] {
        switch self {
        case .coinNotFound: Array(#"{"error":"coin not found"}"#.utf8)
        case .invalidDays(let days): Array(#"{"error":"invalid days: \#(JSONText.escaped(days))"}"#.utf8)
        }
    }
}

extension SyntheticMarket {
    /// OHLC `days` the free API accepts.
    public static let ohlcDays: Set<String> = ["1", "7", "14", "30", "90", "180", "365", "max"]

    /// `/coins/markets?ids=...`: one row per known id, in the order asked (CoinGecko orders by
    /// market cap; the app re-sorts), at most `perPage` rows (CoinGecko's default page is 100).
    ///
    /// - Parameters:
    ///   - ids: The ids asked for; unknown ids are left out, as CoinGecko does.
    ///   - perPage: The page size.
    ///   - now: The virtual time.
    public func marketsBody(ids: [String], perPage: Int = 100, at now: Int64) -> [UInt8] {
        let rows = ids.compactMap { id -> String? in
            guard let coin = coin(id), let day = dayWindow(of: coin, at: now) else { return nil }
            let rank = (coins.firstIndex { $0.id == id } ?? 0) + 1
            let cap = day.price * coin.circulatingSupply
            return JSONText.object([
                ("id", JSONText.string(coin.id)), ("symbol", JSONText.string(coin.symbol)),
                ("name", JSONText.string(coin.name)),
                ("image", JSONText.string(imageURL(coin, size: "large"))),
                ("current_price", JSONText.number(day.price)), ("market_cap", JSONText.integer(cap)),
                ("market_cap_rank", String(rank)), ("total_volume", JSONText.integer(day.volume)),
                ("high_24h", JSONText.number(day.high)), ("low_24h", JSONText.number(day.low)),
                ("price_change_24h", JSONText.number(day.change)),
                ("price_change_percentage_24h", JSONText.number(day.changePercent)),
                ("price_change_percentage_24h_in_currency", JSONText.number(day.changePercent)),
                ("circulating_supply", JSONText.number(coin.circulatingSupply)),
                ("total_supply", JSONText.number(coin.circulatingSupply)), ("max_supply", "null"),
                ("last_updated", JSONText.string(JSONText.isoMilliseconds(day.lastTick))),
            ])
        }
        return Array(("[" + rows.prefix(perPage).joined(separator: ",") + "]").utf8)
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
        let entries = ids.compactMap { id -> (String, String)? in
            guard let coin = coin(id), let day = dayWindow(of: coin, at: now) else { return nil }
            var members: [(String, String)] = []
            if currencies.contains("usd") {
                members.append(("usd", JSONText.number(day.price)))
                if include24hChange { members.append(("usd_24h_change", JSONText.number(day.changePercent))) }
                if includeLastUpdatedAt { members.append(("last_updated_at", String(day.lastTick / 1000))) }
            }
            return (id, JSONText.object(members))
        }
        return Array(JSONText.object(entries).utf8)
    }

    /// `/coins/{id}`: the coin screen's detail, with market data in USD.
    ///
    /// - Parameters:
    ///   - id: The coin.
    ///   - now: The virtual time.
    /// - Throws: ``SyntheticMarketError/coinNotFound(_:)``.
    public func coinDetailBody(id: String, at now: Int64) throws(SyntheticMarketError) -> [UInt8] {
        guard let coin = coin(id), let day = dayWindow(of: coin, at: now) else { throw .coinNotFound(id) }
        let usd = { (value: Double) in JSONText.object([("usd", JSONText.number(value))]) }
        let marketData = JSONText.object([
            ("current_price", usd(day.price)),
            ("market_cap", JSONText.object([("usd", JSONText.integer(day.price * coin.circulatingSupply))])),
            ("total_volume", JSONText.object([("usd", JSONText.integer(day.volume))])),
            ("high_24h", usd(day.high)), ("low_24h", usd(day.low)),
            ("price_change_percentage_24h", JSONText.number(day.changePercent)),
            ("circulating_supply", JSONText.number(coin.circulatingSupply)),
            ("total_supply", JSONText.number(coin.circulatingSupply)), ("max_supply", "null"),
            ("last_updated", JSONText.string(JSONText.isoMilliseconds(day.lastTick))),
        ])
        let rank = (coins.firstIndex { $0.id == id } ?? 0) + 1
        return Array(
            JSONText.object([
                ("id", JSONText.string(coin.id)), ("symbol", JSONText.string(coin.symbol)),
                ("name", JSONText.string(coin.name)),
                (
                    "image",
                    JSONText.object([
                        ("thumb", JSONText.string(imageURL(coin, size: "thumb"))),
                        ("small", JSONText.string(imageURL(coin, size: "small"))),
                        ("large", JSONText.string(imageURL(coin, size: "large"))),
                    ])
                ),
                ("market_cap_rank", String(rank)), ("market_data", marketData),
                ("last_updated", JSONText.string(JSONText.isoMilliseconds(day.lastTick))),
            ]).utf8)
    }

    /// `/coins/list`: every coin's id, symbol and name.
    public func coinsListBody() -> [UInt8] {
        Array(
            ("["
                + coins.map { coin in
                    JSONText.object([
                        ("id", JSONText.string(coin.id)), ("symbol", JSONText.string(coin.symbol)),
                        ("name", JSONText.string(coin.name)),
                    ])
                }.joined(separator: ",") + "]").utf8)
    }

    /// `/search?query=...`: coins whose name or symbol contains the query, case-insensitive, by
    /// rank; the other result kinds empty.
    ///
    /// - Parameter query: What the user typed.
    public func searchBody(query: String) -> [UInt8] {
        let needle = query.lowercased()
        let matches = coins.enumerated().filter { _, coin in
            !needle.isEmpty
                && (coin.name.lowercased().contains(needle) || coin.symbol.lowercased().contains(needle))
        }
        let rows = matches.map { index, coin in
            JSONText.object([
                ("id", JSONText.string(coin.id)), ("name", JSONText.string(coin.name)),
                ("api_symbol", JSONText.string(coin.id)),
                ("symbol", JSONText.string(coin.symbol.uppercased())),
                ("market_cap_rank", String(index + 1)),
                ("thumb", JSONText.string(imageURL(coin, size: "thumb"))),
                ("large", JSONText.string(imageURL(coin, size: "large"))),
            ])
        }
        return Array(
            (#"{"coins":["# + rows.joined(separator: ",")
                + #"],"exchanges":[],"icos":[],"categories":[],"nfts":[]}"#)
                .utf8)
    }

    private func imageURL(_ coin: SyntheticCoin, size: String) -> String {
        "https://assets.coingecko.com/coins/images/synthetic/\(size)/\(coin.id).png"
    }
}
