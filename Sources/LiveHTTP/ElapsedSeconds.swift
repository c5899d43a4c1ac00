/// Real seconds on the continuous clock since the value was made: the real time `workbench
/// serve`'s wall clock runs on (`ServeClock` takes it injected and never reads a clock). A live
/// shell, like ``WallClock``, so the server's executable reads no clock itself.
public struct ElapsedSeconds: Sendable {
    private let origin = ContinuousClock.now

    /// Starts counting now.
    public init() {}

    /// The seconds since this value was made.
    public func now() -> Double {
        let elapsed = ContinuousClock.now - origin
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
