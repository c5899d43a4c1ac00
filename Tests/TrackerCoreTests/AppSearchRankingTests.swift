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

    /// The app's order of the shown results as written (`CoinSearchViewModel.sortByMarketCap`):
    /// one sort whose comparator looks both caps up as `Decimal`s, the rank breaking ties.
    static func referenceShown(_ ranked: [CoinListEntry], _ marketCaps: [String: Double]) -> [String] {
        let caps = marketCaps.mapValues { Decimal($0) }
        return ranked.enumerated().sorted { left, right in
            let leftCap = caps[left.element.id] ?? 0
            let rightCap = caps[right.element.id] ?? 0
            if (leftCap > 0) != (rightCap > 0) { return leftCap > 0 }
            if leftCap > 0, leftCap != rightCap { return leftCap > rightCap }
            return left.offset < right.offset
        }.prefix(AppSearchRanking.shownResults).map(\.element.id)
    }

    @Test("the shown results: caps missing, zero, negative, not a number, equal, equal only as decimals")
    func shownMatchesTheComparatorAsWritten() {
        var random = SplitMix64(seed: 71)
        func unit() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        // 1e15 + 0.125 and 1e15 + 0.25 differ as doubles and are equal as `Decimal`s.
        let fixed: [Double?] = [nil, 0, -3, .nan, 1, 1, 2.5, 7e9, 1e15 + 0.125, 1e15 + 0.25, 3e11]
        for trial in 0..<600 {
            let count = Int(random.next() % 130)
            let ranked = (0..<count).map { CoinListEntry(id: "c\($0)", symbol: "s", name: "coin \($0)") }
            // Near caps: a few bases, each nudged by 1e-17 to 1e-9 of itself; every tenth trial
            // reaches past 1e-30 and 1e30, where the app's own order is taken.
            let reach = trial % 10 == 0 ? 35.0 : 13.0
            let bases = (0..<3).map { _ in pow(10, (unit() * 2 - 1) * reach) }
            var marketCaps: [String: Double] = [:]
            for coin in ranked {
                let cap: Double?
                switch random.next() % 3 {
                case 0: cap = fixed[Int(random.next() % UInt64(fixed.count))]
                case 1: cap = bases[Int(random.next() % 3)]
                default:
                    let base = bases[Int(random.next() % 3)]
                    cap = base * (1 + (unit() - 0.5) * pow(10, -17 + unit() * 8))
                }
                if let cap { marketCaps[coin.id] = cap }
            }
            #expect(
                AppSearchRanking.shown(ranked, marketCaps: marketCaps).map(\.id)
                    == Self.referenceShown(ranked, marketCaps), "trial \(trial)")
        }
    }

    @Test("caps further apart than the tolerance compare as decimals as they do as doubles")
    func decimalsKeepTheDoublesOrderPastTheTolerance() {
        var random = SplitMix64(seed: 72)
        func unit() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
        for _ in 0..<20_000 {
            let low = pow(10, (unit() * 2 - 1) * 30)
            let high = low * (1 + AppSearchRanking.decimalTieTolerance * (1 + unit() * 3))
            #expect(Decimal(high) > Decimal(low), "\(low) and \(high)")
        }
    }
}
