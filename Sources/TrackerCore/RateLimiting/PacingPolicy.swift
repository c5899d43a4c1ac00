/// When the next request may go: the pacing half of a rate limiter, as a synchronous state machine.
///
/// A caller that wants to send at `now` asks ``slot(askedAt:)`` for the time it may send, waits
/// until then (the async shell sleeps, the simulator schedules an event), and calls
/// ``recordSend(at:)`` when the request actually goes out. Policies that serialise callers reserve
/// the slot when asked; the app's policy does not, which is its flaw.
public protocol PacingPolicy: Sendable {
    /// The earliest time a request asked for at `now` may be sent (`>= now`).
    ///
    /// - Parameter now: The time of asking, epoch ms.
    mutating func slot(askedAt now: Int64) -> Int64

    /// Records that a request went out.
    ///
    /// - Parameter time: The send time, epoch ms.
    mutating func recordSend(at time: Int64)
}
