/// The chart cache: keyed `"{coinId}-{line|candle}-{range}"` (the app's `CachedChartData` key),
/// each entry living as long as its range's TTL in the range profile.
///
/// It holds either what the app stores, the processed points of one range, or the raw response
/// of one request. Raw responses are keyed by the request (`bitcoin-line-days1`), so ranges that
/// ask CoinGecko for the same `days` (15M, 1H, 4H and 1D all ask for 1 day in the spec profile)
/// share one entry; a report compares the two.
public struct ChartCache: Sendable {
    /// What the cache holds.
    public enum Content: String, Sendable, Equatable, CaseIterable {
        /// Each range's filtered, downsampled points: the app (Pointwelve/Bitpal-iOS
        /// `Bitpal-v2/Bitpal/Features/CoinDetail/Models/CachedChartData.swift`, key
        /// `makeCacheKey(coinId:chartType:timeRange:)`, TTL `ChartTimeRange.cacheTTL`).
        case processedPoints = "processed"
        /// Each request's response body.
        case rawResponse = "raw"
    }

    /// A cached chart.
    public enum Payload: Sendable, Equatable {
        /// A line chart's points.
        case line(TimeSeries)
        /// A candle chart's candles.
        case candles(CandleSeries)
        /// A response body, as received.
        case rawResponse([UInt8])

        /// Whether it is a response body rather than points.
        public var isRawResponse: Bool {
            if case .rawResponse = self { return true }
            return false
        }
    }

    /// The range profile giving TTLs and API days.
    public let profile: ChartRangeProfile
    /// What the cache holds.
    public let content: Content
    /// The entries.
    public private(set) var storage: TTLCache<String, Payload>
    /// Whether an entry is still fresh when its age equals its TTL: the app's
    /// `CachedChartData.isExpired` is `expiresAt` earlier than the current date, so it is (`age <= ttl`).
    public let freshAtTTL: Bool

    /// Creates a cache.
    ///
    /// - Parameters:
    ///   - profile: The range profile.
    ///   - content: What to hold.
    ///   - capacity: The most entries (the app's SwiftData store has no bound: `Int.max`).
    ///   - freshAtTTL: Whether an entry exactly as old as its TTL is fresh (the app's rule).
    public init(
        profile: ChartRangeProfile, content: Content = .processedPoints, capacity: Int = 128,
        freshAtTTL: Bool = false
    ) {
        self.profile = profile
        self.content = content
        self.freshAtTTL = freshAtTTL
        let shortest = profile.settings.values.map(\.cacheTTLSeconds).min() ?? 60
        self.storage = TTLCache(capacity: capacity, defaultTTLMilliseconds: shortest * 1000)
    }

    /// The counters.
    public var counters: CacheCounters { storage.counters }

    /// What a store keeps of the cache (the app's `CachedChartData` rows): every entry, least
    /// recently used first.
    public var storedCharts: [AppStorage.StoredChart] {
        storage.entriesOldestFirst.map {
            AppStorage.StoredChart(
                key: $0.key, payload: $0.value, storedAt: $0.storedAt, ttlMilliseconds: $0.ttlMilliseconds)
        }
    }

    /// Puts back what a store kept, in its order: entries of the other content (a raw response in
    /// a cache of points, or the reverse) are left out, as the app would not read them.
    ///
    /// - Parameter charts: The stored entries, least recently used first.
    public mutating func restore(_ charts: [AppStorage.StoredChart]) {
        for chart in charts where chart.payload.isRawResponse == (content == .rawResponse) {
            storage.restore(
                chart.payload, for: chart.key, storedAt: chart.storedAt,
                ttlMilliseconds: chart.ttlMilliseconds)
        }
    }

    /// The key of a chart: the app's `bitcoin-line-1D` for processed points, the request's
    /// `bitcoin-line-days1` for raw responses.
    ///
    /// - Parameters:
    ///   - coinId: The coin.
    ///   - type: Line or candle.
    ///   - range: The range.
    public func key(coinId: String, type: ChartType, range: ChartTimeRange) -> String {
        switch content {
        case .processedPoints:
            return ChartRangeProfile.cacheKey(coinId: coinId, type: type, range: range)
        case .rawResponse:
            let days = profile.settings[range].map { String($0.apiDays) } ?? range.rawValue
            return "\(coinId)-\(type.rawValue)-days\(days)"
        }
    }

    /// The TTL of a range's entries, ms: the range's own for processed points; for a raw
    /// response, the shortest TTL among the ranges that share its request, so that no range ever
    /// sees data older than it allows.
    ///
    /// - Parameter range: The range.
    public func ttlMilliseconds(for range: ChartTimeRange) -> Int64 {
        guard let settings = profile.settings[range] else { return 60_000 }
        guard content == .rawResponse else { return settings.cacheTTLSeconds * 1000 }
        let sharing = profile.settings.values.filter { $0.apiDays == settings.apiDays }
        return (sharing.map(\.cacheTTLSeconds).min() ?? settings.cacheTTLSeconds) * 1000
    }

    /// Looks a chart up, counting a hit or miss.
    ///
    /// - Parameters:
    ///   - coinId: The coin.
    ///   - type: Line or candle.
    ///   - range: The range.
    ///   - now: The current time.
    public mutating func lookup(coinId: String, type: ChartType, range: ChartTimeRange, at now: Int64)
        -> CacheLookup<Payload>
    {
        storage.lookup(key(coinId: coinId, type: type, range: range), at: now)
    }

    /// Stores a chart with its range's TTL.
    ///
    /// - Parameters:
    ///   - payload: What to store (points or a response, per ``content``).
    ///   - coinId: The coin.
    ///   - type: Line or candle.
    ///   - range: The range.
    ///   - now: The storing time.
    public mutating func store(
        _ payload: Payload,
        coinId: String,
        type: ChartType,
        range: ChartTimeRange,
        at now: Int64
    ) {
        storage.insert(
            payload,
            for: key(coinId: coinId, type: type, range: range),
            at: now,
            ttlMilliseconds: storedTTLMilliseconds(for: range)
        )
    }

    /// The TTL an entry is stored with: a millisecond more when an entry is fresh at its TTL
    /// (times are whole milliseconds, so `age <= ttl` is `age < ttl + 1`). Key traces for
    /// Belady's optimum use it too.
    ///
    /// - Parameter range: The range.
    public func storedTTLMilliseconds(for range: ChartTimeRange) -> Int64 {
        ttlMilliseconds(for: range) + (freshAtTTL ? 1 : 0)
    }

    /// The last chart for a range whatever its age, counted as stale-served.
    ///
    /// - Parameters:
    ///   - coinId: The coin.
    ///   - type: Line or candle.
    ///   - range: The range.
    ///   - now: The current time.
    public mutating func serveStale(coinId: String, type: ChartType, range: ChartTimeRange, at now: Int64)
        -> StaleValue<Payload>?
    {
        storage.serveStale(key(coinId: coinId, type: type, range: range), at: now)
    }
}
