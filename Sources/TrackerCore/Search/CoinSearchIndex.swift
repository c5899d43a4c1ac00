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
/// The index lower-cases every name and symbol once, into two flat byte buffers, and sorts the
/// coins once in the within-tier order. A search is then one pass in that order, by index over
/// the buffers (no copies, no reference counting per coin), appending each match to its tier's
/// list: the tiers concatenated are the answer, with no sort.
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

        /// Creates a result.
        ///
        /// - Parameters:
        ///   - coin: The coin.
        ///   - match: How it matched.
        ///   - marketCapRank: Its rank, when known.
        public init(coin: CoinListEntry, match: Match, marketCapRank: Int?) {
            self.coin = coin
            self.match = match
            self.marketCapRank = marketCapRank
        }
    }

    private let coins: [CoinListEntry]
    private let ranks: [Int?]
    /// Every lower-cased name, back to back; coin `i`'s is `names[nameStarts[i]..<nameStarts[i + 1]]`.
    private let names: [UInt8]
    private let nameStarts: [Int]
    private let symbols: [UInt8]
    private let symbolStarts: [Int]
    /// Coin indices in the within-tier order: known ranks first, by rank; then by name and id.
    private let order: [Int]

    /// Builds an index.
    ///
    /// - Parameters:
    ///   - coins: The coin list.
    ///   - marketCapRanks: Ranks by coin id, from market data, where known.
    public init(coins: [CoinListEntry], marketCapRanks: [String: Int] = [:]) {
        self.coins = coins
        ranks = coins.map { marketCapRanks[$0.id] }
        var names: [UInt8] = []
        var symbols: [UInt8] = []
        var nameStarts = [0]
        var symbolStarts = [0]
        for coin in coins {
            names += coin.name.lowercased().utf8
            nameStarts.append(names.count)
            symbols += coin.symbol.lowercased().utf8
            symbolStarts.append(symbols.count)
        }
        (self.names, self.nameStarts, self.symbols, self.symbolStarts) = (names, nameStarts, symbols, symbolStarts)
        let ranks = ranks
        order = coins.indices.sorted { left, right in
            switch (ranks[left], ranks[right]) {
            case (let a?, let b?) where a != b: return a < b
            case (.some, nil): return true
            case (nil, .some): return false
            default: break
            }
            let leftName = names[nameStarts[left]..<nameStarts[left + 1]]
            let rightName = names[nameStarts[right]..<nameStarts[right + 1]]
            if !leftName.elementsEqual(rightName) { return leftName.lexicographicallyPrecedes(rightName) }
            return coins[left].id < coins[right].id
        }
    }

    /// The number of coins indexed.
    public var count: Int { coins.count }

    /// Searches the index.
    ///
    /// - Parameters:
    ///   - query: What the user typed; surrounding spaces are ignored, an empty query finds nothing.
    ///   - limit: The most results.
    /// - Returns: The best matches, best first.
    /// - Complexity: O(n × m) byte comparisons for n coins and a query of m bytes.
    public func search(_ query: String, limit: Int = 50) -> [Result] {
        let needle = Array(query.trimmingSpaces.lowercased().utf8)
        guard !needle.isEmpty, limit > 0 else { return [] }
        var tiers: [[Int]] = [[], [], []]
        names.withUnsafeBufferPointer { names in
            symbols.withUnsafeBufferPointer { symbols in
                needle.withUnsafeBufferPointer { needle in
                    for coin in order {
                        let name = UnsafeBufferPointer(rebasing: names[nameStarts[coin]..<nameStarts[coin + 1]])
                        let symbol = UnsafeBufferPointer(
                            rebasing: symbols[symbolStarts[coin]..<symbolStarts[coin + 1]])
                        // Past `limit` in a tier, only better tiers can still change the answer.
                        if let match = Self.match(needle, name: name, symbol: symbol, wanted: tiers, limit: limit) {
                            tiers[match.rawValue].append(coin)
                        }
                    }
                }
            }
        }
        var results: [Result] = []
        for (tier, coins) in tiers.enumerated() {
            for coin in coins.prefix(limit - results.count) {
                results.append(
                    Result(coin: self.coins[coin], match: Match(rawValue: tier)!, marketCapRank: ranks[coin]))
            }
        }
        return results
    }

    /// The best tier a coin matches in that still needs coins, or nil.
    private static func match(
        _ needle: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>, symbol: UnsafeBufferPointer<UInt8>,
        wanted tiers: [[Int]], limit: Int
    ) -> Match? {
        if symbol.elementsEqual(needle) { return .exactSymbol }
        guard tiers[1].count < limit else { return nil }
        if name.starts(with: needle) || symbol.starts(with: needle) { return .prefix }
        guard tiers[2].count < limit else { return nil }
        if contains(name, needle) || contains(symbol, needle) { return .substring }
        return nil
    }

    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
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
