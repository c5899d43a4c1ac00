import AppHosting
import Reports

/// A finished scenario run: the simulator's result, for figures and history, and what the
/// reports are written from.
public struct RunOutcome: Sendable {
    /// The simulator's result: typed metrics, journal, plotted series.
    public var result: RunResult
    /// The reports' input: identity, settings, verdicts and the reports' view of the result.
    public var report: ReportInput

    /// Creates an outcome.
    public init(result: RunResult, report: ReportInput) {
        self.result = result
        self.report = report
    }
}
