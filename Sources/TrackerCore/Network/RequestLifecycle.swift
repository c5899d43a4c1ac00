/// One client's requests through its rate limiter, as a clock-free state machine: ask for a slot,
/// wait (perhaps again: a 429 in the meantime moves the slot), send, learn from the answer.
///
/// The app's `CoinGeckoService` does this for every request (`rateLimiter.waitForNextRequest()`,
/// `session.data(from:)`, the status check): no retry, so a failed request is the caller's to
/// handle. The simulator runs it on its event queue and ``AsyncRateLimiter`` on a real clock, so
/// the two paths wait, send and back off alike.
public struct RequestLifecycle: Sendable {
    /// What the caller does next.
    public enum Step: Sendable, Equatable {
        /// Send now (call ``send(at:)`` first).
        case send
        /// Sleep until this time, then call ``woke(at:)``.
        case wait(until: Int64)
    }

    /// The limiter's state.
    public private(set) var limiter: RateLimiter

    /// Creates the lifecycle of a client's limiter.
    ///
    /// - Parameter limiter: The limiter.
    public init(limiter: RateLimiter) {
        self.limiter = limiter
    }

    /// A request asks for a slot.
    ///
    /// - Parameter now: The time.
    /// - Returns: Send now, or wait for the slot.
    public mutating func ask(at now: Int64) -> Step {
        let slot = limiter.slot(askedAt: now)
        return slot <= now ? .send : .wait(until: slot)
    }

    /// A waiting request woke at its slot: the limiter may have moved it since (a 429's backoff).
    ///
    /// - Parameter now: The time.
    /// - Returns: Send now, or wait again.
    public mutating func woke(at now: Int64) -> Step {
        limiter.recheck(at: now).map { .wait(until: $0) } ?? .send
    }

    /// A request whose wait ended while the process was suspended, run when it resumed. The app's
    /// limiter (``RateLimitPolicy/bitpal``) lets it go: every request the app had sleeping in
    /// `RateLimiter.waitForNextRequest()` leaves at once when the process resumes (the app's flaw,
    /// kept). A policy that reserves slots reserves a new one from now instead, so its promise
    /// holds on the times requests actually leave, not only on the slots it handed out.
    ///
    /// - Parameter now: The time the process resumed.
    /// - Returns: Send now, or wait for the new slot.
    public mutating func resumed(at now: Int64) -> Step {
        guard limiter.policy.reservesSlots else { return woke(at: now) }
        return ask(at: now)
    }

    /// The process ended: its limiter starts afresh.
    public mutating func processEnded() { limiter.processEnded() }

    /// The request leaves now.
    ///
    /// - Parameter now: The time.
    public mutating func send(at now: Int64) {
        limiter.recordSend(at: now)
    }

    /// A request waiting for its slot was given up (its task was cancelled): nothing is sent.
    /// The app's limiter (``RateLimitPolicy/bitpal``) wakes the task at once and still stamps
    /// its last request time with the wake's time (`RateLimiter.waitForNextRequest()`: `try?
    /// await Task.sleep`, then `lastRequestTime`), so the next caller waits its 1.2 s from now;
    /// a policy that reserved the slot keeps it used.
    ///
    /// - Parameter now: The time the task was cancelled.
    public mutating func gaveUpWaiting(at now: Int64) {
        if limiter.policy == .bitpal { limiter.recordSend(at: now) }
    }

    /// A response arrived: the limiter learns its status and `Retry-After`.
    ///
    /// - Parameters:
    ///   - response: The response.
    ///   - now: The time.
    public mutating func record(_ response: HTTPResponse, at now: Int64) {
        limiter.recordResponse(
            status: response.status, retryAfterMilliseconds: RetryAfter.delayMilliseconds(of: response),
            at: now)
    }

    /// A response arrived: recorded, then classified.
    ///
    /// - Parameters:
    ///   - response: The response.
    ///   - request: The request it answers.
    ///   - now: The time.
    /// - Returns: The 2xx body, or the typed error (a 429 with its `Retry-After`, an unknown coin,
    ///   another status) naming the request.
    public mutating func answer(_ response: HTTPResponse, to request: HTTPRequest, at now: Int64)
        -> Result<[UInt8], CoinGeckoError>
    {
        record(response, at: now)
        do throws(CoinGeckoError) {
            return .success(try CoinGeckoResponseClassifier.body(of: response, for: request))
        } catch {
            return .failure(error)
        }
    }

    /// The error of a request that got no answer within its timeout.
    ///
    /// - Parameter request: The request.
    public static func timeout(of request: HTTPRequest) -> CoinGeckoError {
        CoinGeckoError(
            .transport(.timedOut(afterMilliseconds: request.timeoutMilliseconds)), request: request.target)
    }
}
