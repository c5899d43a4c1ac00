/// What a limiter does after a 429.
public enum BackoffPolicy: Sendable, Equatable {
    /// Nothing (the app: no 429 handling; its screens retry on their own 30 s timer).
    case none
    /// Wait what `Retry-After` asks, nothing more.
    case retryAfter
    /// Exponential backoff with seeded jitter, never shorter than `Retry-After`.
    case exponential(ExponentialBackoff)
}

/// Exponential backoff with jitter (AWS Architecture Blog, "Exponential Backoff and Jitter").
///
/// After the n-th consecutive 429 the limiter blocks for
/// `max(retryAfter, min(cap, initial × multiplier^(n-1)) × (1 - jitter × u))` with u uniform in
/// [0, 1) from a seeded SplitMix64 stream, so a run is reproducible. A 2xx resets n.
public struct ExponentialBackoff: Sendable, Equatable {
    /// The first delay, ms.
    public var initialMilliseconds: Int64
    /// The growth factor per consecutive 429.
    public var multiplier: Double
    /// The longest delay before jitter, ms.
    public var capMilliseconds: Int64
    /// The share of the delay that jitter may remove, 0 (none) to 1 ("full jitter").
    public var jitter: Double
    /// The jitter stream's seed (derive it from the run's root seed).
    public var seed: UInt64

    /// Creates a backoff.
    ///
    /// - Parameters:
    ///   - initialMilliseconds: The first delay (1 s by default).
    ///   - multiplier: The growth factor (2 by default).
    ///   - capMilliseconds: The longest delay (5 minutes by default).
    ///   - jitter: The jitter share, clamped to 0...1 (0.5 by default).
    ///   - seed: The jitter seed.
    public init(
        initialMilliseconds: Int64 = 1_000,
        multiplier: Double = 2,
        capMilliseconds: Int64 = 300_000,
        jitter: Double = 0.5,
        seed: UInt64
    ) {
        self.initialMilliseconds = initialMilliseconds
        self.multiplier = multiplier
        self.capMilliseconds = capMilliseconds
        self.jitter = min(max(jitter, 0), 1)
        self.seed = seed
    }

    /// The delay before jitter after `attempt` consecutive 429s (1-based).
    func baseDelay(attempt: Int) -> Int64 {
        var delay = Double(initialMilliseconds)
        for _ in 1..<max(attempt, 1) {
            delay *= multiplier
            if delay >= Double(capMilliseconds) { break }
        }
        return Int64(min(delay, Double(capMilliseconds)))
    }
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
