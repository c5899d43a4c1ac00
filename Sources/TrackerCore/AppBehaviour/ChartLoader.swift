/// A chart load through the chart cache, as a clock-free value: the decisions of
/// Pointwelve/Bitpal-iOS `Bitpal-v2/Bitpal/Features/CoinDetail/ViewModels/CoinDetailViewModel.swift`,
/// `loadLineChartData(forRange:)` and `loadCandleChartData(forRange:)`: look the chart up
/// (`loadLineFromCache(range:)`; fresh while `CachedChartData.isExpired` is false), draw a fresh
/// entry, otherwise request the range's `days`; store what arrives. After a failed request the
/// app draws nothing new (the previous chart stays); the design documents' stale-if-error draws
/// the expired entry instead.
public struct ChartLoader: Sendable {
    /// What a load does.
    public enum Outcome: Sendable {
        /// Draw this fresh cache entry.
        case draw(ChartCache.Payload)
        /// Send this request; report the answer with ``store(_:coinId:type:range:at:)`` or
        /// ``failed(coinId:type:range:at:)``.
        case request(HTTPRequest)
    }

    /// What a failed request leaves on screen.
    public enum Failure: Sendable {
        /// The expired entry, drawn (stale-if-error), with its age.
        case drawStale(ChartCache.Payload, ageMilliseconds: Int64)
        /// Nothing new: the chart failed.
        case failed
    }

    /// The cache.
    public private(set) var cache: ChartCache
    /// Whether a failed refresh draws the expired entry.
    public let staleIfError: Bool
    private let requests: CoinGeckoRequests

    /// Creates a loader.
    ///
    /// - Parameters:
    ///   - cache: The chart cache (its profile gives the ranges, their `days` and TTLs).
    ///   - staleIfError: Whether a failed refresh draws the expired entry.
    ///   - requests: The request builder.
    public init(cache: ChartCache, staleIfError: Bool, requests: CoinGeckoRequests) {
        self.cache = cache
        self.staleIfError = staleIfError
        self.requests = requests
    }

    /// The range a type actually loads for a range asked for (the closest it offers).
    ///
    /// - Parameters:
    ///   - range: The range asked for.
    ///   - type: Line or candle.
    public func resolvedRange(_ range: ChartTimeRange, for type: ChartType) -> ChartTimeRange {
        cache.profile.closestAvailableRange(to: range, for: type)
    }

    /// Puts back the chart cache a store kept (``ChartCache/restore(_:)``).
    ///
    /// - Parameter charts: The stored entries, least recently used first.
    public mutating func restore(_ charts: [AppStorage.StoredChart]) { cache.restore(charts) }

    /// Loads a chart: a fresh entry is drawn, anything else is requested.
    ///
    /// - Parameters:
    ///   - coinId: The coin.
    ///   - type: Line or candle.
    ///   - range: The range, already resolved (``resolvedRange(_:for:)``).
    ///   - now: The time.
    /// - Returns: What to do, and whether the cache hit.
    public mutating func load(coinId: String, type: ChartType, range: ChartTimeRange, at now: Int64)
        -> (outcome: Outcome, hit: Bool)
    {
        let lookup = cache.lookup(coinId: coinId, type: type, range: range, at: now)
        if let payload = lookup.freshValue { return (.draw(payload), true) }
        let days = String(cache.profile.settings[range]?.apiDays ?? 1)
        let request =
            type == .line
            ? requests.marketChart(id: coinId, days: days) : requests.ohlc(id: coinId, days: days)
        return (.request(request), false)
    }

    /// The requested chart arrived: it is stored with its range's TTL.
    ///
    /// - Parameters:
    ///   - payload: What the cache holds (points or the raw response).
    ///   - coinId: The coin.
    ///   - type: Line or candle.
    ///   - range: The range.
    ///   - now: The arrival time.
    public mutating func store(
        _ payload: ChartCache.Payload, coinId: String, type: ChartType, range: ChartTimeRange, at now: Int64
    ) {
        cache.store(payload, coinId: coinId, type: type, range: range, at: now)
    }

    /// The request failed.
    ///
    /// - Parameters:
    ///   - coinId: The coin.
    ///   - type: Line or candle.
    ///   - range: The range.
    ///   - now: The time.
    /// - Returns: The expired entry to draw (stale-if-error, when there is one), or a failure.
    public mutating func failed(coinId: String, type: ChartType, range: ChartTimeRange, at now: Int64)
        -> Failure
    {
        guard staleIfError, let stale = cache.serveStale(coinId: coinId, type: type, range: range, at: now)
        else {
            return .failed
        }
        return .drawStale(stale.value, ageMilliseconds: stale.ageMilliseconds)
    }
}
