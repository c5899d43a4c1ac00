import TrackerCore

/// How the simulated CoinGecko behaves: its plan, caching and latency.
public struct ServerBehaviour: Sendable, Equatable {
    /// The plan whose per-minute limit the server enforces.
    public var plan: RateLimitPlan
    /// How long the CDN serves a cached response, ms (CoinGecko: `max-age=30`).
    public var cacheMaxAgeMilliseconds: Int64
    /// How long OHLC responses are cached, ms (CoinGecko refreshes OHLC every 15 minutes).
    public var ohlcCacheMilliseconds: Int64
    /// How long `/simple/price` responses are cached, ms (CoinGecko: every 60 s on the free and
    /// demo API, 20-30 s on paid plans; `datasets/coingecko/MANIFEST.md`).
    public var simplePriceCacheMilliseconds: Int64
    /// The median response latency, ms.
    public var medianLatencyMilliseconds: Double
    /// The log-normal shape of the latency (sigma of its logarithm).
    public var latencySigma: Double
    /// The longest request URI the CDN passes on, bytes (the API root `/api/v3`, the path and
    /// the query); a longer one is refused `414` (``ServerOutcome/uriTooLong``).
    ///
    /// CoinGecko publishes no limit of its own. Its CDN is Cloudflare (CoinGecko's "Common
    /// Errors" page lists `1020 Access Denied`, Cloudflare's firewall error), and Cloudflare
    /// documents a `414` "if the URI length exceeds 32KB"
    /// (developers.cloudflare.com, HTTP status codes, Error 414): 32,768 by default.
    public var maxURIBytes = ServerBehaviour.cloudflareMaxURIBytes
    /// The faults.
    public var faults: ServerFaults
    /// Plans per API key (`workbench serve`), or nil for one window under ``plan`` shared by
    /// every request (the runs: the app has one key).
    public var keyPlans: KeyPlans?

    /// Creates a behaviour.
    ///
    /// - Parameters:
    ///   - plan: The plan enforced.
    ///   - cacheMaxAgeMilliseconds: The CDN cache age (30 s by default).
    ///   - ohlcCacheMilliseconds: OHLC cache age (15 min by default).
    ///   - simplePriceCacheMilliseconds: `/simple/price` cache age (by default 60 s, or 30 s on a
    ///     paid `pro-` plan).
    ///   - medianLatencyMilliseconds: Median latency (150 ms by default).
    ///   - latencySigma: Log-normal sigma (0.5 by default).
    ///   - faults: Faults (none by default).
    public init(
        plan: RateLimitPlan, cacheMaxAgeMilliseconds: Int64 = 30_000, ohlcCacheMilliseconds: Int64 = 900_000,
        simplePriceCacheMilliseconds: Int64? = nil, medianLatencyMilliseconds: Double = 150,
        latencySigma: Double = 0.5, faults: ServerFaults = .none
    ) {
        self.plan = plan
        self.cacheMaxAgeMilliseconds = cacheMaxAgeMilliseconds
        self.ohlcCacheMilliseconds = ohlcCacheMilliseconds
        self.simplePriceCacheMilliseconds =
            simplePriceCacheMilliseconds ?? (plan.tier == .pro ? 30_000 : 60_000)
        self.medianLatencyMilliseconds = medianLatencyMilliseconds
        self.latencySigma = latencySigma
        self.faults = faults
        self.keyPlans = nil
    }

    /// Cloudflare's documented URI limit, bytes (``maxURIBytes``).
    public static let cloudflareMaxURIBytes = 32_768

    /// The API root the app's URIs start with (`https://api.coingecko.com/api/v3`), whose path
    /// counts toward ``maxURIBytes``.
    public static let apiRootPath = "/api/v3"

    /// Whether the CDN refuses a request target (below the API root) as too long.
    ///
    /// - Parameter target: The path and percent-encoded query.
    public func refusesURI(_ target: String) -> Bool {
        Self.apiRootPath.utf8.count + target.utf8.count > maxURIBytes
    }

    /// Lifts every per-minute limit (load tests); storms and outages still apply.
    public mutating func removeLimits() {
        plan.requestsPerMinute = .max
        keyPlans?.keyless.requestsPerMinute = .max
        keyPlans?.demo.requestsPerMinute = .max
        keyPlans?.pro.requestsPerMinute = .max
    }

    /// How long the server caches a response to this endpoint, ms.
    ///
    /// - Parameter endpoint: The endpoint.
    public func cacheMilliseconds(for endpoint: CoinGeckoEndpoint?) -> Int64 {
        switch endpoint {
        case .ohlc: ohlcCacheMilliseconds
        case .simplePrice: simplePriceCacheMilliseconds
        default: cacheMaxAgeMilliseconds
        }
    }

    /// The longest time any response stays cached, ms.
    public var longestCacheMilliseconds: Int64 {
        max(cacheMaxAgeMilliseconds, ohlcCacheMilliseconds, simplePriceCacheMilliseconds)
    }
}
