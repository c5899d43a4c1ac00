import WorkbenchMetrics

/// One cache's lookups (`cache.<name>.*`) or, for the total, all caches' together (`cache.*`).
public struct CacheMetrics: Sendable, Equatable {
    /// Lookups that found a fresh value.
    public var hits = 0
    /// Lookups that did not.
    public var misses = 0
    /// Stale values served after a failure.
    public var staleServed = 0
    /// Hits that Belady's optimum bound allows on the same trace (``BeladyOptimum``).
    public var optimumHits = 0

    /// Creates a cache's counts.
    public init(hits: Int = 0, misses: Int = 0, staleServed: Int = 0, optimumHits: Int = 0) {
        self.hits = hits
        self.misses = misses
        self.staleServed = staleServed
        self.optimumHits = optimumHits
    }

    /// Hits over lookups; nil without lookups.
    public var hitRatio: Double? { lookups > 0 ? Double(hits) / Double(lookups) : nil }
    /// The optimum's hits over lookups, an upper bound on ``hitRatio``; nil without lookups.
    public var optimumHitRatio: Double? { lookups > 0 ? Double(optimumHits) / Double(lookups) : nil }
    /// Hits and misses.
    public var lookups: Int { hits + misses }

    /// One cache's metrics under their leaf names.
    var metrics: [Metric] {
        [.count("hits", hits, .higher), .count("misses", misses, .lower)] + totalMetrics
    }

    /// The metrics the total shows (its hits and misses are the caches' sum, left out).
    var totalMetrics: [Metric] {
        var metrics: [Metric] = [.count("stale_served", staleServed, .lower)]
        metrics.append("hit_ratio", hitRatio, .ratio, .higher)
        metrics.append("opt_hit_ratio", optimumHitRatio, .ratio)
        return metrics
    }

    /// The sum of two caches' counts.
    static func + (lhs: CacheMetrics, rhs: CacheMetrics) -> CacheMetrics {
        CacheMetrics(
            hits: lhs.hits + rhs.hits, misses: lhs.misses + rhs.misses,
            staleServed: lhs.staleServed + rhs.staleServed, optimumHits: lhs.optimumHits + rhs.optimumHits)
    }
}
