/// Exact sliding-window log: a request may go once fewer than `limit` reservations fall in the
/// 60 s before it. The tightest compliant policy (it uses the whole budget, in bursts); kept as
/// the reference the other policies are compared with.
public struct SlidingWindowPacing: PacingPolicy, Equatable {
    /// Requests allowed in any window.
    public let limit: Int
    /// The window, ms.
    public let windowMilliseconds: Int64
    /// The latest reservations, oldest first (at most `limit` are needed).
    private var recent: [Int64] = []

    /// Creates the policy.
    ///
    /// - Parameters:
    ///   - limit: Requests allowed per window, >= 1.
    ///   - windowMilliseconds: The window (60 s by default).
    public init(limit: Int, windowMilliseconds: Int64 = RateLimitWindow.milliseconds) {
        precondition(limit >= 1, "a window allows at least one request")
        self.limit = limit
        self.windowMilliseconds = windowMilliseconds
    }

    /// `now`, or the moment the oldest of the last `limit` reservations leaves the window.
    public mutating func slot(askedAt now: Int64) -> Int64 {
        var slot = now
        if recent.count >= limit {
            slot = max(now, recent[recent.count - limit] + windowMilliseconds)
        }
        recent.append(slot)
        if recent.count > 2 * limit { recent.removeFirst(recent.count - limit) }
        return slot
    }

    /// Nothing to do: the slot was reserved when asked.
    public mutating func recordSend(at time: Int64) {}
}
