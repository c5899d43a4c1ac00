import Foundation
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

extension CoinSearchIndexTests {
    /// Every coin's lower-cased name and symbol, once.
    static let lowered = coins.map { (Array($0.name.lowercased().utf8), Array($0.symbol.lowercased().utf8)) }

    /// The ranking rules written the plain way: every coin classified, then all matches sorted.
    static func reference(_ query: String, limit: Int) -> [CoinSearchIndex.Result] {
        let needle = Array(query.trimmingCharacters(in: .whitespaces).lowercased().utf8)
        guard !needle.isEmpty, limit > 0 else { return [] }
        func contains(_ haystack: [UInt8]) -> Bool {
            guard haystack.count >= needle.count else { return false }
            return (0...(haystack.count - needle.count)).contains {
                haystack[$0..<$0 + needle.count].elementsEqual(needle)
            }
        }
        var matches: [(result: CoinSearchIndex.Result, name: [UInt8])] = []
        for (coin, (name, symbol)) in zip(coins, lowered) {
            let match: CoinSearchIndex.Match? =
                symbol == needle
                ? .exactSymbol
                : name.starts(with: needle) || symbol.starts(with: needle)
                    ? .prefix : contains(name) || contains(symbol) ? .substring : nil
            if let match {
                matches.append((.init(coin: coin, match: match, marketCapRank: ranks[coin.id]), name))
            }
        }
        matches.sort { leftMatch, rightMatch in
            let (left, right) = (leftMatch.result, rightMatch.result)
            if left.match != right.match { return left.match < right.match }
            switch (left.marketCapRank, right.marketCapRank) {
            case (let a?, let b?) where a != b: return a < b
            case (.some, nil): return true
            case (nil, .some): return false
            default: break
            }
            let (l, r) = (leftMatch.name, rightMatch.name)
            if l != r { return l.lexicographicallyPrecedes(r) }
            return left.coin.id < right.coin.id
        }
        return matches.prefix(limit).map(\.result)
    }

    @Test(
        "the same results as the plain rules, for every keystroke of 10 names and odd queries (those unlimited too)"
    )
    func matchesReference() {
        let odd = [" BiT ", "x", "0", "-", "$", "usd", "coin", "zzzz", "a", "e", "b\u{0}"]
        for query in odd {
            #expect(index.search(query, limit: 10_000) == Self.reference(query, limit: 10_000), "'\(query)'")
        }
        var queries = odd
        for coin in Self.coins.enumerated().filter({ $0.offset % 725 == 0 }).map(\.element) {
            let name = coin.name.lowercased()
            queries += (1...min(name.count, 4)).map { String(name.prefix($0)) }
        }
        for query in queries {
            #expect(index.search(query) == Self.reference(query, limit: 50), "'\(query)'")
        }
    }
}
