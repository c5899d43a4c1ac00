import Dispatch
import Live
import LiveHTTP

/// The system's clock for `workbench live`: the continuous clock's seconds, and a semaphore wait
/// with a deadline on Dispatch's monotonic clock.
struct SystemLiveClock: LiveClock {
    private let elapsed = ElapsedSeconds()

    func seconds() -> Double { elapsed.now() }

    func wait(for semaphore: DispatchSemaphore, upTo seconds: Double) {
        _ = semaphore.wait(timeout: DispatchTime.now() + .nanoseconds(Int(min(seconds, 3600) * 1e9)))
    }
}
