/// An upper bound on the hits of any cache, of a given capacity, on a key trace with expiring
/// entries: what a report compares the app's cache against (`cache.opt_hit_ratio`).
///
/// The exact optimum of a TTL cache is a hard scheduling problem: declining to admit a value, or
/// dropping a fresh one, can buy later hits, because the next fetch renews freshness. So the
/// figure is the smaller of two relaxations, each of which every policy's hits obey:
/// - **capacity**: Belady's MIN (L. A. Belady, 1966) with expiry and failed fetches ignored.
///   Every real policy's choices are feasible in that easier problem, and MIN, which evicts (or
///   bypasses) the entry used farthest in the future, is optimal there. It applies only when
///   every fetched value arrives at its lookup's time (a replay without latency): with fetch
///   delays a policy can hold values over shorter spans than MIN assumes and beat it.
/// - **freshness**: a lookup can hit only if an earlier lookup of its key fetched a value that
///   arrived by then and is still fresh; the bound counts those lookups, whatever the capacity.
///   A lookup that hit in the run is taken to fetch at once had it missed.
///
/// Tests check it against an exhaustive search over every admission and eviction policy on
/// thousands of small traces. It equals the optimum when expiry does not bind (MIN is then exact).
public enum BeladyOptimum {
    /// One lookup of the trace.
    public struct Access<Key: Hashable & Comparable & Sendable>: Sendable, Equatable {
        /// The cache key (its text, or a number standing for it: only equality matters).
        public var key: Key
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
        public init(key: Key, time: Int64, ttlMilliseconds: Int64) {
            self.key = key
            self.time = time
            self.ttlMilliseconds = ttlMilliseconds
            self.storedAt = time
        }
    }

    /// The upper bound on hits: the smaller of ``capacityBound(_:capacity:)`` and
    /// ``freshnessBound(_:)``.
    ///
    /// - Parameters:
    ///   - trace: The lookups in order.
    ///   - capacity: Entries the cache holds, >= 0.
    /// - Returns: No policy with this capacity hits more often on this trace.
    public static func hits<Key>(_ trace: [Access<Key>], capacity: Int) -> Int {
        let freshness = freshnessBound(trace)
        // MIN assumes a fetched value is there at once. With delays a policy can hold values
        // over shorter spans, and the exhaustive search finds it beating MIN, so then only the
        // freshness bound holds.
        guard trace.allSatisfy({ access in access.storedAt.map { $0 == access.time } ?? true }) else {
            return freshness
        }
        return min(capacityBound(trace.map(\.key), capacity: capacity), freshness)
    }

    /// Belady's MIN on the keys alone: the most hits any cache of `capacity` entries could have
    /// if nothing expired and every fetch arrived at once. Keys that tie for the farthest use are
    /// never used again, so which of them goes does not change the count: a trace of numbers
    /// standing for its keys (as ``MetricsRecorder`` keeps it) has the same bound.
    ///
    /// - Complexity: O(n * capacity).
    public static func capacityBound<Key: Hashable & Comparable>(_ keys: [Key], capacity: Int) -> Int {
        guard capacity > 0 else { return 0 }
        let next = nextUses(keys)
        var cache: [Key: Int] = [:]
        var hits = 0
        for (index, key) in keys.enumerated() {
            if cache[key] != nil {
                hits += 1
                cache[key] = next[index]
                continue
            }
            if cache.count >= capacity {
                let (victim, victimNext) = cache.max { ($0.value, $0.key) < ($1.value, $1.key) }!
                // Bypass when the new value is needed later than every cached one.
                guard victimNext > next[index] else { continue }
                cache[victim] = nil
            }
            cache[key] = next[index]
        }
        return hits
    }

    /// The lookups that some earlier lookup of the same key could have served: one whose fetch
    /// arrived at or before this lookup and is still fresh at it.
    ///
    /// - Complexity: O(n) amortised per key's live window.
    public static func freshnessBound<Key>(_ trace: [Access<Key>]) -> Int {
        // Per key, the latest expiry among values arrived so far, and those still in flight.
        var arrived: [Key: Int64] = [:]
        var inFlight: [Key: [(storedAt: Int64, expiresAt: Int64)]] = [:]
        var hits = 0
        for access in trace {
            if var pending = inFlight[access.key] {
                for value in pending where value.storedAt <= access.time {
                    arrived[access.key] = max(arrived[access.key] ?? .min, value.expiresAt)
                }
                pending.removeAll { $0.storedAt <= access.time }
                inFlight[access.key] = pending
            }
            if let expiresAt = arrived[access.key], access.time < expiresAt { hits += 1 }
            if let storedAt = access.storedAt {
                inFlight[access.key, default: []].append((storedAt, storedAt + access.ttlMilliseconds))
            }
        }
        return hits
    }

    /// One capacity of a hit-ratio curve.
    public struct CurvePoint: Sendable, Equatable {
        /// Entries the cache holds.
        public var capacity: Int
        /// LRU's hits at that capacity.
        public var lru: Int
        /// The capacity bound's hits (MIN) at that capacity.
        public var bound: Int
    }

    /// LRU's and the capacity bound's hits at every capacity from 1 to the number of distinct
    /// keys, expiry ignored: the hit-ratio curves of a cache-sizing question. LRU's come from
    /// one pass over the trace (R. L. Mattson et al., 1970: a lookup hits in every LRU cache
    /// larger than its stack distance); the bound's from MIN at each capacity.
    ///
    /// - Parameter keys: The lookups' keys in order.
    /// - Returns: One point per capacity, ascending.
    /// - Complexity: O(n * d) for LRU and O(n * d^2) for the bound, d distinct keys.
    public static func hitCurves<Key: Hashable & Comparable>(_ keys: [Key]) -> [CurvePoint] {
        var stack: [Key] = []
        var hitsAtDistance: [Int] = []
        for key in keys {
            if let position = stack.firstIndex(of: key) {
                while hitsAtDistance.count <= position { hitsAtDistance.append(0) }
                hitsAtDistance[position] += 1
                stack.remove(at: position)
            }
            stack.insert(key, at: 0)
        }
        var lru = 0
        return (1...max(stack.count, 1)).map { capacity in
            lru += capacity <= hitsAtDistance.count ? hitsAtDistance[capacity - 1] : 0
            return CurvePoint(capacity: capacity, lru: lru, bound: capacityBound(keys, capacity: capacity))
        }
    }

    /// For each lookup, the index of the next lookup of its key, or Int.max.
    private static func nextUses<Key: Hashable>(_ keys: [Key]) -> [Int] {
        var next = [Int](repeating: Int.max, count: keys.count)
        var seen: [Key: Int] = [:]
        for index in keys.indices.reversed() {
            next[index] = seen[keys[index]] ?? Int.max
            seen[keys[index]] = index
        }
        return next
    }
}
