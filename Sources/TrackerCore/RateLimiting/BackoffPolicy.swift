import WorkbenchFoundation

/// What a limiter does after a 429.
public enum BackoffPolicy: Sendable, Equatable {
    /// Nothing (the app: no 429 handling; its screens retry on their own 30 s timer).
    case none
    /// Wait what `Retry-After` asks, nothing more.
    case retryAfter
    /// Exponential backoff with seeded jitter, never shorter than `Retry-After`.
    case exponential(ExponentialBackoff)
}

/// The state of a limiter's backoff: consecutive 429s and the time it is blocked until.
struct BackoffState: Sendable, Equatable {
    let policy: BackoffPolicy
    private(set) var consecutiveRateLimits = 0
    private(set) var blockedUntil: Int64 = .min
    private var jitter: SplitMix64

    init(policy: BackoffPolicy) {
        self.policy = policy
        if case .exponential(let backoff) = policy {
            jitter = SplitMix64(seed: backoff.seed)
        } else {
            jitter = SplitMix64(seed: 0)
        }
    }

    /// Updates the state with a response's status and `Retry-After` delay.
    mutating func record(status: Int, retryAfterMilliseconds: Int64?, at time: Int64) {
        if (200..<300).contains(status) { consecutiveRateLimits = 0 }
        guard status == 429 else { return }
        consecutiveRateLimits += 1
        let delay: Int64
        switch policy {
        case .none:
            return
        case .retryAfter:
            delay = retryAfterMilliseconds ?? 0
        case .exponential(let backoff):
            let base = Double(backoff.baseDelay(attempt: consecutiveRateLimits))
            let jittered = Int64((base * (1 - backoff.jitter * jitter.nextUnitInterval())).rounded())
            delay = max(jittered, retryAfterMilliseconds ?? 0)
        }
        blockedUntil = max(blockedUntil, time + delay)
    }
}
