/// The named rate-limit policies a run can select (DESIGN.md, "The app as built, the spec, and
/// better policies").
public enum RateLimitPolicy: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The app's limiter: 1.2 s from the last send, not reserved (``BitpalPacing``).
    case bitpal
    /// Serialised minimum interval of `ceil(60 s / limit)` (``SpacingPacing``).
    case spacing
    /// GCRA token bucket with bursts, compliant in any 60 s window (``GCRAPacing``).
    case tokenBucket(burst: Int)
    /// Exact sliding-window log (``SlidingWindowPacing``).
    case slidingWindow

    /// The policy names, as scenarios and the CLI spell them.
    public static let names = ["bitpal", "spacing", "token-bucket", "sliding-window"]

    /// A policy by name; `token-bucket` takes `burst`.
    ///
    /// - Parameters:
    ///   - name: One of ``names``.
    ///   - burst: The token bucket's burst (5 by default).
    public init?(name: String, burst: Int = 5) {
        switch name {
        case "bitpal": self = .bitpal
        case "spacing": self = .spacing
        case "token-bucket": self = .tokenBucket(burst: burst)
        case "sliding-window": self = .slidingWindow
        default: return nil
        }
    }

    /// The name as scenarios spell it.
    public var name: String {
        switch self {
        case .bitpal: "bitpal"
        case .spacing: "spacing"
        case .tokenBucket: "token-bucket"
        case .slidingWindow: "sliding-window"
        }
    }

    /// `token-bucket(burst 5)`, or the bare name.
    public var description: String {
        if case .tokenBucket(let burst) = self { return "token-bucket(burst \(burst))" }
        return name
    }

    /// Whether the policy reserves a slot when asked (all but the app's).
    public var reservesSlots: Bool { self != .bitpal }

    /// The pacing state machine for a plan. The app's limiter ignores the plan (1.2 s fixed).
    ///
    /// - Parameter plan: The plan to stay within.
    public func pacing(for plan: RateLimitPlan) -> any PacingPolicy {
        switch self {
        case .bitpal: BitpalPacing()
        case .spacing: SpacingPacing(intervalMilliseconds: plan.spacingMilliseconds)
        case .tokenBucket(let burst): GCRAPacing(plan: plan, burst: burst)
        case .slidingWindow: SlidingWindowPacing(limit: plan.requestsPerMinute)
        }
    }
}
