import TrackerCore
import WorkbenchFoundation

/// The coins CoinGecko lists beside the ones a scenario simulates (`market.listed`): the app's
/// search filters `/coins/list` (about 17,000 coins today) and asks `/coins/markets` for every
/// match, so a search's cost depends on the whole list, not on a scenario's five coins.
///
/// Each listed coin answers `/coins/markets` with a row of fixed, deterministic figures derived
/// from its id (FNV-1a): a price between 0.001 and 1,000 USD, a market cap falling with its place
/// in the list (ranked after the simulated coins), no change over 24 hours. They are never on a
/// watchlist or charted; they exist so searches return what CoinGecko would.
public struct ListedCoins: Sendable {
    /// The listed coins the market does not simulate, in the list's order.
    public let coins: [CoinListEntry]
    /// Each one's place in ``coins``.
    let index: [String: Int]
    /// ``coins``' `/coins/list` entries, written at the first request for the list.
    private let entriesMemo = Locked<[UInt8]?>(nil)

    /// No coins beyond the simulated ones.
    public static let none = ListedCoins(coins: [], excluding: [])

    /// The listed coins, without those the market simulates (theirs answer as simulated).
    ///
    /// - Parameters:
    ///   - coins: A `/coins/list`, recorded or generated.
    ///   - simulated: The ids the market simulates.
    public init(coins: [CoinListEntry], excluding simulated: Set<String>) {
        var seen = simulated
        self.coins = coins.filter { seen.insert($0.id).inserted }
        index = Dictionary(uniqueKeysWithValues: self.coins.enumerated().map { ($1.id, $0) })
    }

    /// `count` generated coins (`listed-1` ... `listed-N`, pronounceable names), for a list of a
    /// size the scenario sets.
    ///
    /// - Parameters:
    ///   - count: How many.
    ///   - simulated: The ids the market simulates.
    public static func generated(_ count: Int, excluding simulated: Set<String>) -> ListedCoins {
        let syllables = [
            "ba", "co", "di", "fu", "ga", "ke", "lo", "mi", "nu", "pa", "ro", "si", "ta", "vo", "xe", "zu",
        ]
        let coins = (0..<max(count, 0)).map { offset -> CoinListEntry in
            let number = offset + 1
            var hash = FNV1a.hash("listed/\(number)")
            var name = ""
            for _ in 0..<3 {
                name += syllables[Int(hash % UInt64(syllables.count))]
                hash /= UInt64(syllables.count)
            }
            return CoinListEntry(
                id: "listed-\(number)", symbol: String(name.prefix(4)), name: name.capitalized)
        }
        return ListedCoins(coins: coins, excluding: simulated)
    }

    /// The listed coins' `/coins/list` entries (`{"id":…,"symbol":…,"name":…}`, comma-separated),
    /// written once: the recorded list's are 414 kB, and every search sheet asks for the list.
    func listEntries() -> [UInt8] {
        entriesMemo.withLock { memo in
            if let memo { return memo }
            var writer = JSONWriter(capacity: 80 * coins.count)
            for (place, coin) in coins.enumerated() {
                if place > 0 { writer.raw(",") }
                writer.raw("{")
                writer.identity(id: coin.id, symbol: coin.symbol, name: coin.name)
                writer.raw("}")
            }
            memo = writer.bytes
            return writer.bytes
        }
    }

    /// Writes a listed coin's `/coins/markets` row (the recorded response's 26 fields, in order).
    ///
    /// - Parameters:
    ///   - place: The coin's place in ``coins``.
    ///   - rankAfter: How many coins rank before the listed ones (the simulated coins).
    ///   - now: The virtual time (`last_updated`, on the hour).
    ///   - writer: Where the row goes.
    func writeRow(place: Int, rankAfter: Int, at now: Int64, into writer: inout JSONWriter) {
        let coin = coins[place]
        let hash = FNV1a.hash("listed-price/\(coin.id)")
        let price = Self.power10(Double(hash % 6_000) / 1_000 - 3)
        let marketCap = (1e9 / Double(place + 1)).rounded()
        let supply = (marketCap / price).rounded()
        writer.raw("{")
        writer.identity(id: coin.id, symbol: coin.symbol, name: coin.name)
        writer.member("image")
        writer.string("https://assets.coingecko.com/coins/images/listed/large/\(coin.id).png")
        writer.member("current_price")
        writer.number(price)
        writer.member("market_cap")
        writer.rounded(marketCap)
        writer.member("market_cap_rank")
        writer.integer(Int64(rankAfter + place + 1))
        writer.member("fully_diluted_valuation")
        writer.rounded(marketCap)
        writer.member("total_volume")
        writer.rounded(marketCap / 20)
        for name: StaticString in ["high_24h", "low_24h"] {
            writer.member(name)
            writer.number(price)
        }
        for name: StaticString in [
            "price_change_24h", "price_change_percentage_24h", "market_cap_change_24h",
            "market_cap_change_percentage_24h",
        ] {
            writer.member(name)
            writer.number(0)
        }
        writer.member("circulating_supply")
        writer.number(supply)
        writer.member("total_supply")
        writer.number(supply)
        writer.raw(#","max_supply":null,"ath":"#)
        writer.number(price)
        writer.raw(#","ath_change_percentage":0,"ath_date":"2021-05-15T00:00:00.000Z","atl":"#)
        writer.number(price)
        writer.raw(
            #","atl_change_percentage":0,"atl_date":"2021-05-15T00:00:00.000Z","roi":null,"last_updated":"#)
        writer.isoMilliseconds(now - now % 3_600_000)
        writer.raw("}")
    }

    /// A positive price rising with `exponent`: 10^⌊exponent⌋ × (1 + 9 × its fraction), from plain
    /// multiplications, so every CPU gives the same bits (no `pow`).
    private static func power10(_ exponent: Double) -> Double {
        var value = 1.0
        var whole = exponent.rounded(.down)
        let fraction = exponent - whole
        while whole > 0 {
            value *= 10
            whole -= 1
        }
        while whole < 0 {
            value /= 10
            whole += 1
        }
        return value * (1 + 9 * fraction)
    }
}
