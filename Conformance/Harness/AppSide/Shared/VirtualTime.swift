import Foundation

/// Virtual sleeping for the extracted code: `conformance diff` replaces `Task.sleep` with
/// `AppClock.sleep`, which suspends its task until the case's driver advances the clock to its
/// wake time. The driver starts or resumes one task at a time and waits until every task it
/// let run has suspended again or finished, so a case runs the same way every time.
enum VirtualTime {
    private static let lock = NSLock()
    private static let quiet = DispatchSemaphore(value: 0)
    nonisolated(unsafe) private static var running = 0
    nonisolated(unsafe) private static var order = 0
    nonisolated(unsafe) private static var sleepers:
        [(wake: Date, order: Int, resume: CheckedContinuation<Void, Never>)] =
            []

    /// The earliest wake time of a sleeping task.
    static var nextWake: Date? {
        lock.withLock { sleepers.min { ($0.wake, $0.order) < ($1.wake, $1.order) }?.wake }
    }

    /// Runs `body` as a new task and waits until it suspends or finishes.
    static func start(_ body: @escaping @Sendable () async -> Void) {
        lock.withLock { running += 1 }
        Task.detached {
            await body()
            finished()
        }
        quiet.wait()
    }

    /// Moves the clock to the earliest wake (never back), resumes that task and waits until it suspends or finishes.
    static func wakeNext() {
        let sleeper: (wake: Date, order: Int, resume: CheckedContinuation<Void, Never>)? = lock.withLock {
            guard
                let index = sleepers.indices.min(by: {
                    (sleepers[$0].wake, sleepers[$0].order) < (sleepers[$1].wake, sleepers[$1].order)
                })
            else { return nil }
            running += 1
            return sleepers.remove(at: index)
        }
        guard let sleeper else { return }
        AppClock.set(date: max(sleeper.wake, AppClock.now()))
        sleeper.resume.resume()
        quiet.wait()
    }

    /// Suspends the calling task until the clock reaches `seconds` from now.
    static func sleep(seconds: Double) async {
        await withCheckedContinuation { continuation in
            lock.withLock {
                sleepers.append((AppClock.now().addingTimeInterval(max(seconds, 0)), order, continuation))
                order += 1
            }
            finished()
        }
    }

    private static func finished() {
        let quietNow = lock.withLock {
            running -= 1
            return running == 0
        }
        if quietNow { quiet.signal() }
    }
}

extension AppClock {
    /// `Task.sleep(for:)` on the case's clock.
    static func sleep(for duration: Duration) async throws {
        let parts = duration.components
        await VirtualTime.sleep(seconds: Double(parts.seconds) + Double(parts.attoseconds) / 1e18)
    }

    /// `Task.sleep(nanoseconds:)` on the case's clock.
    static func sleep(nanoseconds: UInt64) async throws {
        await VirtualTime.sleep(seconds: Double(nanoseconds) / 1e9)
    }
}
