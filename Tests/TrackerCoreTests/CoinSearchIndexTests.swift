import TestSupport
import Testing
import TrackerCore

@Suite("Local coin search over the recorded coin list")
struct CoinSearchIndexTests {
    static let coins: [CoinListEntry] = {
        // The recorded list is a fixture that must decode; a failure here fails every test below.
        (try? CoinListEntry.decodeList(Array(RepositoryFiles.coingeckoData("coins_list_20210515T1600Z.json"))))
            ?? []
    }()
    static let ranks: [String: Int] = {
        let rows =
            (try? CoinMarket.decodeList(
                Array(RepositoryFiles.coingeckoData("coins_markets_usd_top100_20230108.json")))) ?? []
        return Dictionary(
            uniqueKeysWithValues: rows.compactMap { row in row.marketCapRank.map { (row.id, $0) } })
    }()
    let index = CoinSearchIndex(coins: coins, marketCapRanks: ranks)

    @Test("the index holds the whole recorded list")
    func size() {
        #expect(index.count == 7_248)
        #expect(Self.ranks.count == 100)
    }

    @Test(
        "'bit': the three coins whose symbol is BIT, then Bitcoin, with Bitcoin Cash among the ranked prefix matches"
    )
    func bit() {
        let results = index.search("bit")
        #expect(results.count == 50)
        // Unranked exact symbols, ordered by name.
        #expect(results.prefix(3).map(\.coin.id) == ["bitmoney", "bitrewards-token", "first-bitcoin"])
        #expect(results.prefix(3).allSatisfy { $0.match == .exactSymbol })
        #expect(
            results[3].coin.id == "bitcoin" && results[3].marketCapRank == 1 && results[3].match == .prefix)
        let ids = results.map(\.coin.id)
        #expect(ids.contains("bitcoin-cash"))
        // Ranked prefix matches come first, in rank order; then unranked prefix matches by name.
        let ranked = results.dropFirst(3).prefix { $0.marketCapRank != nil }
        #expect(ranked.map(\.marketCapRank!) == ranked.map(\.marketCapRank!).sorted())
        #expect(results.allSatisfy { $0.match == .prefix || $0.match == .exactSymbol })
        #expect(index.search("BIT").map(\.coin) == results.map(\.coin))
    }

    @Test("an exact symbol beats every prefix and substring match")
    func exactSymbolFirst() {
        let results = index.search("eth")
        #expect(results.first?.coin.id == "ethereum")
        #expect(results.first?.match == .exactSymbol)
        let tiers = results.map(\.match)
        #expect(tiers == tiers.sorted())
    }

    @Test("substring matches come after prefix matches; nothing matches nonsense or an empty query")
    func substring() {
        let results = index.search("coin", limit: 10_000)
        let firstSubstring = results.firstIndex { $0.match == .substring }
        let lastPrefix = results.lastIndex { $0.match == .prefix }
        #expect(firstSubstring != nil && lastPrefix != nil && lastPrefix! < firstSubstring!)
        #expect(results.contains { $0.coin.id == "bitcoin" && $0.match == .substring })
        #expect(index.search("zzqqxx").isEmpty)
        #expect(index.search("   ").isEmpty)
        #expect(index.search("bit", limit: 0).isEmpty)
    }

    @Test("the order is total: equal inputs give equal results, whatever the list order")
    func deterministic() {
        let reversed = CoinSearchIndex(coins: Self.coins.reversed(), marketCapRanks: Self.ranks)
        for query in ["bit", "eth", "coin", "a", "usd"] {
            #expect(reversed.search(query, limit: 200) == index.search(query, limit: 200), "\(query)")
        }
    }
}
