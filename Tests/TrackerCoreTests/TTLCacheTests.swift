import Testing
import TrackerCore
import WorkbenchFoundation

@Suite("TTL cache with LRU eviction")
struct TTLCacheTests {
    @Test("counters are exact on a hand-computed trace")
    func handComputedTrace() {
        var cache = TTLCache<String, Int>(capacity: 2, defaultTTLMilliseconds: 30_000)
        #expect(cache.lookup("A", at: 0) == .missing)  // miss 1
        cache.insert(1, for: "A", at: 0)  // insertion 1
        #expect(cache.lookup("A", at: 10_000) == .fresh(1, ageMilliseconds: 10_000))  // hit 1
        cache.insert(2, for: "B", at: 15_000)  // insertion 2; recency B, A
        #expect(cache.lookup("A", at: 29_999) == .fresh(1, ageMilliseconds: 29_999))  // hit 2; A, B
        #expect(cache.lookup("A", at: 30_000) == .expired(1, ageMilliseconds: 30_000))  // miss 2, expired 1
        cache.insert(3, for: "C", at: 31_000)  // insertion 3, evicts B (least recent); C, A
        #expect(cache.keysByRecency == ["C", "A"])
        #expect(cache.lookup("B", at: 31_000) == .missing)  // miss 3
        // stale 1:
        #expect(cache.serveStale("A", at: 40_000) == StaleValue(value: 1, ageMilliseconds: 40_000))
        #expect(cache.serveStale("B", at: 40_000) == nil)  // nothing to serve, not counted
        cache.insert(10, for: "A", at: 41_000, ttlMilliseconds: 5_000)  // insertion 4, replaces; A, C
        #expect(cache.lookup("A", at: 45_999) == .fresh(10, ageMilliseconds: 4_999))  // hit 3
        #expect(cache.lookup("A", at: 46_000) == .expired(10, ageMilliseconds: 5_000))  // miss 4, expired 2
        #expect(cache.lookup("C", at: 50_000) == .fresh(3, ageMilliseconds: 19_000))  // hit 4; C, A
        cache.insert(4, for: "D", at: 50_000)  // insertion 5, evicts A; D, C
        #expect(cache.keysByRecency == ["D", "C"])

        var expected = CacheCounters()
        (expected.hits, expected.misses, expected.expired) = (4, 4, 2)
        (expected.staleServed, expected.evicted, expected.insertions) = (1, 2, 5)
        #expect(cache.counters == expected)
        #expect(cache.counters.hitRatio == 0.5)
        #expect(cache.count == 2)
    }

    @Test("property: LRU order and size match a naive model over random operations")
    func matchesNaiveModel() {
        var generator = SplitMix64(seed: 7)
        var cache = TTLCache<Int, Int>(capacity: 5, defaultTTLMilliseconds: 1_000)
        var model: [(key: Int, value: Int)] = []  // most recent first
        for step in 0..<5_000 {
            let key = Int(generator.next() % 9)
            if generator.next() % 2 == 0 {
                cache.insert(step, for: key, at: Int64(step))
                model.removeAll { $0.key == key }
                model.insert((key, step), at: 0)
                if model.count > 5 { model.removeLast() }
            } else {
                let found = cache.lookup(key, at: Int64(step))
                if let index = model.firstIndex(where: { $0.key == key }) {
                    let entry = model.remove(at: index)
                    model.insert(entry, at: 0)
                    let age = Int64(step - entry.value)
                    let expected: CacheLookup<Int> =
                        age < 1_000
                        ? .fresh(entry.value, ageMilliseconds: age)
                        : .expired(entry.value, ageMilliseconds: age)
                    #expect(found == expected, "step \(step)")
                } else {
                    #expect(found == .missing, "step \(step)")
                }
            }
            #expect(cache.keysByRecency == model.map(\.key), "step \(step)")
        }
        #expect(cache.counters.lookups + cache.counters.insertions == 5_000)
    }

