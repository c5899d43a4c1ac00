/// What a cache did, counted. Every lookup is a hit or a miss; an expired entry found is a miss
/// that is also counted as expired.
public struct CacheCounters: Sendable, Equatable, Hashable, Codable {
    /// Lookups that found a fresh entry.
    public var hits = 0
    /// Lookups that found nothing fresh (absent or expired).
    public var misses = 0
    /// Misses that found an entry past its TTL.
    public var expired = 0
    /// Expired entries served because a refresh failed (stale-if-error).
    public var staleServed = 0
    /// Entries dropped to make room (LRU).
    public var evicted = 0
    /// Values stored (new or replacing).
    public var insertions = 0

    /// Creates zeroed counters.
    public init() {}

    /// Lookups in all.
    public var lookups: Int { hits + misses }

    /// Hits over lookups, nil before the first lookup.
    public var hitRatio: Double? {
        lookups == 0 ? nil : Double(hits) / Double(lookups)
    }

    /// The sum of two sets of counters (for totals across caches).
    ///
    /// - Parameters:
    ///   - lhs: One set.
    ///   - rhs: The other.
    public static func + (lhs: CacheCounters, rhs: CacheCounters) -> CacheCounters {
        var sum = lhs
        sum.hits += rhs.hits
        sum.misses += rhs.misses
        sum.expired += rhs.expired
        sum.staleServed += rhs.staleServed
        sum.evicted += rhs.evicted
        sum.insertions += rhs.insertions
        return sum
    }
}
