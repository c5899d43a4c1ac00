import TrackerCore
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

        /// Creates a verdict.
        ///
        /// - Parameters:
        ///   - expectation: The expectation's text.
        ///   - failure: Why it failed, or nil.
        public init(expectation: String, failure: String?) {
            self.expectation = expectation
            self.failure = failure
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

    /// Creates an input.
    public init(
        scenario: String, description: String, file: String, scenarioHash: String, seed: UInt64, start: Int64,
        durationMilliseconds: Int64, settings: [(name: String, value: String)], result: ReportResult,
        verdicts: [Verdict]
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
    }

    /// Whether every expectation held.
    public var passed: Bool { verdicts.allSatisfy { $0.failure == nil } }

    /// The metrics a stored run or sweep cell keeps: the result's, and how many expectations
    /// it did not meet (``WorkbenchMetrics/Metric/failedExpectationsName``).
    public var storedMetrics: [Metric] {
        result.metrics + [
            Metric.failedExpectations(verdicts.filter { $0.failure != nil }.count)
        ]
    }

    /// What the team must know, in words (``Finding/rules``).
    public var findings: [Finding] {
        Finding.of(metrics: result.metrics, verdicts: verdicts, problems: result.problems)
    }
}
