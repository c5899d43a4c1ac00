import TrackerCore

/// Who watches a run's events: the metrics recorder, and the caller's observer (the CLI's
/// `--events` writer, a test). The driver only emits; it never reads or writes a figure.
struct RunObservers {
    /// The metrics, the optimum's key trace and the plots, built from the events alone.
    private(set) var recorder = MetricsRecorder()
    /// Told every event too (``AppSimulation/run(timer:progress:events:)``).
    var sink: ((RunEvent, Int64) -> Void)?

    /// Hands an event to every observer.
    ///
    /// - Parameters:
    ///   - event: What happened.
    ///   - now: When.
    mutating func emit(_ event: RunEvent, at now: Int64) {
        recorder.observe(event, at: now)
        sink?(event, now)
    }
}
