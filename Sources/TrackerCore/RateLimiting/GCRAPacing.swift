/// Token bucket as the Generic Cell Rate Algorithm (ITU-T I.371; J. Turner's leaky bucket as a
/// meter): bursts of up to `burst` requests, then one per emission interval.
///
/// State is one number, the theoretical arrival time `tat`. A request asked at `now` may go at
/// `max(now, tat - tolerance)` with `tolerance = (burst - 1) × interval`; then `tat` moves to
/// `max(tat, slot) + interval`. Slots are reserved when asked.
///
/// To keep *any* 60 s window within a plan's limit L while allowing bursts of b, the emission
/// interval is `ceil(60 s / (L - b + 1))`: a burst of b at t plus one request per interval until
/// t + 60 s is `b + (L - b) = L`. ``init(plan:burst:)`` derives it that way.
public struct GCRAPacing: PacingPolicy, Equatable {
    /// The sustained spacing, ms.
    public let emissionIntervalMilliseconds: Int64
    /// The largest burst.
    public let burst: Int
    private var theoreticalArrival: Int64?

    /// Creates the policy with an explicit interval.
    ///
    /// - Parameters:
    ///   - emissionIntervalMilliseconds: The sustained spacing, > 0.
    ///   - burst: The largest burst, >= 1.
    public init(emissionIntervalMilliseconds: Int64, burst: Int) {
        precondition(
            emissionIntervalMilliseconds > 0 && burst >= 1, "GCRA needs a positive interval and burst")
        self.emissionIntervalMilliseconds = emissionIntervalMilliseconds
        self.burst = burst
    }

    /// Creates the policy that never exceeds the plan in any 60 s window.
    ///
    /// - Parameters:
    ///   - plan: The plan.
    ///   - burst: The largest burst, clamped to `1...plan.requestsPerMinute`.
    public init(plan: RateLimitPlan, burst: Int) {
        let burst = min(max(burst, 1), plan.requestsPerMinute)
        let sustained = Int64(plan.requestsPerMinute - burst + 1)
        self.init(
            emissionIntervalMilliseconds: (RateLimitWindow.milliseconds + sustained - 1) / sustained,
            burst: burst
        )
    }

    /// The earliest conforming time; the slot is reserved.
    public mutating func slot(askedAt now: Int64) -> Int64 {
        let tolerance = Int64(burst - 1) * emissionIntervalMilliseconds
        let tat = theoreticalArrival ?? now
        let slot = max(now, tat - tolerance)
        theoreticalArrival = max(tat, slot) + emissionIntervalMilliseconds
        return slot
    }

    /// Nothing to do: the slot was reserved when asked.
    public mutating func recordSend(at time: Int64) {}
}
