/// The hit count of an offline optimal cache on a key trace: Belady's MIN (L. A. Belady, "A study
/// of replacement algorithms for a virtual-storage computer", 1966), extended to entries that
/// expire.
///
/// An entry serves hits only while fresh: from the time the fetched value arrived until its TTL
/// has passed (a lookup while the fetch is still in flight misses, as it does in the app). On a
/// miss the fetched value may be cached; when the cache is full, the entry whose next *useful* use
/// (a use while still fresh) is farthest away is dropped, the new value included (so a value
/// never reused in time is not cached at all). This bounds what any policy with the same
/// capacity and TTLs could achieve on the trace, which is what a report compares LRU against.
public enum BeladyOptimum {
    /// One lookup of the trace.
    public struct Access: Sendable, Equatable {
        /// The cache key.
        public var key: String
        /// When, epoch ms (non-decreasing along the trace).
        public var time: Int64
        /// How long a value fetched now stays fresh, ms.
        public var ttlMilliseconds: Int64
        /// When the value fetched after a miss arrived and could be cached (the lookup time unless
        /// set); nil when the fetch failed.
        public var storedAt: Int64?

        /// Creates an access.
        ///
        /// - Parameters:
        ///   - key: The key.
        ///   - time: The time.
        ///   - ttlMilliseconds: The TTL of a value fetched at this access.
        public init(key: String, time: Int64, ttlMilliseconds: Int64) {
            self.key = key
            self.time = time
            self.ttlMilliseconds = ttlMilliseconds
            self.storedAt = time
        }
    }

    /// Hits of the optimal cache.
    ///
    /// - Parameters:
    ///   - trace: The lookups in order.
    ///   - capacity: Entries the cache holds, >= 0.
    /// - Returns: The number of lookups served fresh from the cache.
    /// - Complexity: O(n * capacity).
    public static func hits(_ trace: [Access], capacity: Int) -> Int {
        guard capacity > 0 else { return 0 }
        var nextUse = [Int](repeating: Int.max, count: trace.count)
        var lastSeen: [String: Int] = [:]
        for index in trace.indices.reversed() {
            nextUse[index] = lastSeen[trace[index].key] ?? Int.max
            lastSeen[trace[index].key] = index
        }
        struct Entry {
            var storedAt: Int64
            var expiresAt: Int64
            var next: Int
        }
        var cache: [String: Entry] = [:]
        var hits = 0
        /// The index of the next use while fresh, or Int.max when the value is useless.
        func isFresh(_ entry: Entry, at time: Int64) -> Bool {
            time >= entry.storedAt && time < entry.expiresAt
        }
        func usefulness(_ entry: Entry) -> Int {
            entry.next != Int.max && isFresh(entry, at: trace[entry.next].time) ? entry.next : Int.max
        }
        for (index, access) in trace.enumerated() {
            if var entry = cache[access.key], isFresh(entry, at: access.time) {
                hits += 1
                entry.next = nextUse[index]
                cache[access.key] = entry
                continue
            }
            guard let storedAt = access.storedAt else { continue }
            let fresh = Entry(
                storedAt: storedAt, expiresAt: storedAt + access.ttlMilliseconds, next: nextUse[index])
            cache[access.key] = nil
            guard usefulness(fresh) != Int.max else { continue }
            if cache.count >= capacity {
                let (victimKey, victim) = cache.max { lhs, rhs in
                    (usefulness(lhs.value), lhs.key) < (usefulness(rhs.value), rhs.key)
                }!
                guard usefulness(victim) > usefulness(fresh) else { continue }
                cache[victimKey] = nil
            }
            cache[access.key] = fresh
        }
        return hits
    }
}
