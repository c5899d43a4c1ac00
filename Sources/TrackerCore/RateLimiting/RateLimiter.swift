/// A rate limiter: a pacing policy plus backoff after 429s, as one synchronous state machine.
///
/// Usage, by the async shell (``AsyncRateLimiter``) or the simulator's event loop alike:
/// 1. `let at = limiter.slot(askedAt: now)`: the time the request may go;
/// 2. wait until `at`, then ask ``recheck(at:)``: a 429 that arrived while waiting may have
///    started a backoff, and then it gives a new time to wait for (repeat);
/// 3. `limiter.recordSend(at: sendTime)` when it goes;
/// 4. `limiter.recordResponse(status:retryAfterMilliseconds:at:)` when the answer arrives.
/// Time is always an argument; the limiter never reads a clock.
public struct RateLimiter: Sendable {
    /// The pacing policy.
    public let policy: RateLimitPolicy
    /// The plan it paces for.
    public let plan: RateLimitPlan
    private var pacing: any PacingPolicy
    private var backoff: BackoffState

    /// Creates a limiter.
    ///
    /// - Parameters:
    ///   - policy: The pacing policy.
    ///   - plan: The plan to pace for.
    ///   - backoff: What to do after a 429.
    public init(policy: RateLimitPolicy, plan: RateLimitPlan, backoff: BackoffPolicy = .none) {
        self.policy = policy
        self.plan = plan
        self.pacing = policy.pacing(for: plan)
        self.backoff = BackoffState(policy: backoff)
    }

    /// The time before which backoff holds every request, or nil when not backing off at `now`.
    ///
    /// - Parameter now: The current time.
    public func blockedUntil(at now: Int64) -> Int64? {
        backoff.blockedUntil > now ? backoff.blockedUntil : nil
    }

    /// The time a request asked for at `now` may be sent: after any backoff, at the policy's slot.
    ///
    /// - Parameter now: The time of asking, epoch ms.
    /// - Returns: The send time, `>= now`.
    public mutating func slot(askedAt now: Int64) -> Int64 {
        pacing.slot(askedAt: max(now, backoff.blockedUntil))
    }

    /// Checks, when a waiting caller wakes at its slot, whether a backoff began meanwhile.
    ///
    /// - Parameter now: The wake time.
    /// - Returns: nil when the request may go now; otherwise a new slot, reserved after the
    ///   backoff (the old reservation is given up, which only ever sends less).
    public mutating func recheck(at now: Int64) -> Int64? {
        guard backoff.blockedUntil > now else { return nil }
        return pacing.slot(askedAt: backoff.blockedUntil)
    }

    /// The process ended: the limiter lived in memory, so the next process starts it afresh
    /// (no last request, no backoff).
    public mutating func processEnded() {
        pacing = policy.pacing(for: plan)
        backoff = BackoffState(policy: backoff.policy)
    }

    /// Records that a request went out.
    ///
    /// - Parameter time: The send time.
    public mutating func recordSend(at time: Int64) {
        pacing.recordSend(at: time)
    }

    /// Records a response, for backoff.
    ///
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - retryAfterMilliseconds: The `Retry-After` delay, if the response had one.
    ///   - time: When the response arrived.
    public mutating func recordResponse(status: Int, retryAfterMilliseconds: Int64?, at time: Int64) {
        backoff.record(status: status, retryAfterMilliseconds: retryAfterMilliseconds, at: time)
    }
}
