import WorkbenchFoundation

/// What `serve` is holding when it is told to stop: a reply's simulated latency, a simulated
/// timeout's hold. Each wait ends at its time or as soon as the gate closes, whichever comes
/// first, so that a signal stops the server at once whatever it holds (issue 65: graceful
/// shutdown waited up to 600 s for held replies).
public final class ShutdownGate: Sendable {
    private struct State {
        var closed = false
        var nextWaiter = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Locked(State())

    /// An open gate.
    public init() {}

    /// Whether the gate has closed.
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// Closes the gate: every wait under way ends now, and later ones at once.
    public func close() {
        let waiting = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.closed = true
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Waits `duration`, or less if the gate closes first (or the task is cancelled).
    ///
    /// - Parameter duration: The longest wait.
    /// - Returns: Whether the whole duration passed (false: the gate closed).
    public func wait(_ duration: Duration) async -> Bool {
        guard !isClosed else { return false }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                (try? await Task.sleep(for: duration)) != nil
            }
            group.addTask {
                await self.closing()
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first && !isClosed
        }
    }

    /// Returns when the gate closes or the task is cancelled.
    private func closing() async {
        let id = state.withLock { state -> Int in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if state.closed || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
