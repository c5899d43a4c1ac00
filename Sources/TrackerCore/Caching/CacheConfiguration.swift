/// How one of the app's caches is set up: TTL, capacity, and whether a failed refresh may serve
/// the expired value.
public struct CacheConfiguration: Sendable, Equatable, Hashable {
    /// The TTL, ms.
    public var ttlMilliseconds: Int64
    /// The most entries.
    public var capacity: Int
    /// Whether an expired value is served when its refresh fails (stale-if-error).
    public var staleIfError: Bool

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - ttlMilliseconds: The TTL.
    ///   - capacity: The most entries, at least 1.
    ///   - staleIfError: Whether to serve stale values on failure.
    public init(ttlMilliseconds: Int64, capacity: Int, staleIfError: Bool) {
        self.ttlMilliseconds = ttlMilliseconds
        self.capacity = capacity
        self.staleIfError = staleIfError
    }

    /// The app's market-data cache: 30 s. The app keeps every coin it has seen and does not fall
    /// back to stale rows (a failed refresh shows an error), so capacity is generous and
    /// stale-if-error is off.
    public static let bitpalMarketData = CacheConfiguration(
        ttlMilliseconds: 30_000, capacity: 1_000, staleIfError: false)

    /// The app's `/coins/list` cache: one entry, 7 days.
    public static let bitpalCoinList = CacheConfiguration(
        ttlMilliseconds: 7 * 86_400_000,
        capacity: 1,
        staleIfError: false
    )

    /// A cache built from this configuration.
    public func makeCache<Key: Hashable & Sendable, Value: Sendable>(
        of _: Value.Type = Value.self,
        keyedBy _: Key.Type = Key.self
    ) -> TTLCache<Key, Value> {
        TTLCache(capacity: capacity, defaultTTLMilliseconds: ttlMilliseconds)
    }
}
