import TrackerCore
import WorkbenchFoundation
import WorkbenchMetrics

/// What a report is about: the scenario's identity, the run's settings, its result and the
/// verdict on each expectation. Plain values, so reports need not know the scenario format.
public struct ReportInput: Sendable {
    /// One expectation and its verdict.
    public struct Verdict: Sendable, Equatable {
        /// `metric op value`.
        public var expectation: String
        /// nil when it held, otherwise why not.
        public var failure: String?
        /// Whether the scenario lists it under `known_failures`: a target it is known to miss
        /// today, which must fail until it is removed from that list.
        public var known: Bool

        /// Creates a verdict.
        ///
        /// - Parameters:
        ///   - expectation: The expectation's text.
        ///   - failure: Why it failed, or nil.
        ///   - known: Whether the scenario lists it under `known_failures`.
        public init(expectation: String, failure: String?, known: Bool = false) {
            self.expectation = expectation
            self.failure = failure
            self.known = known
        }

        /// What is wrong, or nil: an expectation that failed, or a known failure that holds
        /// again (the list must lose it, so that a later regression is not taken for it).
        public var problem: String? {
            guard known else { return failure }
            return failure == nil ? "\(expectation) now holds; remove it from known_failures" : nil
        }

        /// The verdict in a few words: `pass`, `FAIL`, `known failure`, or `FAIL (known failure
        /// now holds)`.
        public var label: String {
            switch (known, failure == nil) {
            case (false, true): "pass"
            case (false, false): "FAIL"
            case (true, false): "known failure"
            case (true, true): "FAIL (known failure now holds)"
            }
        }

        /// One line for a terminal: the label and the failure, or the expectation.
        public var line: String {
            "\(label)\(known ? ":" : "") \(failure ?? expectation)"
        }
    }

    /// The scenario's name.
    public var scenario: String
    /// Its description.
    public var description: String
    /// The scenario file.
    public var file: String
    /// A hash of the scenario file's bytes (and overrides).
    public var scenarioHash: String
    /// The root seed.
    public var seed: UInt64
    /// The first simulated time.
    public var start: Int64
    /// The simulated span.
    public var durationMilliseconds: Int64
    /// Settings worth showing: plan and policy names, in order.
    public var settings: [(name: String, value: String)]
    /// The result.
    public var result: ReportResult
    /// The expectations' verdicts.
    public var verdicts: [Verdict]
    /// What looks wrong in the scenario itself (a trade priced far from the market), one sentence
    /// each; the run went on.
    public var warnings: [String]

    /// Creates an input.
    public init(
        scenario: String, description: String, file: String, scenarioHash: String, seed: UInt64, start: Int64,
        durationMilliseconds: Int64, settings: [(name: String, value: String)], result: ReportResult,
        verdicts: [Verdict], warnings: [String] = []
    ) {
        self.scenario = scenario
        self.description = description
        self.file = file
        self.scenarioHash = scenarioHash
        self.seed = seed
        self.start = start
        self.durationMilliseconds = durationMilliseconds
        self.settings = settings
        self.result = result
        self.verdicts = verdicts
        self.warnings = warnings
    }

    /// Whether every expectation held and every known failure still failed (``Verdict/problem``).
    public var passed: Bool { stoppedEarly == nil && verdicts.allSatisfy { $0.problem == nil } }

    /// Why and where the run ended before its end (nil: it ran to its end). A run stopped early
    /// does not pass: its expectations were checked on part of its span.
    public var stoppedEarly: EarlyStop?

    /// The reports' first line for a run stopped early, nil for a whole run.
    public var stoppedEarlySentence: String? {
        stoppedEarly.map { stop in
            "Stopped early by \(stop.reason) at \(TimeFormatting.iso8601(stop.reached)), "
                + "\(TimeFormatting.duration(stop.reached - start)) of the scenario's "
                + "\(TimeFormatting.duration(durationMilliseconds)): every figure covers that span only, "
                + "and the expectations do not count as passed."
        }
    }

    /// The heading of the expectations' section: they are the scenario's own checks, not the
    /// workbench's findings.
    public static let expectationsHeading = "The scenario's own checks (expectations)"

    /// What the expectations are, beside the findings, in one sentence.
    public var expectationsNote: String {
        "The checks \(file) lists under `expectations:`: they pass or fail the run (exit 1). "
            + "The findings above are the workbench's own rules (docs/reports.md): they name problems "
            + "and measured fixes but never fail a run."
    }

    /// The expectations' heading word: all passed, FAILED, or not passed for a run stopped early.
    public var expectationsVerdict: String {
        if passed { return "all passed" }
        let failed = verdicts.contains { $0.problem != nil }
        return failed ? "FAILED" : "not passed (stopped early)"
    }

    /// The metrics a stored run or sweep cell keeps: the result's, and how many expectations
    /// it did not meet (``WorkbenchMetrics/Metric/failedExpectationsName``).
    public var storedMetrics: [Metric] {
        result.metrics + [
            Metric.failedExpectations(verdicts.filter { $0.problem != nil }.count)
        ]
    }

    /// The fixes measured for the findings (`workbench run`: the same seed with one change per
    /// candidate); none when not measured.
    public var fixes: [FindingFix] = []

    /// What the team must know, in words (``Finding/rules``), each with its measured fix.
    public var findings: [Finding] {
        Finding.of(
            metrics: result.metrics, verdicts: verdicts, problems: result.problems, warnings: warnings,
            fixes: fixes)
    }
}
