import Foundation
import TrackerCore

/// The real clock, for live runs: epoch milliseconds from the system time, sleeping on the
/// continuous clock. The only wall clock outside the CLI (DESIGN.md: only thin shells sleep).
public struct WallClock: SchedulingClock {
    /// Creates the clock.
    public init() {}

    /// The system time, epoch ms.
    public func currentTime() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// Sleeps until the deadline.
    ///
    /// - Parameter deadline: Epoch ms.
    public func sleep(until deadline: Int64) async throws {
        let remaining = deadline - currentTime()
        guard remaining > 0 else { return }
        try await Task.sleep(for: .milliseconds(remaining))
    }
}
