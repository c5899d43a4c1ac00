import WorkbenchMetrics

/// The age of what was on screen, over visible time (`freshness.*`, ``ScreenFreshness``).
public struct AgeMetrics: Sendable, Equatable {
    /// The median age, seconds.
    public var p50Seconds: Double
    /// The 95th percentile, seconds.
    public var p95Seconds: Double
    /// The oldest, seconds.
    public var maxSeconds: Double
    /// The share of visible time older than 60 s.
    public var shareOver60s: Double
    /// The share of visible time older than 5 minutes.
    public var shareOver5m: Double
    /// The visible time the figures are over, seconds.
    public var visibleSeconds: Double

    /// Creates figures from their values.
    init(
        p50Seconds: Double, p95Seconds: Double, maxSeconds: Double, shareOver60s: Double, shareOver5m: Double,
        visibleSeconds: Double
    ) {
        self.p50Seconds = p50Seconds
        self.p95Seconds = p95Seconds
        self.maxSeconds = maxSeconds
        self.shareOver60s = shareOver60s
        self.shareOver5m = shareOver5m
        self.visibleSeconds = visibleSeconds
    }

    /// The figures of an age distribution, seconds; nil when nothing was visible.
    init?(_ ages: TimeWeightedAges) {
        guard !ages.isEmpty, let p50 = ages.percentile(0.5), let p95 = ages.percentile(0.95),
            let over60 = ages.share(olderThan: 60_000), let over5m = ages.share(olderThan: 300_000)
        else { return nil }
        p50Seconds = p50 / 1000
        p95Seconds = p95 / 1000
        maxSeconds = Double(ages.maximum) / 1000
        shareOver60s = over60
        shareOver5m = over5m
        visibleSeconds = ages.totalWeight / 1000
    }

    var metrics: [Metric] {
        [
            Metric("p50_age_s", p50Seconds, .seconds, .lower),
            Metric("p95_age_s", p95Seconds, .seconds, .lower),
            Metric("max_age_s", maxSeconds, .seconds, .lower),
            Metric("share_over_60s", shareOver60s, .ratio, .lower),
            Metric("share_over_5m", shareOver5m, .ratio, .lower),
            Metric("visible_s", visibleSeconds, .seconds),
        ]
    }
}
