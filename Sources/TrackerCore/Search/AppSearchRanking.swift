import Foundation

/// The app's own search filter and ranking (Pointwelve/Bitpal-iOS
/// `Bitpal-v2/Bitpal/Features/Watchlist/ViewModels/CoinSearchViewModel.swift`, `filterResults(query:)`
/// and `sortByMarketCap(_:)`), which differ from ``CoinSearchIndex``'s tiers:
/// 1. a coin matches when its lower-cased name, symbol *or id* contains the lower-cased query;
/// 2. names with a parenthesis (exchange-specific variants) are dropped, then duplicate ids;
/// 3. ranked: an exact name or symbol first, then a name or symbol that starts with the query,
///    then by lower-cased name;
/// 4. after the `/coins/markets` request for *every* match, coins with a market cap above 0 come
///    first, largest first, the rest keep their rank; the top 50 are shown.
public enum AppSearchRanking {
    /// How many results the sheet shows.
    public static let shownResults = 50

    /// The matches of a query, ranked as the app ranks them before it asks for market data.
    ///
    /// - Parameters:
    ///   - query: The text typed (not empty).
    ///   - coins: The coin list (`/coins/list`), as far as loaded.
    /// - Returns: Every match, ranked; the app asks `/coins/markets` for all of their ids.
    /// - Complexity: O(n log n) in the coins.
    public static func rankedMatches(of query: String, in coins: [CoinListEntry]) -> [CoinListEntry] {
        let needle = query.lowercased()
        let lowered = LowercasedCoins.of(coins)
        // Foundation's `contains` finds canonically equivalent text. A needle of ASCII letters,
        // digits, spaces and `-._` has no equivalent but itself, so a coin whose bytes do not
        // hold it cannot match: only the rows whose bytes do (one search of the whole list's
        // bytes) are looked at, and of those Foundation is asked only about the ones not in
        // printable ASCII, which holds such a needle exactly where its bytes do.
        let plain = !needle.isEmpty && needle.utf8.allSatisfy(LowercasedCoins.isPlain)
        let candidates = plain ? lowered.rows(holding: Array(needle.utf8)) : Array(coins.indices)
        var seen: Set<String> = []
        var matches: [(coin: CoinListEntry, name: String, tier: Int)] = []
        for index in candidates {
            let (coin, lower) = (coins[index], lowered.rows[index])
            let (name, symbol) = (lower.name, lower.symbol)
            let exact = plain && lower.isPrintableASCII
            guard exact || name.contains(needle) || symbol.contains(needle) || lower.id.contains(needle)
            else {
                continue
            }
            guard !hasParenthesis(coin.name) else { continue }
            guard seen.insert(coin.id).inserted else { continue }
            matches.append((coin, name, tier(name, symbol, needle)))
        }
        // The app's comparator is a strict weak order (tier, then name); the original position
        // breaks ties, as Swift's stable sort does. Each match's tier is found once.
        return matches.indices.sorted { left, right in
            let (leftMatch, rightMatch) = (matches[left], matches[right])
            if leftMatch.tier != rightMatch.tier { return leftMatch.tier < rightMatch.tier }
            if leftMatch.name != rightMatch.name { return leftMatch.name < rightMatch.name }
            return left < right
        }.map { matches[$0].coin }
    }

