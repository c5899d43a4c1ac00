/// The thin async shell around a ``RateLimiter``'s ``RequestLifecycle``: waits for the slot on a
/// clock, as the simulator waits on its event queue.
///
/// Reentrancy is the point: while one caller sleeps, others may ask. With the `bitpal` policy
/// they compute the same slot and wake together, exactly like the app's actor.
public actor AsyncRateLimiter {
    private var lifecycle: RequestLifecycle
    private let clock: any SchedulingClock

    /// Creates the shell.
    ///
    /// - Parameters:
    ///   - limiter: The state machine.
    ///   - clock: The clock to wait on.
    public init(_ limiter: RateLimiter, clock: any SchedulingClock) {
        self.lifecycle = RequestLifecycle(limiter: limiter)
        self.clock = clock
    }

    /// Waits until a request may go, then records it as sent.
    ///
    /// - Returns: The send time.
    /// - Throws: `CancellationError` if cancelled while waiting; nothing is recorded then.
    @discardableResult
    public func acquire() async throws -> Int64 {
        var step = lifecycle.ask(at: clock.currentTime())
        while case .wait(let slot) = step {
            try await clock.sleep(until: slot)
            step = lifecycle.woke(at: clock.currentTime())
        }
        let sent = clock.currentTime()
        lifecycle.send(at: sent)
        return sent
    }

    /// Records a response for backoff.
    ///
    /// - Parameter response: The response.
    public func record(_ response: HTTPResponse) {
        lifecycle.record(response, at: clock.currentTime())
    }
}
