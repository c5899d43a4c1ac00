/// The thin async shell around a ``RateLimiter``: waits for the slot on a clock.
///
/// Reentrancy is the point: while one caller sleeps, others may ask. With the `bitpal` policy
/// they compute the same slot and wake together, exactly like the app's actor.
public actor AsyncRateLimiter {
    private var limiter: RateLimiter
    private let clock: any SchedulingClock

    /// Creates the shell.
    ///
    /// - Parameters:
    ///   - limiter: The state machine.
    ///   - clock: The clock to wait on.
    public init(_ limiter: RateLimiter, clock: any SchedulingClock) {
        self.limiter = limiter
        self.clock = clock
    }

    /// Waits until a request may go, then records it as sent.
    ///
    /// - Returns: The send time.
    /// - Throws: `CancellationError` if cancelled while waiting; nothing is recorded then.
    @discardableResult
    public func acquire() async throws -> Int64 {
        let asked = clock.currentTime()
        var slot = limiter.slot(askedAt: asked)
        if slot > asked {
            try await clock.sleep(until: slot)
            while let later = limiter.recheck(at: clock.currentTime()) {
                slot = later
                try await clock.sleep(until: slot)
            }
        }
        let sent = clock.currentTime()
        limiter.recordSend(at: sent)
        return sent
    }

    /// Records a response for backoff.
    ///
    /// - Parameter response: The response.
    public func record(_ response: HTTPResponse) {
        limiter.recordResponse(
            status: response.status,
            retryAfterMilliseconds: RetryAfter.delayMilliseconds(of: response),
            at: clock.currentTime()
        )
    }
}
