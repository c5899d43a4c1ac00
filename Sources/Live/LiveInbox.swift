import Dispatch
import TrackerCore
import WorkbenchFoundation

/// Where requests in flight leave their answers for ``LiveShell``'s loop, which waits on it for
/// the next answer or its next due time, whichever comes first.
final class LiveInbox: Sendable {
    /// A request's end: its answer, or the transport's failure.
    struct Delivery: Sendable {
        var id: Int
        var result: Result<HTTPResponse, TransportError>
    }

    private let deliveries = Locked<[Delivery]>([])
    private let signal = DispatchSemaphore(value: 0)

    /// Leaves a delivery and wakes the loop.
    func deliver(_ delivery: Delivery) {
        deliveries.withLock { $0.append(delivery) }
        signal.signal()
    }

    /// Wakes the loop without a delivery (a stop was asked for).
    func wake() { signal.signal() }

    /// Waits up to `seconds` on `clock` for a delivery or a wake; returns at once if one is
    /// waiting.
    func wait(seconds: Double, on clock: any LiveClock) {
        guard seconds > 0 else { return }
        clock.wait(for: signal, upTo: seconds)
    }

    /// Takes every delivery left so far, in the order they arrived.
    func take() -> [Delivery] {
        deliveries.withLock { taken in
            defer { taken.removeAll() }
            return taken
        }
    }
}

/// A flag a signal handler sets to end a live run early; the run then writes what it measured.
public final class StopRequest: Sendable {
    private let stopped = Locked<String?>(nil)
    private let inbox: LiveInbox

    init(inbox: LiveInbox) { self.inbox = inbox }

    /// Asks the run to stop at its next step.
    ///
    /// - Parameter reason: What stopped it (`SIGINT`), for the reports.
    public func stop(reason: String = "a stop request") {
        stopped.withLock { $0 = $0 ?? reason }
        inbox.wake()
    }

    /// Whether a stop was asked for.
    public var isStopped: Bool { reason != nil }

    /// What stopped the run, once it was asked to stop.
    public var reason: String? { stopped.withLock { $0 } }
}
