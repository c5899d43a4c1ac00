/// The app's limiter (Pointwelve/Bitpal-iOS `Bitpal-v2/Bitpal/Services/RateLimiter.swift`,
/// `waitForNextRequest()`), flaw included.
///
/// The app waits `1.2 s - (now - lastRequestTime)` and sets `lastRequestTime` when it wakes. The
/// slot is computed from the last *send*, not reserved: callers that ask while one is waiting all
/// compute the same slot and fire together (quick range switches on the coin screen start chart
/// loads in tasks of their own).
/// The interval is fixed at 1.2 s whatever the plan.
public struct BitpalPacing: PacingPolicy, Equatable {
    /// The minimum interval the app means to keep, ms.
    public let intervalMilliseconds: Int64
    private var lastSend: Int64?

    /// Creates the app's limiter.
    ///
    /// - Parameter intervalMilliseconds: The interval (the app: 1,200 ms).
    public init(intervalMilliseconds: Int64 = 1_200) {
        self.intervalMilliseconds = intervalMilliseconds
    }

    /// `lastSend + interval`, or `now` for the first request; nothing is reserved.
    public func slot(askedAt now: Int64) -> Int64 {
        guard let lastSend else { return now }
        return max(now, lastSend + intervalMilliseconds)
    }

    /// Remembers the send time, as the app does after its sleep.
    public mutating func recordSend(at time: Int64) {
        lastSend = time
    }
}
