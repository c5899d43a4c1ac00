import TrackerCore

/// Time on each screen: the simulator says after every event which screen is visible (none in
/// the background), and the time between changes goes to that screen.
struct ScreenTime: Equatable {
    /// Milliseconds on each screen.
    private(set) var milliseconds: [AppScreenKind: Int64] = [:]
    private var current: AppScreenKind?
    private var since: Int64?

    /// Says which screen is visible from `now` on.
    mutating func show(_ screen: AppScreenKind?, at now: Int64) {
        guard since == nil || screen != current else { return }
        close(at: now)
        current = screen
        since = now
    }

    /// Ends the record at the end of the run.
    mutating func finish(at end: Int64) {
        close(at: end)
        since = nil
    }

    private mutating func close(at now: Int64) {
        guard let screen = current, let since else { return }
        milliseconds[screen, default: 0] += now - since
    }
}
