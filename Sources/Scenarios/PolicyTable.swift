import TrackerCore
import WorkbenchFoundation

/// One key of a scenario's `policies:` mapping: how it is read into ``AppPolicies`` and how a
/// policy is written back as the value a scenario would give.
///
/// ``PolicyTable/keys`` is the one list: the parser allows and reads exactly these keys, and
/// `result.json`'s settings list exactly these, so a new policy cannot be parsed and left
/// unreported.
public struct PolicyKey: Sendable {
    /// The key as a scenario writes it (`market_cache_ttl`).
    public let name: String
    /// The policy's value, as a scenario would write it (`30s`).
    public let value: @Sendable (AppPolicies) -> String
    /// Reads the key's value into the policies.
    let read: @Sendable (NodeReader, inout AppPolicies, _ burst: Int) throws(ScenarioError) -> Void

    init(
        _ name: String, value: @escaping @Sendable (AppPolicies) -> String,
        read: @escaping @Sendable (NodeReader, inout AppPolicies, Int) throws(ScenarioError) -> Void
    ) {
        self.name = name
        self.value = value
        self.read = read
    }

    /// A key whose values are a finite set of named choices.
    static func choice<Value: Equatable & Sendable>(
        _ name: String, _ keyPath: WritableKeyPath<AppPolicies, Value> & Sendable,
        _ choices: [(String, Value)]
    ) -> PolicyKey {
        PolicyKey(
            name,
            value: { policies in
                choices.first { $0.1 == policies[keyPath: keyPath] }?.0 ?? "\(policies[keyPath: keyPath])"
            },
            read: { reader, policies, _ throws(ScenarioError) in
                policies[keyPath: keyPath] = try reader.choice(choices)
            })
    }

    /// A key whose values are a raw-value enumeration's cases.
    static func cases<Value: RawRepresentable & CaseIterable & Equatable & Sendable>(
        _ name: String, _ keyPath: WritableKeyPath<AppPolicies, Value> & Sendable
    ) -> PolicyKey where Value.RawValue == String {
        choice(name, keyPath, Value.allCases.map { ($0.rawValue, $0) })
    }

    /// A duration in milliseconds.
    static func duration(
        _ name: String, _ keyPath: WritableKeyPath<AppPolicies, Int64> & Sendable, allowZero: Bool = false
    ) -> PolicyKey {
        PolicyKey(
            name, value: { DurationText.text(milliseconds: $0[keyPath: keyPath]) },
            read: { reader, policies, _ throws(ScenarioError) in
                policies[keyPath: keyPath] = try reader.duration(allowZero: allowZero)
            })
    }
}

/// Every `policies:` key but `preset` (which picks the values the others replace) and `burst`
/// (the token bucket's size, part of `limiter`'s value).
public enum PolicyTable {
    /// The keys, in the order reports list them.
    public static let keys: [PolicyKey] = [
        PolicyKey(
            "limiter", value: { $0.limiter.description },
            read: { reader, policies, burst throws(ScenarioError) in
                policies.limiter = try reader.choice(
                    RateLimitPolicy.names.map { ($0, RateLimitPolicy(name: $0, burst: burst)!) })
            }),
        PolicyKey(
            "backoff", value: { backoffName($0.backoff) },
            read: { reader, policies, _ throws(ScenarioError) in
                policies.backoff = try reader.choice([
                    ("none", BackoffPolicy.none), ("retry-after", .retryAfter),
                    // The jitter seed is derived from the run's root seed when the run starts.
                    ("exponential", .exponential(ExponentialBackoff(seed: 0))),
                ])
            }),
        .choice("range_profile", \.rangeProfile, ChartRangeProfile.builtIn.map { ($0.name, $0) }),
        .cases("filter", \.filter),
        .cases("downsampler", \.downsampler),
        .cases("candles", \.candles),
        .choice("chart_cache", \.chartCacheContent, ChartCache.Content.allCases.map { ($0.rawValue, $0) }),
        PolicyKey(
            "chart_cache_capacity",
            value: {
                ($0.chartCacheCapacity == .max ? "unbounded" : "\($0.chartCacheCapacity)")
                    + ($0.chartCacheFreshAtTTL ? ", fresh at its TTL" : "")
            },
            read: { reader, policies, _ throws(ScenarioError) in
                policies.chartCacheCapacity = try reader.integer(in: 1...100_000)
            }),
        .choice("stale_if_error", \.staleIfError, [("true", true), ("false", false)]),
        .duration("refresh_interval", \.refreshIntervalMilliseconds),
        .duration("market_cache_ttl", \.marketCacheTTLMilliseconds, allowZero: true),
        .cases("refresh_source", \.refreshSource),
        .choice(
            "markets_paging", \.marketsPaging,
            [("server-default", .serverDefault), ("batch-size", .batchSize)]),
        .duration("timeout", \.timeoutMilliseconds),
        .cases("cost_method", \.costMethod),
        .cases("refresh_schedule", \.refreshSchedule),
        .cases("market_cache_rule", \.marketCacheRule),
        .cases("detail_load", \.detailLoadOrder),
        .cases("candle_sampling", \.candleSampling),
        PolicyKey(
            "markets_max_url",
            value: { $0.maxMarketsTargetLength == .max ? "never split" : "\($0.maxMarketsTargetLength)" },
            read: { reader, policies, _ throws(ScenarioError) in
                policies.maxMarketsTargetLength = try reader.integer(in: 200...100_000_000)
            }),
        .cases("missing_rows", \.missingRows),
        .cases("widget", \.widget),
        .cases("chart_rows", \.chartRows),
        .cases("http_cache", \.httpCache),
    ]

    /// Every key a scenario's `policies:` may hold.
    static var allowedKeys: [String] { ["preset", "burst"] + keys.map(\.name) }

    private static func backoffName(_ backoff: BackoffPolicy) -> String {
        switch backoff {
        case .none: "none"
        case .retryAfter: "retry-after"
        case .exponential: "exponential"
        }
    }
}
