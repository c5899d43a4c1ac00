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
