import Foundation

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
/// The index lower-cases every name and symbol once and lays them out in one byte buffer, in the
/// within-tier order (sorted once), each coin as `name NUL symbol NUL`. A search makes one pass
/// for exact symbols and prefixes, by index over the buffer with no copies and no reference
/// counting, then finds substring matches with `memmem` over the buffer from the start: the hits
/// come in result order, so it stops as soon as the answer is full. No sort at search time.
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

    /// The coins in the within-tier order: known ranks first, by rank; then by name and id.
    private let coins: [CoinListEntry]
    private let ranks: [Int?]
    /// `name NUL symbol NUL` of every coin, in order, lower-cased.
    private let text: [UInt8]
    /// Where each coin's name starts in ``text``, and (last) the end of the text.
    private let nameStarts: [Int]
    /// Where each coin's symbol starts in ``text``.
    private let symbolStarts: [Int]
    /// How often each byte occurs in ``text``: a substring search looks for the needle's rarest.
    private let byteCounts: [Int]

    /// Builds an index.
    ///
    /// - Parameters:
    ///   - coins: The coin list.
    ///   - marketCapRanks: Ranks by coin id, from market data, where known.
    public init(coins: [CoinListEntry], marketCapRanks: [String: Int] = [:]) {
        let lowered = coins.map {
            (name: Array($0.name.lowercased().utf8), symbol: Array($0.symbol.lowercased().utf8))
        }
        let ranks = coins.map { marketCapRanks[$0.id] }
        let order = coins.indices.sorted { left, right in
            switch (ranks[left], ranks[right]) {
            case (let a?, let b?) where a != b: return a < b
            case (.some, nil): return true
            case (nil, .some): return false
            default: break
            }
            let (leftName, rightName) = (lowered[left].name, lowered[right].name)
            if leftName != rightName { return leftName.lexicographicallyPrecedes(rightName) }
            return coins[left].id < coins[right].id
        }
        var text: [UInt8] = []
        var nameStarts: [Int] = []
        var symbolStarts: [Int] = []
        for coin in order {
            nameStarts.append(text.count)
            text += lowered[coin].name
            text.append(0)
            symbolStarts.append(text.count)
            text += lowered[coin].symbol
            text.append(0)
        }
        nameStarts.append(text.count)
        self.byteCounts = ByteRuns.byteCounts(of: text)
        self.coins = order.map { coins[$0] }
        self.ranks = order.map { ranks[$0] }
        (self.text, self.nameStarts, self.symbolStarts) = (text, nameStarts, symbolStarts)
    }

    /// The number of coins indexed.
    public var count: Int { coins.count }

    /// Searches the index.
    ///
    /// - Parameters:
    ///   - query: What the user typed; surrounding spaces are ignored, an empty query finds nothing.
    ///   - limit: The most results.
    /// - Returns: The best matches, best first.
    /// - Complexity: O(n) comparisons of first bytes for n coins, and one `memmem` scan at most.
    public func search(_ query: String, limit: Int = 50) -> [Result] {
        let needle = Array(query.trimmingSpaces.lowercased().utf8)
        guard !needle.isEmpty, limit > 0 else { return [] }
        var exact: [Int] = []
        var prefix: [Int] = []
        var substring: [Int] = []
        text.withUnsafeBufferPointer { text in
            needle.withUnsafeBufferPointer { needle in
                let first = needle[0]
                for coin in 0..<coins.count
                where text[nameStarts[coin]] == first || text[symbolStarts[coin]] == first {
                    let name = UnsafeBufferPointer(rebasing: text[nameStarts[coin]..<symbolStarts[coin] - 1])
                    let symbol = UnsafeBufferPointer(
                        rebasing: text[symbolStarts[coin]..<nameStarts[coin + 1] - 1])
                    if symbol.elementsEqual(needle) {
                        exact.append(coin)
                    } else if prefix.count < limit, name.starts(with: needle) || symbol.starts(with: needle) {
                        // Past `limit` prefix matches, only exact symbols can still change the answer.
                        prefix.append(coin)
                    }
                }
                let wanted = limit - exact.count - prefix.count
                if wanted > 0 {
                    substring = substringMatches(needle, in: text, skipping: exact, prefix, wanted: wanted)
                }
            }
        }
        var results: [Result] = []
        for (match, tier) in [(Match.exactSymbol, exact), (.prefix, prefix), (.substring, substring)] {
            for coin in tier.prefix(limit - results.count) {
                results.append(Result(coin: coins[coin], match: match, marketCapRank: ranks[coin]))
            }
        }
        return results
    }

    /// The first `wanted` coins, in order, whose name or symbol contains the needle, leaving out
    /// the coins of the better tiers (sorted lists).
    private func substringMatches(
        _ needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, skipping exact: [Int],
        _ prefix: [Int], wanted: Int
    ) -> [Int] {
        var found: [Int] = []
        var (nextExact, nextPrefix) = (0, 0)
        func take(_ coin: Int) {
            while nextExact < exact.count, exact[nextExact] < coin { nextExact += 1 }
            while nextPrefix < prefix.count, prefix[nextPrefix] < coin { nextPrefix += 1 }
            let better =
                (nextExact < exact.count && exact[nextExact] == coin)
                || (nextPrefix < prefix.count && prefix[nextPrefix] == coin)
            if !better { found.append(coin) }
        }
        guard !needle.contains(0) else {
            // A needle with a NUL could match across the separators: test each coin alone.
            for coin in 0..<coins.count where found.count < wanted {
                let name = UnsafeBufferPointer(rebasing: text[nameStarts[coin]..<symbolStarts[coin] - 1])
                let symbol = UnsafeBufferPointer(
                    rebasing: text[symbolStarts[coin]..<nameStarts[coin + 1] - 1])
                if Self.contains(name, needle) || Self.contains(symbol, needle) { take(coin) }
            }
            return found
        }
        var offset = 0
        while found.count < wanted,
            let position = ByteRuns.firstOccurrence(
                of: needle, in: text, from: offset, byteCounts: byteCounts)
        {
            let coin = ByteRuns.region(at: position, starts: nameStarts)
            take(coin)
            offset = nameStarts[coin + 1]
        }
        return found
    }

    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
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
