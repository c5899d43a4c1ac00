import Foundation

/// The case's clock for a screen rule's app side: `conformance diff` reads each `Date()` as
/// `AppClock.now()` and each `Task.sleep` as `AppClock.sleep`, which suspends its task until
/// ``ScreenScheduler`` moves the clock to its wake time. Unlike the pure rules' clock, a sleep
/// here ends at once when its task is cancelled, throwing `CancellationError`, as `Task.sleep`
/// does: the view models' loops and the limiter depend on it.
enum AppClock {
    /// The case's time.
    static func now() -> Date { ScreenScheduler.shared.now }

    /// `Task.sleep(for:)` on the case's clock.
    static func sleep(for duration: Duration) async throws {
        let parts = duration.components
        try await ScreenScheduler.shared.sleep(
            seconds: Double(parts.seconds) + Double(parts.attoseconds) / 1e18)
    }

    /// `Task.sleep(nanoseconds:)` on the case's clock.
    static func sleep(nanoseconds: UInt64) async throws {
        try await ScreenScheduler.shared.sleep(seconds: Double(nanoseconds) / 1e9)
    }
}

/// Virtual time for a screen case, on the serial executor (``SerialJobs``): sleepers wait for
/// the clock; the driver moves it to the next script step or wake, whichever comes first (a step
/// first at the same instant, as the simulator handles an action before an event due then), and
/// lets the tasks run until they are all suspended again.
final class ScreenScheduler: @unchecked Sendable {
    static let shared = ScreenScheduler()

    /// The case a task belongs to: the driver starts each case's tasks with it, and the tasks
    /// the app's code starts inherit it.
    @TaskLocal static var caseGeneration = 0

    private struct Sleeper {
        var id: Int
        var wake: Date
        var continuation: UnsafeContinuation<Bool, Never>
    }

    private let lock = NSLock()
    private var clock = Date(timeIntervalSince1970: 0)
    private var sleepers: [Sleeper] = []
    private var cancelledEarly: Set<Int> = []
    private var nextId = 0
    /// Counts what the tasks do (sleeps, sends, wakes): the driver yields until it stops moving.
    private(set) var activity = 0
    /// The case under way; a task of an earlier case that sleeps again is parked for good.
    private var generation = 0

    var now: Date { lock.withLock { clock } }

    /// The case under way.
    var currentGeneration: Int { lock.withLock { generation } }

    /// Whether the calling task belongs to an earlier case (it is parked at its next sleep or
    /// request).
    var isStale: Bool { Self.caseGeneration != currentGeneration }

    /// Suspends an earlier case's task for good.
    func park() async -> Never {
        await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
        fatalError("a parked task was resumed")
    }

    /// Starts a case at `milliseconds`: the earlier case's sleepers are dropped (parked).
    /// - Returns: The case's generation, for ``caseGeneration``.
    @discardableResult
    func begin(at milliseconds: Int64) -> Int {
        lock.withLock {
            generation += 1
            defer { clock = Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
            sleepers.removeAll()
            cancelledEarly.removeAll()
            return generation
        }
    }

    /// Something happened that the driver should let settle.
    func touch() { lock.withLock { activity += 1 } }

    /// The earliest wake, if any task sleeps.
    var nextWake: Date? { lock.withLock { sleepers.min { ($0.wake, $0.id) < ($1.wake, $1.id) }?.wake } }

    /// Suspends the calling task `seconds` of case time; throws `CancellationError` at once when
    /// the task is cancelled (before or during the sleep).
    func sleep(seconds: Double) async throws {
        if isStale { await park() }
        try Task.checkCancellation()
        let myGeneration = Self.caseGeneration
        let id = lock.withLock { () -> Int in
            nextId += 1
            activity += 1
            return nextId
        }
        let woke = await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Bool, Never>) in
                let resumeNow = lock.withLock { () -> Bool in
                    if cancelledEarly.remove(id) != nil { return true }
                    guard myGeneration == generation else { return false }
                    // On the millisecond grid the steps and the simulator use: a wake computed
                    // in floating point (44.456 s + 0.073 s) must not fall a hair before a step
                    // of the same millisecond.
                    let wake = ((clock.timeIntervalSince1970 + max(seconds, 0)) * 1000).rounded() / 1000
                    sleepers.append(
                        Sleeper(
                            id: id, wake: Date(timeIntervalSince1970: wake), continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume(returning: false) }
            }
        } onCancel: {
            let sleeper = lock.withLock { () -> Sleeper? in
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else {
                    cancelledEarly.insert(id)
                    return nil
                }
                activity += 1
                return sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(returning: false)
        }
        guard woke else { throw CancellationError() }
    }

    /// Moves the clock to the earliest wake (never back) and resumes that sleeper.
    func wakeNext() {
        let sleeper = lock.withLock { () -> Sleeper? in
            guard
                let index = sleepers.indices.min(by: {
                    (sleepers[$0].wake, sleepers[$0].id) < (sleepers[$1].wake, sleepers[$1].id)
                })
            else { return nil }
            let sleeper = sleepers.remove(at: index)
            clock = max(clock, sleeper.wake)
            activity += 1
            return sleeper
        }
        sleeper?.continuation.resume(returning: true)
    }

    /// Moves the clock forward to `date` (never back).
    func advance(to date: Date) { lock.withLock { clock = max(clock, date) } }

    /// Lets every runnable job run: yields (the serial executor runs what was queued before the
    /// driver's turn comes back) until nothing has happened for 64 turns in a row.
    @MainActor
    func settle() async {
        var quiet = 0
        var seen = activity
        while quiet < 64 {
            await Task.yield()
            let now = lock.withLock { activity }
            if now == seen { quiet += 1 } else { (seen, quiet) = (now, 0) }
        }
    }
}
