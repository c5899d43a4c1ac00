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
