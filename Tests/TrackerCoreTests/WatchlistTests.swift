import TestSupport
import Testing
import TrackerCore

@Suite("Watchlist on the recorded top-100 markets")
struct WatchlistTests {
    static let markets: [CoinMarket] =
        (try? CoinMarket.decodeList(
            Array(RepositoryFiles.coingeckoData("coins_markets_usd_top100_20230108.json")))) ?? []
    static let received: Int64 = 1_673_196_600_000  // 2023-01-08T16:50:00Z
    static let identities = markets.map { CoinListEntry(id: $0.id, symbol: $0.symbol, name: $0.name) }

    /// The 100 coins added in reverse rank order, then refreshed with the recording.
    static func refreshed() throws -> Watchlist {
        var list = Watchlist()
        for (index, coin) in identities.reversed().enumerated() { try list.add(coin, at: Int64(index)) }
        list.apply(markets: markets, requested: list.coinIds, receivedAt: received)
        return list
    }

    @Test("adding a coin twice is refused with the app's message and changes nothing")
    func duplicate() throws {
        var list = try Self.refreshed()
        let before = list
        let bitcoin = try #require(Self.identities.first)
        #expect(throws: WatchlistError.alreadyInWatchlist(coinId: "bitcoin", name: "Bitcoin")) {
            try list.add(bitcoin, at: 99)
        }
        #expect(
            WatchlistError.alreadyInWatchlist(coinId: "bitcoin", name: "Bitcoin").description
                == "Bitcoin is already in your watchlist")
        #expect(list == before)
    }

    @Test("sorted by market cap by default: the recording's rank order, Bitcoin first with its price")
    func marketCapSort() throws {
        let rows = try Self.refreshed().rows(at: Self.received + 90_000)
        #expect(rows.count == 100)
        let ranked = Self.markets.sorted { $0.marketCapRank! < $1.marketCapRank! }.map(\.id)
        #expect(rows.map(\.coinId) == ranked)
        let bitcoin = rows[0]
        #expect(bitcoin.name == "Bitcoin" && bitcoin.symbol == "BTC" && bitcoin.price == 16_951.52)
        #expect(bitcoin.ageMilliseconds == 90_000)
        #expect(bitcoin.statusText == "last updated 1 minute ago")
        #expect(bitcoin.direction == (bitcoin.change24hPercent! > 0 ? .up : .down))
    }

    @Test("name A-Z, price high-low, 24 h change best-worst, and the user's order")
    func otherSorts() throws {
        let list = try Self.refreshed()
        let byName = list.rows(sortedBy: .name, at: Self.received)
        #expect(byName.prefix(4).map(\.coinId) == ["1inch", "aave", "algorand", "apecoin"])
        let byPrice = list.rows(sortedBy: .price, at: Self.received)
        #expect(byPrice.prefix(3).map(\.coinId) == ["bitcoin", "wrapped-bitcoin", "pax-gold"])
        let byChange = list.rows(sortedBy: .change24h, at: Self.received)
        let changes = byChange.compactMap(\.change24hPercent)
        #expect(changes.count == 100 && changes == changes.sorted(by: >))
        #expect(
            byChange.last?.coinId
                == Self.markets.min { $0.priceChangePercentage24h! < $1.priceChangePercentage24h! }?.id)
        #expect(
            list.rows(sortedBy: .custom, at: Self.received).map(\.coinId)
                == Self.identities.reversed().map(\.id))
    }

    @Test("prices update and the rows re-sort: a coin that overtakes Bitcoin's market cap moves to the top")
    func resortOnUpdate() throws {
        var list = try Self.refreshed()
        var rows = Self.markets
        let dogecoin = try #require(rows.firstIndex { $0.id == "dogecoin" })
        rows[dogecoin].marketCap = 1e12
        rows[dogecoin].currentPrice = 0.5
        list.apply(markets: rows, requested: list.coinIds, receivedAt: Self.received + 30_000)
        let top = list.rows(at: Self.received + 30_000)
        #expect(top.first?.coinId == "dogecoin" && top.first?.price == 0.5)
        #expect(top[1].coinId == "bitcoin")
    }

    @Test("a coin absent from a refresh shows 'Data unavailable', sorts last, and can be removed")
    func delisted() throws {
        var list = try Self.refreshed()
        let withoutTether = Self.markets.filter { $0.id != "tether" }
        list.apply(markets: withoutTether, requested: list.coinIds, receivedAt: Self.received + 30_000)
        let rows = list.rows(at: Self.received + 30_000)
        let tether = try #require(rows.last)
        #expect(tether.coinId == "tether" && tether.isUnavailable && tether.price == nil)
        #expect(tether.statusText == "Data unavailable")
        #expect(list.rows(sortedBy: .name, at: 0).last?.coinId == "tether")
        try list.remove(coinId: "tether")
        #expect(list.entries.count == 99 && !list.contains("tether"))
        #expect(list.entries.map(\.position) == Array(0..<99))
        // Back in a later refresh: available again.
        var again = try Self.refreshed()
        again.apply(markets: withoutTether, requested: again.coinIds, receivedAt: 1)
        again.apply(markets: Self.markets, requested: again.coinIds, receivedAt: 2)
        #expect(again.unavailable.isEmpty)
    }

    @Test(
        "rows answering a run of the list in its order (a refresh's batch) update it as the same rows shuffled do"
    )
    func batchInListOrder() throws {
        var list = Watchlist()
        for (index, coin) in Self.identities.prefix(60).enumerated() { try list.add(coin, at: Int64(index)) }
        let byId = Dictionary(uniqueKeysWithValues: Self.markets.map { ($0.id, $0) })
        for range in [0..<60, 20..<45, 45..<60] {
            let ids = Array(list.coinIds[range])
            let rows = ids.compactMap { byId[$0] }
            var inOrder = list
            var shuffled = list
            let fast = inOrder.apply(markets: rows, requested: ids, receivedAt: 5)
            let slow = shuffled.apply(markets: Array(rows.reversed()), requested: ids, receivedAt: 5)
            #expect(inOrder == shuffled && fast == slow, "\(range)")
            #expect(ids.allSatisfy { inOrder.quotes[$0]?.receivedAt == 5 }, "\(range)")
            #expect(inOrder.quotes.count == range.count)
        }
        // A row in the order asked, for a coin not on the list, is still left out.
        let stranger = Self.markets[70]
        var asked = list
        asked.apply(markets: [stranger], requested: [stranger.id], receivedAt: 6)
        #expect(asked == list && asked.quotes[stranger.id] == nil)
    }

    @Test("the refresh is one batched /coins/markets request for 100 coins, split only when too long")
    func refreshRequests() throws {
        let list = try Self.refreshed()
        let requests = list.refreshRequests(using: CoinGeckoRequests(), source: .markets)
        #expect(requests.count == 1)
        #expect(requests[0].path == "/coins/markets")
        let long = list.refreshRequests(using: CoinGeckoRequests(maxTargetLength: 500), source: .markets)
        #expect(long.count > 1)
        #expect(long.allSatisfy { $0.target.utf8.count <= 500 })
        let paged = list.refreshRequests(
            using: CoinGeckoRequests(marketsPaging: .batchSize), source: .simplePrice)
        #expect(paged.first?.path == "/simple/price")
        #expect(Watchlist().refreshRequests(using: CoinGeckoRequests(), source: .markets).isEmpty)
    }

    @Test("past the soft limit the list warns; 101 coins on CoinGecko's default page lose the last one")
    func softLimitAndPaging() throws {
        var list = try Self.refreshed()
        #expect(list.softLimitWarning == nil)
        try list.add(CoinListEntry(id: "zzz-coin", symbol: "zzz", name: "Zzz"), at: 200)
        #expect(list.softLimitWarning?.hasPrefix("Your watchlist has 101 coins; more than 100") == true)
        // The app sends no per_page: CoinGecko answers 100 rows, so the 101st coin is unavailable.
        list.apply(markets: Self.markets, requested: list.coinIds, receivedAt: Self.received)
        #expect(list.unavailable == ["zzz-coin"])
        #expect(Watchlist(softLimit: 0).softLimitWarning == nil)
    }

    @Test("a /simple/price refresh: the recorded response prices Bitcoin; the id it dropped is unavailable")
    func simplePrice() throws {
        var list = Watchlist()
        try list.add(CoinListEntry(id: "bitcoin", symbol: "btc", name: "Bitcoin"), at: 0)
        try list.add(CoinListEntry(id: "ethereum", symbol: "eth", name: "Ethereum"), at: 0)
        // Recorded for ids "bitcoin, ethereum": CoinGecko dropped the id sent with a leading space.
        let prices = try SimplePrices.decode(
            Array(
                RepositoryFiles.coingeckoData("simple_price_ids-with-encoded-space_usd_20210515T1410Z.json")))
        list.apply(simplePrices: prices, currency: "usd", requested: list.coinIds, receivedAt: 5_000)
        let rows = list.rows(sortedBy: .custom, at: 65_000)
        #expect(rows[0].price == 49_357 && rows[0].direction == .unknown && rows[0].ageMilliseconds == 60_000)
        #expect(rows[1].isUnavailable)
    }

    @Test("move and remove keep positions dense; unknown coins are errors")
    func editing() throws {
        var list = Watchlist()
        for coin in Self.identities.prefix(4) { try list.add(coin, at: 0) }
        try list.move(coinId: "usd-coin", to: 0)
        #expect(list.coinIds == ["usd-coin", "bitcoin", "ethereum", "tether"])
        try list.move(coinId: "bitcoin", to: 99)
        #expect(list.coinIds == ["usd-coin", "ethereum", "tether", "bitcoin"])
        #expect(list.entries.map(\.position) == [0, 1, 2, 3])
        #expect(throws: WatchlistError.notInWatchlist(coinId: "nope")) { try list.remove(coinId: "nope") }
        #expect(throws: WatchlistError.notInWatchlist(coinId: "nope")) {
            try list.move(coinId: "nope", to: 0)
        }
        // Rows of coins never refreshed: name known, no data yet.
        #expect(list.rows(at: 0).allSatisfy { $0.isUnavailable && $0.ageMilliseconds == nil })
    }
}
