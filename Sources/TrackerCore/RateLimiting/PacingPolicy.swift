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

/// Serialised minimum interval: each caller reserves the next free slot, `interval` after the
/// previous reservation. With `interval = ceil(60 s / limit)` no 60 s window holds more than the
/// limit.
public struct SpacingPacing: PacingPolicy, Equatable {
    /// The reserved interval between sends, ms.
    public let intervalMilliseconds: Int64
    private var nextFree: Int64?

    /// Creates the policy.
    ///
    /// - Parameter intervalMilliseconds: The interval between sends.
    public init(intervalMilliseconds: Int64) {
        self.intervalMilliseconds = intervalMilliseconds
    }

    /// The later of `now` and the next free slot; the slot is reserved.
    public mutating func slot(askedAt now: Int64) -> Int64 {
        let slot = max(now, nextFree ?? now)
        nextFree = slot + intervalMilliseconds
        return slot
    }

    /// Nothing to do: the slot was reserved when asked.
    public mutating func recordSend(at time: Int64) {}
}
