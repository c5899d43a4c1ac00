import Foundation
import Testing
import TrackerCore
import WorkbenchFoundation

@Suite("The app's search ranking, against its rules asked of Foundation for every coin")
struct AppSearchRankingTests {
    /// The app's filter and order as written (`CoinSearchViewModel.filterResults(query:)`):
    /// Foundation's `contains` on every lower-cased name, symbol and id.
    static func reference(_ query: String, _ coins: [CoinListEntry]) -> [String] {
        let needle = query.lowercased()
        var seen: Set<String> = []
        let matches = coins.filter { coin in
            (coin.name.lowercased().contains(needle) || coin.symbol.lowercased().contains(needle)
                || coin.id.lowercased().contains(needle)) && !coin.name.contains("(")
                && !coin.name.contains(")")
                && seen.insert(coin.id).inserted
        }
        func tier(_ coin: CoinListEntry) -> Int {
            let (name, symbol) = (coin.name.lowercased(), coin.symbol.lowercased())
            if name == needle || symbol == needle { return 0 }
            return name.hasPrefix(needle) || symbol.hasPrefix(needle) ? 1 : 2
        }
        return matches.enumerated().sorted { left, right in
            let (leftTier, rightTier) = (tier(left.element), tier(right.element))
            if leftTier != rightTier { return leftTier < rightTier }
            let (leftName, rightName) = (left.element.name.lowercased(), right.element.name.lowercased())
            if leftName != rightName { return leftName < rightName }
            return left.offset < right.offset
        }.map(\.element.id)
    }

    @Test("printable ASCII and other text, plain and other queries: the same matches in the same order")
    func matchesTheRulesAsWritten() {
        var random = SplitMix64(seed: 70)
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        let pieces = [
            "bit", "Coin", "ETH", "a", "b", " ", "-", ".", "_", "!", "~", "$", "é", "e\u{301}", "Ö", "(",
            "\r\n", "ß",
            // Parentheses as the app drops them: plain, carrying a combining accent, full-width.
            ")", "(\u{301}", "\u{FF08}x\u{FF09}",
        ]
        for trial in 0..<300 {
            let coins = (0..<(1 + Int(random.next() % 60))).map { index in
                let name = (0..<(1 + Int(random.next() % 4))).map { _ in pick(pieces) }.joined()
                let symbol = String(name.prefix(1 + Int(random.next() % 3)))
                let id = random.next() % 20 == 0 ? "dup" : "\(name.lowercased())-\(index)"
                return CoinListEntry(id: id, symbol: symbol, name: name)
            }
            for query in ["bit", "a", "b ", "-", "coin", "e", "é", "$", "ab", pick(pieces) + pick(pieces)] {
                #expect(
                    AppSearchRanking.rankedMatches(of: query, in: coins).map(\.id)
                        == Self.reference(query, coins),
                    "trial \(trial), query '\(query)'")
            }
        }
    }
}
