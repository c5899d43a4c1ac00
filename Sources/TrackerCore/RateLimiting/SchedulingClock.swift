/// The clock the async shells run on: a way to read the time and to wait until a time.
///
/// `TrackerCore` never reads the wall clock; the live clock is in `LiveHTTP`, and tests pass
/// their own. Times are epoch milliseconds.
public protocol SchedulingClock: Sendable {
    /// The current time, epoch ms.
    func currentTime() -> Int64
    /// Suspends until `deadline` (returns at once if it has passed).
    ///
    /// - Parameter deadline: Epoch ms.
    /// - Throws: `CancellationError` when the task is cancelled while waiting.
    func sleep(until deadline: Int64) async throws
}
