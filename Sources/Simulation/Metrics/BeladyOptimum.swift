/// The hit count of an offline optimal cache on a key trace: Belady's MIN (L. A. Belady, "A study
/// of replacement algorithms for a virtual-storage computer", 1966), extended to entries that
/// expire.
///
/// An entry serves hits only while fresh (younger than its TTL since it was fetched). On a miss
/// the fetched value may be cached; when the cache is full, the entry whose next *useful* use
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
            var expiresAt: Int64
            var next: Int
        }
        var cache: [String: Entry] = [:]
        var hits = 0
        /// The index of the next use while fresh, or Int.max when the value is useless.
        func usefulness(_ entry: Entry) -> Int {
            entry.next != Int.max && trace[entry.next].time < entry.expiresAt ? entry.next : Int.max
        }
        for (index, access) in trace.enumerated() {
            if var entry = cache[access.key], access.time < entry.expiresAt {
                hits += 1
                entry.next = nextUse[index]
                cache[access.key] = entry
                continue
            }
            let fresh = Entry(expiresAt: access.time + access.ttlMilliseconds, next: nextUse[index])
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
