import ConformanceCases
import TrackerCore

/// The chart cache rule: the workbench's side is `ChartCache` under the `bitpal` policies (its
/// key, its TTL per range, fresh at exactly the TTL).
enum WorkbenchChartCache {
    /// What the cache serves for a case.
    static func lookup(_ cache: CacheCase) -> CacheOutput {
        let policies = AppPolicies.bitpal
        guard let range = ChartTimeRange(rawValue: cache.range) else {
            return CacheOutput(key: "?", fresh: false)
        }
        var store = ChartCache(
            profile: policies.rangeProfile, content: policies.chartCacheContent,
            freshAtTTL: policies.chartCacheFreshAtTTL)
        let type: ChartType = cache.candles ? .candle : .line
        store.store(
            .line(TimeSeries(timestamps: [], values: [])), coinId: cache.coin, type: type, range: range,
            at: cache.storedAt)
        let fresh =
            store.lookup(coinId: cache.coin, type: type, range: range, at: cache.askedAt).freshValue != nil
        return CacheOutput(key: store.key(coinId: cache.coin, type: type, range: range), fresh: fresh)
    }

    /// Edges (asked at the TTL exactly and a millisecond either side, at once, long after, for
    /// every range and type, stored on a whole second and between seconds), then random times.
    static func cases(random: inout SplitMix, randomCount: Int) -> [CacheCase] {
        var cases: [CacheCase] = []
        for range in ChartTimeRange.allCases {
            let ttl = (AppPolicies.bitpal.rangeProfile.settings[range]?.cacheTTLSeconds ?? 60) * 1000
            for candles in [false, true] {
                for storedAt: Int64 in [1_764_000_000_000, 1_764_000_000_123, 1_764_000_000_999] {
                    for offset in [0, 1, ttl - 1, ttl, ttl + 1, 10 * ttl] {
                        cases.append(
                            CacheCase(
                                coin: "bitcoin", candles: candles, range: range.rawValue, storedAt: storedAt,
                                askedAt: storedAt + offset))
                    }
                }
            }
        }
        for _ in 0..<randomCount {
            let range = random.pick(ChartTimeRange.allCases)
            let ttl = (AppPolicies.bitpal.rangeProfile.settings[range]?.cacheTTLSeconds ?? 60) * 1000
            let storedAt = 1_700_000_000_000 + Int64(random.below(100_000_000_000))
            let offset =
                random.oneIn(2) ? ttl + Int64(random.below(5)) - 2 : Int64(random.below(Int(2 * ttl)))
            cases.append(
                CacheCase(
                    coin: random.pick(["bitcoin", "ethereum", "usd-coin"]), candles: random.oneIn(2),
                    range: range.rawValue, storedAt: storedAt, askedAt: storedAt + offset))
        }
        return cases
    }

    /// The rule.
    static func rule(app: @escaping (CacheCase) async -> CacheOutput, randomCount: Int) -> RuleCheck<
        CacheCase, CacheOutput
    > {
        RuleCheck(
            name: "chart-cache", cases: { cases(random: &$0, randomCount: randomCount) }, app: app,
            tracker: lookup,
            difference: { $0.difference(from: $1) }, shrink: \.shrunk)
    }
}
