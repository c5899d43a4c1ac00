import WorkbenchFoundation

/// What `serve` is holding when it is told to stop: a reply's simulated latency, a simulated
/// timeout's hold. Each wait ends at its time or within ``step`` of the gate closing, whichever
/// comes first, so that a signal stops the server at once whatever it holds (issue 65: graceful
/// shutdown waited up to 600 s for held replies).
///
/// A wait sleeps in steps of at most ``step`` in the request's own task and looks at the gate
/// between them. A latency under a step is one plain `Task.sleep`, as before the gate: racing a
/// sleep against a continuation in a task group cost four scheduler hops a reply, which a loaded
/// two-core machine turned into tens of milliseconds (`LiveTests` at 100x timed out).
public final class ShutdownGate: Sendable {
    /// The longest sleep between two looks at the gate.
    public static let step = Duration.milliseconds(50)

    private let closed = Locked(false)

    /// An open gate.
    public init() {}

    /// Whether the gate has closed.
    public var isClosed: Bool { closed.withLock { $0 } }

    /// Closes the gate: every wait under way ends within ``step``, and later ones at once.
    public func close() { closed.withLock { $0 = true } }

    /// Waits `duration`, or less if the gate closes first (or the task is cancelled).
    ///
    /// - Parameter duration: The longest wait.
    /// - Returns: Whether the whole duration passed (false: the gate closed).
    public func wait(_ duration: Duration) async -> Bool {
        var left = duration
        while left > .zero {
            if isClosed { return false }
            let sleep = min(left, Self.step)
            guard (try? await Task.sleep(for: sleep)) != nil else { return false }
            left -= sleep
        }
        return !isClosed
    }
}