    /// The app's `name.contains("(") || name.contains(")")`. A parenthesis has no canonically
    /// equivalent text but itself, so Foundation finds one only in a name that holds its byte:
    /// only such a name is asked (the others were two Foundation searches each, 2 % of a year).
    private static func hasParenthesis(_ name: String) -> Bool {
        guard name.utf8.contains(where: { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ")") }) else {
            return false
        }
        return name.contains("(") || name.contains(")")
    }

    /// The app's tiers: 0 for a name or symbol equal to the query, 1 for one that starts with it,
    /// 2 for the rest.
    private static func tier(_ name: String, _ symbol: String, _ needle: String) -> Int {
        if name == needle || symbol == needle { return 0 }
        return name.hasPrefix(needle) || symbol.hasPrefix(needle) ? 1 : 2
    }

    /// The results shown: coins with a market cap first, largest first; the rest in rank order;
    /// the top ``shownResults``.
    ///
    /// - Parameters:
    ///   - ranked: ``rankedMatches(of:in:)``.
    ///   - marketCaps: Market caps by id from the `/coins/markets` answer; empty when it failed
    ///     (the app then keeps the ranking).
    /// - Returns: The results, at most ``shownResults``.
    public static func shown(_ ranked: [CoinListEntry], marketCaps: [String: Double]) -> [CoinListEntry] {
        // The app compares `Decimal`s made from the decoded doubles (Bitpal-v2 `Coin.swift`,
        // `init(from:)`: `Decimal(marketCapDouble)`; `CoinSearchViewModel.sortByMarketCap`), and
        // that conversion keeps about 17 digits: caps that differ as doubles (1e15 + 0.125 and
        // 1e15 + 0.25) can be equal as decimals, and then keep the ranking's order.
        //
        // The app's comparator is total (a cap above 0 first, then the larger cap, then the
        // rank), so any sort that gives its order will do. Its `Decimal`s cost: one conversion
        // allocates, and the lookups hashed each id twice a comparison (5 % of a sweep cell).
        // So the coins with a cap are sorted by their doubles, and only runs of caps within
        // ``decimalTieTolerance`` of each other, where the decimals could tie or differ from the
        // doubles, are converted and sorted again as the app sorts them. Caps far from 1
        // (where a `Decimal` could round to 0) are all converted, as the app has them.
        let doubles = split(ranked) { marketCaps[$0.id] }
        let ranks: [Int]
        if doubles.capped.allSatisfy({ (1e-30...1e30).contains($0.cap) }) {
            ranks = withDecimalTies(doubles.capped.sorted(by: isShownBefore)) + doubles.uncapped
        } else {
            let decimals = split(ranked) { marketCaps[$0.id].map { Decimal($0) } }
            ranks = decimals.capped.sorted(by: isShownBefore).map(\.rank) + decimals.uncapped
        }
        return ranks.prefix(shownResults).map { ranked[$0] }
    }

    /// A coin's rank among the matches and its cap.
    private typealias Capped<Cap> = (rank: Int, cap: Cap)

    /// The coins with a cap above 0, with their ranks, and the ranks of the others (no cap,
    /// zero, negative, not a number), in rank order.
    private static func split<Cap: Comparable & ExpressibleByIntegerLiteral>(
        _ ranked: [CoinListEntry], cap: (CoinListEntry) -> Cap?
    ) -> (capped: [Capped<Cap>], uncapped: [Int]) {
        var capped: [Capped<Cap>] = []
        var uncapped: [Int] = []
        for (rank, coin) in ranked.enumerated() {
            if let value = cap(coin), value > 0 {
                capped.append((rank, value))
            } else {
                uncapped.append(rank)
            }
        }
        return (capped, uncapped)
    }

    /// The app's order among coins with a cap: the larger cap first, the rank breaking ties.
    private static func isShownBefore<Cap: Comparable>(_ left: Capped<Cap>, _ right: Capped<Cap>) -> Bool {
        left.cap != right.cap ? left.cap > right.cap : left.rank < right.rank
    }

    /// The ranks of caps sorted as doubles, each run of caps within ``decimalTieTolerance`` of
    /// the next sorted again as the app's `Decimal`s.
    private static func withDecimalTies(_ sorted: [Capped<Double>]) -> [Int] {
        var ranks = sorted.map(\.rank)
        var runStart = 0
        for index in sorted.indices {
            let runEnds =
                index + 1 == sorted.count
                || sorted[index + 1].cap < sorted[index].cap * (1 - decimalTieTolerance)
            guard runEnds else { continue }
            if index > runStart {
                let run = sorted[runStart...index].map { (rank: $0.rank, cap: Decimal($0.cap)) }
                ranks.replaceSubrange(runStart...index, with: run.sorted(by: isShownBefore).map(\.rank))
            }
            runStart = index + 1
        }
        return ranks
    }

    /// How near two caps are (relative to the larger) for their `Decimal`s to be compared: a
    /// `Decimal` made from a double between 1e-30 and 1e30 keeps about 17 digits, so caps further
    /// apart than this compare as their doubles do (`AppSearchRankingTests` checks it).
    package static let decimalTieTolerance = 1e-12
}