    @Test("counters add up across caches; no lookups means no ratio")
    func counterArithmetic() {
        var one = CacheCounters()
        one.hits = 3
        one.misses = 1
        var two = CacheCounters()
        two.misses = 4
        two.evicted = 2
        #expect((one + two).hitRatio == 3.0 / 8.0)
        #expect((one + two).evicted == 2)
        #expect(CacheCounters().hitRatio == nil)
    }

    @Test("ages read like the app's 'last updated' line")
    func ageText() {
        #expect(AgeText.lastUpdated(ageMilliseconds: -5) == "last updated just now")
        #expect(AgeText.lastUpdated(ageMilliseconds: 59_999) == "last updated just now")
        #expect(AgeText.lastUpdated(ageMilliseconds: 60_000) == "last updated 1 minute ago")
        #expect(AgeText.lastUpdated(ageMilliseconds: 299_000) == "last updated 4 minutes ago")
        #expect(AgeText.lastUpdated(ageMilliseconds: 7_200_000) == "last updated 2 hours ago")
        #expect(AgeText.lastUpdated(ageMilliseconds: 86_400_000) == "last updated 1 day ago")
    }
}

@Suite("Chart cache")
struct ChartCacheTests {
    let series = TimeSeries(timestamps: [1, 2, 3], values: [10, 11, 12])

    @Test("processed points: the app's key, each range's TTL from the profile")
    func processedKeysAndTTL() {
        var cache = ChartCache(profile: .bitpal)
        #expect(cache.key(coinId: "bitcoin", type: .line, range: .oneDay) == "bitcoin-line-1D")
        #expect(cache.ttlMilliseconds(for: .oneHour) == 60_000)
        #expect(cache.ttlMilliseconds(for: .sixMonths) == 3_600_000)
        cache.store(.line(series), coinId: "bitcoin", type: .line, range: .oneHour, at: 0)
        #expect(cache.lookup(coinId: "bitcoin", type: .line, range: .oneHour, at: 59_999).isHit)
        #expect(!cache.lookup(coinId: "bitcoin", type: .line, range: .oneDay, at: 1).isHit)
        #expect(
            cache.lookup(coinId: "bitcoin", type: .line, range: .oneHour, at: 60_000)
                == .expired(.line(series), ageMilliseconds: 60_000))
        #expect(!cache.lookup(coinId: "bitcoin", type: .candle, range: .oneHour, at: 2).isHit)
        #expect(cache.counters.hits == 1 && cache.counters.misses == 3 && cache.counters.expired == 1)
    }

    @Test("raw responses are shared by ranges asking for the same days, with the shortest TTL")
    func rawSharing() {
        var cache = ChartCache(profile: .spec, content: .rawResponse)
        #expect(cache.key(coinId: "bitcoin", type: .line, range: .oneHour) == "bitcoin-line-days1")
        #expect(cache.key(coinId: "bitcoin", type: .line, range: .oneDay) == "bitcoin-line-days1")
        #expect(cache.ttlMilliseconds(for: .oneDay) == 60_000)
        #expect(cache.ttlMilliseconds(for: .oneWeek) == 900_000)
        cache.store(.rawResponse([1, 2, 3]), coinId: "bitcoin", type: .line, range: .oneDay, at: 0)
        #expect(cache.lookup(coinId: "bitcoin", type: .line, range: .fourHours, at: 30_000).isHit)
    }

    @Test("stale-if-error serves the last chart with its age")
    func staleIfError() {
        var cache = ChartCache(profile: .bitpal)
        cache.store(.line(series), coinId: "bitcoin", type: .line, range: .oneDay, at: 0)
        #expect(!cache.lookup(coinId: "bitcoin", type: .line, range: .oneDay, at: 600_000).isHit)
        let stale = cache.serveStale(coinId: "bitcoin", type: .line, range: .oneDay, at: 600_000)
        #expect(stale?.value == .line(series))
        #expect(stale?.lastUpdatedText == "last updated 10 minutes ago")
        #expect(cache.counters.staleServed == 1)
        #expect(cache.serveStale(coinId: "ethereum", type: .line, range: .oneDay, at: 600_000) == nil)
    }
}
