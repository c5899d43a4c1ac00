import Testing
import TrackerCore
import WorkbenchFoundation

@testable import AppHosting
@testable import Simulation

@Suite("cache.opt_hit_ratio is an upper bound on every policy, checked by exhaustive search")
struct OptimumBoundTests {
    typealias Access = BeladyOptimum.Access<String>

    /// A value on its way into, or in, the cache.
    struct Value: Hashable {
        var key: String
        var storedAt: Int64
        var expiresAt: Int64
    }

    /// The most hits of any admission and eviction policy: at each lookup with a fresh entry the
    /// policy may hit or drop it (and fetch again); each fetched value, on arrival, may be
    /// admitted (evicting any entry when full) or not. Arrivals come before lookups at the same
    /// time, as the cache's freshness test (`time >= storedAt`) implies.
    static func exhaustive(_ trace: [Access], capacity: Int) -> Int {
        func search(_ next: Int, cache: [String: Value], inFlight: [Value]) -> Int {
            // Arrivals due before the next lookup come first.
            let due = next < trace.count ? trace[next].time : Int64.max
            if let arrival = inFlight.indices.filter({ inFlight[$0].storedAt <= due }).min(by: {
                (inFlight[$0].storedAt, $0) < (inFlight[$1].storedAt, $1)
            }) {
                let value = inFlight[arrival]
                var rest = inFlight
                rest.remove(at: arrival)
                var best = search(next, cache: cache, inFlight: rest)
                guard capacity > 0 else { return best }
                var replaced = cache
                replaced[value.key] = value
                if replaced.count <= capacity {
                    best = max(best, search(next, cache: replaced, inFlight: rest))
                } else {
                    for victim in cache.keys where victim != value.key {
                        var evicted = replaced
                        evicted[victim] = nil
                        best = max(best, search(next, cache: evicted, inFlight: rest))
                    }
                }
                return best
            }
            guard next < trace.count else { return 0 }
            let access = trace[next]
            var fetched = inFlight
            if let storedAt = access.storedAt {
                fetched.append(
                    Value(key: access.key, storedAt: storedAt, expiresAt: storedAt + access.ttlMilliseconds))
            }
            var dropped = cache
            dropped[access.key] = nil
            var best = search(next + 1, cache: dropped, inFlight: fetched)
            if let entry = cache[access.key], access.time >= entry.storedAt, access.time < entry.expiresAt {
                best = max(best, 1 + search(next + 1, cache: cache, inFlight: inFlight))
            }
            return best
        }
        return search(0, cache: [:], inFlight: [])
    }

    static func randomTrace(
        _ generator: inout SplitMix64, length: Int, keys: Int, expiring: Bool, delayed: Bool
    )
        -> [Access]
    {
        var time: Int64 = 0
        return (0..<length).map { _ in
            time += Int64.random(in: 0...3, using: &generator)
            let key = "k\(Int.random(in: 0..<keys, using: &generator))"
            let ttl: Int64 = expiring ? Int64.random(in: 1...8, using: &generator) : 1_000_000
            var access = Access(key: key, time: time, ttlMilliseconds: ttl)
            if delayed {
                access.storedAt =
                    Int.random(in: 0..<6, using: &generator) == 0
                    ? nil : time + Int64.random(in: 0...3, using: &generator)
            }
            return access
        }
    }

