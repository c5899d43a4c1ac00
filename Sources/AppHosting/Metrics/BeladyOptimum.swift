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
    public static func hits<Key>(_ trace: some Collection<Access<Key>>, capacity: Int) -> Int {
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
        /// Each lookup's key number, `0..<distinct` (32 bits: a run's trace is its lookups).
        var keys: [Int32]
        /// Each lookup's next lookup of the same key, or `Int32.max`.
        var next: [Int32]
        /// How many distinct keys.
        var distinct: Int

        init<Key: Hashable & Comparable>(_ trace: [Key]) {
            precondition(trace.count < Int(Int32.max), "a trace of \(trace.count) lookups")
            let sorted = Set(trace).sorted()
            let number = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1, Int32($0)) })
            keys = trace.map { number[$0]! }
            distinct = sorted.count
            next = [Int32](repeating: .max, count: keys.count)
            var seen = [Int32](repeating: .max, count: distinct)
            for index in keys.indices.reversed() {
                next[index] = seen[Int(keys[index])]
                seen[Int(keys[index])] = Int32(index)
            }
        }

        /// Belady's MIN with bypass at `capacity` > 0: on a miss with the cache full, the cached
        /// key used farthest in the future (the greater key among ties) goes, unless the new
        /// value is needed no sooner, and then it is not cached. The cached keys sit in a heap
        /// by (next use, key); an entry left behind by a later use of its key is skipped, and the
        /// heap is rebuilt from the cached keys when such entries outnumber them, so it stays
        /// the size of the cache.
        ///
        /// - Returns: The hits, and whether the cache was ever full at a miss (if not, every
        ///   larger capacity has the same hits).
        func minimumHits(capacity: Int) -> (hits: Int, wasFull: Bool) {
            var cachedNext = [Int32](repeating: -1, count: distinct)
            var heap = MaxHeap()
            var (count, hits, wasFull) = (0, 0, false)
            for (index, key) in keys.enumerated() {
                let (nextUse, slot) = (next[index], Int(key))
                if cachedNext[slot] >= 0 {
                    hits += 1
                    cachedNext[slot] = nextUse
                    heap.push(next: nextUse, key: key)
                    if heap.count > 2 * count + 64 { heap = MaxHeap(cached: cachedNext) }
                    continue
                }
                if count >= capacity {
                    wasFull = true
                    while let top = heap.top, cachedNext[Int(top.key)] != top.next { heap.pop() }
                    let victim = heap.top!
                    // Bypass when the new value is needed later than every cached one.
                    guard victim.next > nextUse else { continue }
                    heap.pop()
                    cachedNext[Int(victim.key)] = -1
                    count -= 1
                }
                cachedNext[slot] = nextUse
                heap.push(next: nextUse, key: key)
                count += 1
            }
            return (hits, wasFull)
        }
    }

    /// A binary max-heap of (next use, key), ordered as that pair is: one 64-bit word each, the
    /// next use in the high half (both are non-negative).
    private struct MaxHeap {
        private var entries: [UInt64] = []

        init() {}

        /// The heap of the keys `cachedNext` holds (a next use of -1 is a key not cached).
        init(cached cachedNext: [Int32]) {
            entries = cachedNext.indices.compactMap { key in
                cachedNext[key] < 0 ? nil : Self.word(next: cachedNext[key], key: Int32(key))
            }
            for parent in stride(from: entries.count / 2 - 1, through: 0, by: -1) { siftDown(from: parent) }
        }

        var count: Int { entries.count }

        var top: (next: Int32, key: Int32)? {
            entries.first.map {
                (Int32(truncatingIfNeeded: $0 >> 32), Int32(truncatingIfNeeded: $0 & 0xFFFF_FFFF))
            }
        }

        private static func word(next: Int32, key: Int32) -> UInt64 {
            UInt64(UInt32(next)) << 32 | UInt64(UInt32(key))
        }

        mutating func push(next: Int32, key: Int32) {
            entries.append(Self.word(next: next, key: key))
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
            siftDown(from: 0)
        }

        private mutating func siftDown(from start: Int) {
            var parent = start
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
    public static func freshnessBound<Key>(_ trace: some Collection<Access<Key>>) -> Int {
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
