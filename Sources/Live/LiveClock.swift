import Dispatch

/// The real time a live run keeps: a monotonic clock, and a wait that an answer cuts short. The
/// CLI passes the system's; ``LiveShell`` reads no clock itself (DESIGN.md, "Time and randomness").
public protocol LiveClock: Sendable {
    /// Seconds on a monotonic clock (any origin).
    func seconds() -> Double

    /// Waits until `semaphore` is signalled or `seconds` have passed, whichever comes first.
    ///
    /// - Parameters:
    ///   - semaphore: Signalled when an answer arrives or a stop is asked for.
    ///   - seconds: The longest wait, above 0.
    func wait(for semaphore: DispatchSemaphore, upTo seconds: Double)
}
