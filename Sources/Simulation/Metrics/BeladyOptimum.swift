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
    /// - Complexity: O(n log n) after numbering the keys.
    public static func capacityBound<Key: Hashable & Comparable>(_ keys: [Key], capacity: Int) -> Int {
        guard capacity > 0 else { return 0 }
        let numbered = NumberedTrace(keys)
        return numbered.minimumHits(capacity: capacity).hits
    }

    /// A trace with its keys numbered in their sorted order (so numbers compare as the keys do)
    /// and each lookup's next use: what MIN needs, computed once for every capacity.
    private struct NumberedTrace {
        /// Each lookup's key number, `0..<distinct`.
        var keys: [Int]
        /// Each lookup's next lookup of the same key, or Int.max.
        var next: [Int]
        /// How many distinct keys.
        var distinct: Int

        init<Key: Hashable & Comparable>(_ trace: [Key]) {
            let sorted = Set(trace).sorted()
            let number = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1, $0) })
            keys = trace.map { number[$0]! }
            distinct = sorted.count
            next = [Int](repeating: Int.max, count: keys.count)
            var seen = [Int](repeating: Int.max, count: distinct)
            for index in keys.indices.reversed() {
                next[index] = seen[keys[index]]
                seen[keys[index]] = index
            }
        }

        /// Belady's MIN with bypass at `capacity` > 0: on a miss with the cache full, the cached
        /// key used farthest in the future (the greater key among ties) goes, unless the new
        /// value is needed no sooner, and then it is not cached. The cached keys sit in a heap
        /// by (next use, key); an entry left behind by a later use of its key is skipped.
        ///
        /// - Returns: The hits, and whether the cache was ever full at a miss (if not, every
        ///   larger capacity has the same hits).
        func minimumHits(capacity: Int) -> (hits: Int, wasFull: Bool) {
            var cachedNext = [Int](repeating: -1, count: distinct)
            var heap = MaxHeap()
            var (count, hits, wasFull) = (0, 0, false)
            for (index, key) in keys.enumerated() {
                let nextUse = next[index]
                if cachedNext[key] >= 0 {
                    hits += 1
                    cachedNext[key] = nextUse
                    heap.push((nextUse, key))
                    continue
                }
                if count >= capacity {
                    wasFull = true
                    while let top = heap.top, cachedNext[top.key] != top.next { heap.pop() }
                    let victim = heap.top!
                    // Bypass when the new value is needed later than every cached one.
                    guard victim.next > nextUse else { continue }
                    heap.pop()
                    cachedNext[victim.key] = -1
                    count -= 1
                }
                cachedNext[key] = nextUse
                heap.push((nextUse, key))
                count += 1
            }
            return (hits, wasFull)
        }
    }

    /// A binary max-heap of (next use, key), ordered as tuples.
    private struct MaxHeap {
        private var entries: [(next: Int, key: Int)] = []

        var top: (next: Int, key: Int)? { entries.first }

        mutating func push(_ entry: (next: Int, key: Int)) {
            entries.append(entry)
            var child = entries.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard entries[parent] < entries[child] else { break }
                entries.swapAt(parent, child)
                child = parent
            }
        }

        mutating func pop() {
            let last = entries.removeLast()
            guard !entries.isEmpty else { return }
            entries[0] = last
            var parent = 0
            while true {
                let (left, right) = (2 * parent + 1, 2 * parent + 2)
                var largest = parent
                if left < entries.count, entries[largest] < entries[left] { largest = left }
                if right < entries.count, entries[largest] < entries[right] { largest = right }
                guard largest != parent else { return }
                entries.swapAt(parent, largest)
                parent = largest
            }
        }
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
    /// - Complexity: O(n * d) for LRU and O(n log n) a capacity for the bound, d distinct keys,
    ///   up to the first capacity at which no miss finds the cache full.
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
        let numbered = NumberedTrace(keys)
        // Once no miss finds the cache full, every larger capacity makes the same choices.
        var settled: Int?
        return (1...max(stack.count, 1)).map { capacity in
            lru += capacity <= hitsAtDistance.count ? hitsAtDistance[capacity - 1] : 0
            if settled == nil {
                let (hits, wasFull) = keys.isEmpty ? (0, false) : numbered.minimumHits(capacity: capacity)
                if !wasFull { settled = hits }
                return CurvePoint(capacity: capacity, lru: lru, bound: hits)
            }
            return CurvePoint(capacity: capacity, lru: lru, bound: settled!)
        }
    }
}