    @Test("never below the exhaustive optimum on 3,000 random traces with expiry, delays and failures")
    func bound() {
        var generator = SplitMix64(seed: 2026)
        var beatsOldHeuristic = 0
        for trial in 0..<3_000 {
            let trace = Self.randomTrace(
                &generator, length: Int.random(in: 1...7, using: &generator),
                keys: Int.random(in: 1...3, using: &generator),
                expiring: true, delayed: trial % 2 == 0)
            let capacity = Int.random(in: 0...2, using: &generator)
            let optimum = Self.exhaustive(trace, capacity: capacity)
            let bound = BeladyOptimum.hits(trace, capacity: capacity)
            #expect(
                bound >= optimum,
                "trial \(trial): bound \(bound) < optimum \(optimum) at capacity \(capacity): \(BeladyOptimum.capacityBound(trace.map(\.key), capacity: capacity)) \(BeladyOptimum.freshnessBound(trace)) \(trace.map { "\($0.key)@\($0.time)+\($0.ttlMilliseconds)>\($0.storedAt.map(String.init) ?? "x")" })"
            )
            if optimum > Self.farthestUsefulUse(trace, capacity: capacity) { beatsOldHeuristic += 1 }
        }
        // The figure this replaces (Belady's rule applied to fresh uses only) was beaten.
        #expect(beatsOldHeuristic > 0)
    }

    @Test("keys numbered in the order first seen, as the recorder keeps them, give the same bound and curves")
    func numberedKeys() {
        var generator = SplitMix64(seed: 31)
        for trial in 0..<2_000 {
            let trace = Self.randomTrace(
                &generator, length: Int.random(in: 1...40, using: &generator),
                keys: Int.random(in: 1...12, using: &generator),
                expiring: trial % 2 == 0, delayed: trial % 3 == 0)
            // The recorder's own trace of the same lookups: a hit is stored at its time, a miss
            // when its fetch arrives (if it does).
            var recorder = MetricsRecorder()
            for access in trace {
                let lookup = recorder.recordLookup(
                    cache: .market, capacity: 1, key: access.key, at: access.time,
                    ttl: access.ttlMilliseconds,
                    hit: access.storedAt == access.time)
                if let storedAt = access.storedAt, storedAt != access.time {
                    recorder.recordStore(cache: .market, lookup: lookup, at: storedAt)
                }
            }
            let numbered = Array(recorder.caches[.market]?.trace ?? LookupTrace())
            #expect(
                numbered.map(\.time) == trace.map(\.time) && numbered.map(\.storedAt) == trace.map(\.storedAt)
            )
            for capacity in 0...4 {
                #expect(
                    BeladyOptimum.hits(numbered, capacity: capacity)
                        == BeladyOptimum.hits(trace, capacity: capacity),
                    "trial \(trial), capacity \(capacity)")
            }
            #expect(BeladyOptimum.hitCurves(numbered.map(\.key)) == BeladyOptimum.hitCurves(trace.map(\.key)))
        }
    }

    @Test(
        "MIN by heap, and curves stopped once the cache is never full, equal MIN by a dictionary at every capacity"
    )
    func heapEqualsDictionaryMIN() {
        // The reading before the heap: the cache as a dictionary of next uses, the victim found
        // by a scan of it on each full miss.
        func reference(_ keys: [Int], capacity: Int) -> Int {
            guard capacity > 0 else { return 0 }
            var next = [Int](repeating: Int.max, count: keys.count)
            var seen: [Int: Int] = [:]
            for index in keys.indices.reversed() {
                next[index] = seen[keys[index]] ?? Int.max
                seen[keys[index]] = index
            }
            var cache: [Int: Int] = [:]
            var hits = 0
            for (index, key) in keys.enumerated() {
                if cache[key] != nil {
                    hits += 1
                    cache[key] = next[index]
                    continue
                }
                if cache.count >= capacity {
                    let (victim, victimNext) = cache.max { ($0.value, $0.key) < ($1.value, $1.key) }!
                    guard victimNext > next[index] else { continue }
                    cache[victim] = nil
                }
                cache[key] = next[index]
            }
            return hits
        }
        var generator = SplitMix64(seed: 47)
        for trial in 0..<300 {
            let distinct = Int.random(in: 1...40, using: &generator)
            // Skewed keys (some hot, most cold), as a cache trace is.
            let keys = (0..<Int.random(in: 0...400, using: &generator)).map { _ in
                {
                    let draw = Double.random(in: 0..<1, using: &generator)
                    return min(distinct - 1, Int(Double(distinct) * draw * draw))
                }()
            }
            let curves = BeladyOptimum.hitCurves(keys)
            for point in curves {
                #expect(
                    point.bound == reference(keys, capacity: point.capacity),
                    "trial \(trial) at \(point.capacity)")
            }
            let capacity = Int.random(in: 0...45, using: &generator)
            #expect(
                BeladyOptimum.capacityBound(keys, capacity: capacity) == reference(keys, capacity: capacity))
        }
    }

    @Test("exact when nothing expires and fetches arrive at once: equals the exhaustive optimum")
    func exactWithoutExpiry() {
        var generator = SplitMix64(seed: 7)
        for trial in 0..<1_500 {
            let trace = Self.randomTrace(
                &generator, length: Int.random(in: 1...8, using: &generator),
                keys: Int.random(in: 1...4, using: &generator),
                expiring: false, delayed: false)
            let capacity = Int.random(in: 0...3, using: &generator)
            #expect(
                BeladyOptimum.hits(trace, capacity: capacity) == Self.exhaustive(trace, capacity: capacity),
                "trial \(trial)")
        }
    }

    @Test(
        "hit-ratio curves: LRU by stack distance equals an LRU cache run at each capacity; the bound is above it"
    )
    func curves() {
        var generator = SplitMix64(seed: 11)
        let keys = (0..<2_000).map { _ in
            "k\(Int.random(in: 0..<Int.random(in: 1...24, using: &generator), using: &generator))"
        }
        let curves = BeladyOptimum.hitCurves(keys)
        #expect(curves.count == Set(keys).count)
        for point in curves {
            var lru = TTLCache<String, Int>(capacity: point.capacity, defaultTTLMilliseconds: .max / 4)
            for (index, key) in keys.enumerated() where !lru.lookup(key, at: Int64(index)).isHit {
                lru.insert(1, for: key, at: Int64(index))
            }
            #expect(point.lru == lru.counters.hits, "capacity \(point.capacity)")
            #expect(point.bound >= point.lru)
            #expect(point.bound == BeladyOptimum.capacityBound(keys, capacity: point.capacity))
        }
        #expect(curves.last!.lru == curves.last!.bound)
    }

    /// The figure this bound replaces: Belady's farthest-next-use applied to uses while fresh.
    static func farthestUsefulUse(_ trace: [Access], capacity: Int) -> Int {
        guard capacity > 0 else { return 0 }
        var nextUse = [Int](repeating: Int.max, count: trace.count)
        var lastSeen: [String: Int] = [:]
        for index in trace.indices.reversed() {
            nextUse[index] = lastSeen[trace[index].key] ?? Int.max
            lastSeen[trace[index].key] = index
        }
        var cache: [String: (storedAt: Int64, expiresAt: Int64, next: Int)] = [:]
        func usefulness(_ entry: (storedAt: Int64, expiresAt: Int64, next: Int)) -> Int {
            guard entry.next != Int.max else { return Int.max }
            let time = trace[entry.next].time
            return time >= entry.storedAt && time < entry.expiresAt ? entry.next : Int.max
        }
        var hits = 0
        for (index, access) in trace.enumerated() {
            if var entry = cache[access.key], access.time >= entry.storedAt, access.time < entry.expiresAt {
                hits += 1
                entry.next = nextUse[index]
                cache[access.key] = entry
                continue
            }
            guard let storedAt = access.storedAt else { continue }
            let fresh = (storedAt, storedAt + access.ttlMilliseconds, nextUse[index])
            cache[access.key] = nil
            guard usefulness(fresh) != Int.max else { continue }
            if cache.count >= capacity {
                let victim = cache.max { (usefulness($0.value), $0.key) < (usefulness($1.value), $1.key) }!
                guard usefulness(victim.value) > usefulness(fresh) else { continue }
                cache[victim.key] = nil
            }
            cache[access.key] = fresh
        }
        return hits
    }
}
