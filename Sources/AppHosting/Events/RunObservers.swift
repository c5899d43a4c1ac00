import TrackerCore
import WorkbenchFoundation

/// Who watches a run's events: the metrics recorder, and the caller's observer (the CLI's
/// `--events` writer, a test). A shell only emits; it never reads or writes a figure. Every shell
/// (the simulator, `workbench live`) measures through one of these.
public struct RunObservers {
    /// The metrics, the optimum's key trace and the plots, built from the events alone.
    private(set) var recorder = MetricsRecorder()
    /// Told every event too.
    public var sink: ((RunEvent, Int64) -> Void)?
    /// Whether the recorder sees the events: a shell that only needs the sink (a fleet's
    /// devices, counted by their own tallies) turns it off and gets an empty result.
    public var recordsMetrics = true
    /// The invariants every event is checked against, when a run checks them (``AppInvariants``).
    var invariants: AppInvariants?

    /// Creates the observers.
    ///
    /// - Parameter sink: Told every event with its time, beside the metrics.
    public init(sink: ((RunEvent, Int64) -> Void)? = nil) {
        self.sink = sink
    }

    /// Hands an event to every observer.
    ///
    /// - Parameters:
    ///   - event: What happened.
    ///   - now: When.
    public mutating func emit(_ event: RunEvent, at now: Int64) {
        if recordsMetrics { recorder.observe(event, at: now) }
        if invariants != nil { invariants!.observe(event, at: now) }
        sink?(event, now)
    }

    /// What broke since the last check, the app's state after an input included; empty when the
    /// run checks no invariants.
    ///
    /// - Parameters:
    ///   - app: The app after the input.
    ///   - now: The input's time.
    mutating func invariantViolations(of app: TrackerApp, at now: Int64) -> [String] {
        invariants == nil ? [] : invariants!.check(app, at: now)
    }

    /// The run's result: the metrics and the portfolio's figures from the events, and what the
    /// server counted (nothing for a server of which the shell knows only the answers).
    ///
    /// - Parameters:
    ///   - config: The run.
    ///   - serverOutcomes: The server's replies by outcome.
    ///   - journal: The server's journal.
    /// - Returns: The result.
    ///   - stoppedEarly: Why and where a run ended before its end: the result then covers the span
    ///     from the start to there (rates per hour, freshness, the portfolio) and carries it.
    public func result(
        config: RunConfig, serverOutcomes: [ServerOutcome: Int] = [:], journal: RecordLog<JournalEntry> = [],
        stoppedEarly: EarlyStop? = nil
    ) -> RunResult {
        var covered = config
        if let stoppedEarly { covered.durationMilliseconds = stoppedEarly.reached - config.start }
        let portfolio = recorder.portfolio
        var result = RunResult(
            config: covered, recorder: recorder, serverOutcomes: serverOutcomes, journal: journal,
            transactions: portfolio.transactions, holdings: portfolio.holdings,
            shownPrices: portfolio.shownPrices)
        result.stoppedEarly = stoppedEarly
        return result
    }
}
