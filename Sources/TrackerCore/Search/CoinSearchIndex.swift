/// Local coin search over `/coins/list` (cached 7 days by the app), fast enough for every
/// keystroke.
///
/// Matching is case-insensitive on the name and the symbol. Results are ranked in tiers:
/// 1. the symbol equals the query (`eth` finds Ethereum first);
/// 2. the name or symbol starts with the query;
/// 3. the name or symbol contains it.
/// Within a tier, coins with a known market-cap rank come first, by rank; then by name and id, so
/// the order is total and deterministic. `bit` finds Bitcoin and Bitcoin Cash.
///
/// The index lower-cases every name and symbol once, into bytes; a search is one pass of byte
/// comparisons over the entries, with no allocation per entry.
public struct CoinSearchIndex: Sendable {
    /// How a result matched.
    public enum Match: Int, Sendable, Comparable {
        /// The symbol equals the query.
        case exactSymbol = 0
        /// The name or symbol starts with the query.
        case prefix = 1
        /// The name or symbol contains the query.
        case substring = 2

        /// Tier order: exact symbol first.
        public static func < (lhs: Match, rhs: Match) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One result.
    public struct Result: Sendable, Equatable {
        /// The coin.
        public var coin: CoinListEntry
        /// How it matched.
        public var match: Match
        /// Its market-cap rank, when known.
        public var marketCapRank: Int?
    }

    private struct Entry: Sendable {
        var coin: CoinListEntry
        var name: [UInt8]
        var symbol: [UInt8]
        var rank: Int?
    }

    private let entries: [Entry]

    /// Builds an index.
    ///
    /// - Parameters:
    ///   - coins: The coin list.
    ///   - marketCapRanks: Ranks by coin id, from market data, where known.
    public init(coins: [CoinListEntry], marketCapRanks: [String: Int] = [:]) {
        entries = coins.map { coin in
            Entry(
                coin: coin,
                name: Array(coin.name.lowercased().utf8),
                symbol: Array(coin.symbol.lowercased().utf8),
                rank: marketCapRanks[coin.id]
            )
        }
    }

    /// The number of coins indexed.
    public var count: Int { entries.count }

    /// Searches the index.
    ///
    /// - Parameters:
    ///   - query: What the user typed; surrounding spaces are ignored, an empty query finds nothing.
    ///   - limit: The most results.
    /// - Returns: The best matches, best first.
    /// - Complexity: O(n × m) byte comparisons for n coins and a query of m bytes, plus sorting the
    ///   matches.
    public func search(_ query: String, limit: Int = 50) -> [Result] {
        let needle = Array(query.trimmingSpaces.lowercased().utf8)
        guard !needle.isEmpty, limit > 0 else { return [] }
        var matches: [(match: Match, index: Int)] = []
        for (index, entry) in entries.enumerated() {
            if let match = Self.match(needle, entry) { matches.append((match, index)) }
        }
        matches.sort { lhs, rhs in
            if lhs.match != rhs.match { return lhs.match < rhs.match }
            let (left, right) = (entries[lhs.index], entries[rhs.index])
            switch (left.rank, right.rank) {
            case (let a?, let b?) where a != b: return a < b
            case (.some, nil): return true
            case (nil, .some): return false
            default: break
            }
            if left.name != right.name { return left.name.lexicographicallyPrecedes(right.name) }
            return left.coin.id < right.coin.id
        }
        return matches.prefix(limit).map {
            Result(coin: entries[$0.index].coin, match: $0.match, marketCapRank: entries[$0.index].rank)
        }
    }

    private static func match(_ needle: [UInt8], _ entry: Entry) -> Match? {
        if entry.symbol == needle { return .exactSymbol }
        if entry.name.starts(with: needle) || entry.symbol.starts(with: needle) { return .prefix }
        if contains(entry.name, needle) || contains(entry.symbol, needle) { return .substring }
        return nil
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        let first = needle[0]
        for start in 0...(haystack.count - needle.count) where haystack[start] == first {
            var offset = 1
            while offset < needle.count && haystack[start + offset] == needle[offset] { offset += 1 }
            if offset == needle.count { return true }
        }
        return false
    }
}
