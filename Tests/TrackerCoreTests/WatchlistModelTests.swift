import Testing
import TrackerCore
import WorkbenchFoundation

/// The watchlist keeps each listed coin's name and quote by its place in the list. A plain model
/// kept by coin id (names and quotes in dictionaries, what the list kept before) runs the same
/// random adds, removes, moves and refreshes; both must know the same names, quotes and
/// unavailable coins after every step, from a stored list that repeats a coin too.
@Suite("The watchlist's names and quotes by place agree with a model kept by coin id")
struct WatchlistModelTests {
    /// What the watchlist knows, kept by coin id.
    struct Model {
        var order: [String]
        var coins: [String: CoinListEntry]
        var quotes: [String: WatchlistQuote] = [:]
        var unavailable: Set<String> = []

        mutating func add(_ coin: CoinListEntry) -> Bool {
            guard !order.contains(coin.id) else { return false }
            order.append(coin.id)
            coins[coin.id] = coin
            return true
        }

        mutating func remove(_ coinId: String) {
            guard let index = order.firstIndex(of: coinId) else { return }
            order.remove(at: index)
            quotes[coinId] = nil
            unavailable.remove(coinId)
        }

        mutating func move(_ coinId: String, to position: Int) {
            guard let index = order.firstIndex(of: coinId) else { return }
            order.remove(at: index)
            order.insert(coinId, at: min(max(position, 0), order.count))
        }

        mutating func apply(_ rows: [CoinMarket], requested ids: [String], at time: Int64) {
            var answered: Set<String> = []
            for row in rows where order.contains(row.id) {
                answered.insert(row.id)
                coins[row.id] = CoinListEntry(id: row.id, symbol: row.symbol, name: row.name)
                quotes[row.id] = WatchlistQuote(
                    price: row.currentPrice, change24hPercent: row.priceChangePercentage24h,
                    marketCap: row.marketCap, sourceUpdatedAt: row.lastUpdated, receivedAt: time)
                unavailable.remove(row.id)
            }
            for id in ids where order.contains(id) && !answered.contains(id) { unavailable.insert(id) }
        }
    }

    static let pool = (0..<24).map { CoinListEntry(id: "coin-\($0)", symbol: "c\($0)", name: "Coin \($0)") }

    static func row(_ coin: CoinListEntry, step: Int, renamed: Bool) -> CoinMarket {
        var row = CoinMarket(
            id: coin.id, symbol: coin.symbol, name: renamed ? "\(coin.name) v\(step)" : coin.name)
        row.currentPrice = step % 7 == 0 ? nil : Double(step) + 0.5
        row.marketCap = Double(step * 1_000)
        row.priceChangePercentage24h = Double(step % 11) - 5
        row.lastUpdated = Int64(step) * 60_000
        return row
    }

    static func expectAgree(_ list: Watchlist, _ model: Model, _ step: Int) {
        #expect(list.coinIds == model.order, "step \(step)")
        #expect(list.coins == model.coins, "step \(step)")
        #expect(list.quotes == model.quotes, "step \(step)")
        #expect(list.unavailable == model.unavailable, "step \(step)")
        for (position, coinId) in list.coinIds.enumerated() {
            #expect(list.quote(at: position) == model.quotes[coinId], "step \(step), place \(position)")
            #expect(list.quote(for: coinId) == model.quotes[coinId], "step \(step), \(coinId)")
        }
    }

    @Test(
        "600 random steps from a stored list, with and without a coin stored twice", arguments: [false, true])
    func randomSteps(repeated: Bool) throws {
        var generator = SplitMix64(seed: repeated ? 7 : 3)
        func pick(_ count: Int) -> Int { Int(generator.next() % UInt64(max(count, 1))) }
        var stored = (0..<10).map { WatchlistEntry(coinId: Self.pool[$0].id, position: $0, addedAt: 0) }
        if repeated { stored.append(WatchlistEntry(coinId: Self.pool[3].id, position: 10, addedAt: 0)) }
        // Names given for listed coins and for coins not on the list.
        let given = Array(Self.pool[5..<15])
        var list = Watchlist(entries: stored, coins: given)
        var model = Model(
            order: stored.map(\.coinId), coins: Dictionary(uniqueKeysWithValues: given.map { ($0.id, $0) }))
        Self.expectAgree(list, model, 0)
        for step in 1...600 {
            switch pick(10) {
            case 0:
                let coin = Self.pool[pick(Self.pool.count)]
                let added = (try? list.add(coin, at: Int64(step))) != nil
                #expect(added == model.add(coin), "step \(step)")
            case 1:
                let coinId = Self.pool[pick(Self.pool.count)].id
                try? list.remove(coinId: coinId)
                model.remove(coinId)
            case 2:
                let coinId = Self.pool[pick(Self.pool.count)].id
                let position = pick(list.coinIds.count + 2) - 1
                try? list.move(coinId: coinId, to: position)
                model.move(coinId, to: position)
            default:
                // The whole list, a run of it, or some coins listed or not, in any order.
                let ids: [String]
                switch pick(3) {
                case 0: ids = list.coinIds
                case 1:
                    let start = pick(list.coinIds.count)
                    ids = Array(list.coinIds[start..<min(list.coinIds.count, start + 1 + pick(5))])
                default: ids = (0..<pick(8)).map { _ in Self.pool[pick(Self.pool.count)].id }
                }
                let byId = Dictionary(Self.pool.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                var rows = ids.compactMap { byId[$0] }.map { Self.row($0, step: step, renamed: pick(4) == 0) }
                if pick(3) == 0, !rows.isEmpty { rows.remove(at: pick(rows.count)) }
                if pick(3) == 0 { rows.reverse() }
                list.apply(markets: rows, requested: ids, receivedAt: Int64(step))
                model.apply(rows, requested: ids, at: Int64(step))
            }
            Self.expectAgree(list, model, step)
        }
    }
}
