import Dispatch

/// Where ``LiveShell``'s request tasks run: a concurrent Dispatch queue of their own, not Swift's
/// cooperative pool. The shell blocks its own thread between inputs (as the CLI's main thread
/// does), and the pool has a thread a core: a pool kept busy by other work (a test suite, a
/// host's other tasks) would otherwise hold a request's start back and shift every answer's time.
final class DispatchTaskExecutor: TaskExecutor, Sendable {
    /// The queue the tasks' jobs run on.
    private let queue = DispatchQueue(label: "workbench.live.requests", attributes: .concurrent)

    /// The executor every live run's request tasks share.
    static let shared = DispatchTaskExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
