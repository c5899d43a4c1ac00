import AppHosting
import Datasets
import Foundation
import Reports
import Scenarios
import Simulation
import TrackerCore

/// Running a scenario, as `workbench run`, `sweep` and `check` do and as tests can in process:
/// load it (the file read once, for the scenario and its hash), run it with a seed, and get what
/// the reports are written from. Progress and wall timing are arguments and never enter the result.
public enum ScenarioRun {
    /// A loaded scenario and the hash of what defines it (file bytes and overrides).
    public struct Loaded: Sendable {
        /// The parsed scenario, overrides applied.
        public var scenario: Scenario
        /// SHA-256 of the file's bytes and the overrides, hex.
        public var hash: String
        /// The folder its relative paths resolve against (``ProjectFolder``).
        public var projectRoot: URL
    }

    /// Why a scenario could not run: always bad input, with the file and place.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The message.
        public var description: String

        /// Creates a failure.
        ///
        /// - Parameter description: The message, naming the file and place.
        public init(description: String) {
            self.description = description
        }
    }

    /// Loads a scenario file, reading it once.
    ///
    /// - Parameters:
    ///   - path: The scenario file.
    ///   - projectRoot: The folder dataset paths resolve inside; by default the scenario's project
    ///     folder (``ProjectFolder/of(scenario:)``).
    ///   - overrides: `key.path=value` assignments (`--set`).
    public static func load(_ path: String, projectRoot: URL? = nil, overrides: [String] = []) throws(Failure)
        -> Loaded
    {
        let projectRoot = projectRoot ?? ProjectFolder.of(scenario: path)
        do {
            let bytes = try ScenarioParser.bytes(of: path)
            let scenario = try ScenarioParser.parse(
                try ScenarioParser.text(of: bytes, file: path), file: path, projectRoot: projectRoot,
                overrides: overrides)
            // What defines the run: the file, the files it extends, and the overrides.
            var defining = bytes
            for base in scenario.bases { defining += try ScenarioParser.bytes(of: base) }
            return Loaded(
                scenario: scenario,
                hash: SHA256.hexDigest(of: defining + Array(overrides.joined(separator: "\n").utf8)),
                projectRoot: projectRoot)
        } catch {
            throw Failure(description: error.report)
        }
    }

    /// Runs a loaded scenario.
    ///
    /// - Parameters:
    ///   - loaded: The scenario.
    ///   - seed: The root seed (the scenario's own when nil).
    ///   - timer: Measures wall time of parts of the run, if given.
    ///   - progress: Told the share of simulated time done (0...1).
    ///   - events: Told every event of the run with its time (``RunEvent``); never changes the result.
    ///   - checkingInvariants: Whether the app's, the server's and the events' invariants are
    ///     checked after every event (``AppInvariants``): slower, and a broken one stops the
    ///     process with what broke; never changes the result.
    /// - Returns: The simulator's result, and the report input with the verdicts.
    public static func execute(
        _ loaded: Loaded, seed: UInt64? = nil, timer: (any WallTimer)? = nil,
        progress: (@Sendable (Double) -> Void)? = nil, events: ((RunEvent, Int64) -> Void)? = nil,
        stop: (@Sendable () -> String?)? = nil, checkingInvariants: Bool = false
    ) throws(Failure) -> RunOutcome {
        try execute(loaded, seed: seed) { config throws(Failure) in
            try simulate(
                config, file: loaded.scenario.file, timer: timer, progress: progress, events: events,
                stop: stop, checkingInvariants: checkingInvariants)
        }
    }

    /// Runs a loaded scenario in a shell of the caller's (`workbench live` runs the app on the
    /// wall clock) and builds the report input from its result, as a simulated run's.
    ///
    /// - Parameters:
    ///   - loaded: The scenario.
    ///   - seed: The root seed (the scenario's own when nil).
    ///   - shell: Runs the app with the scenario's run config and returns its result.
    /// - Returns: The shell's result, and the report input with the verdicts.
    public static func execute(
        _ loaded: Loaded, seed: UInt64? = nil,
        shell: (consuming RunConfig) throws(Failure) -> RunResult
    ) throws(Failure) -> RunOutcome {
        let scenario = loaded.scenario
        let config: RunConfig
        do {
            config = try scenario.runConfig(seed: seed, projectRoot: loaded.projectRoot)
        } catch {
            throw Failure(description: error.report)
        }
        let (seed, fittedVolatility) = (config.seed, (config.market as? ReplayMarket)?.calibratedVolatility)
        let warnings =
            TradePriceCheck.warnings(config.script, truePrice: config.truePrice)
            + HistoryRangeCheck.warnings(scenario)
        // The config is not used after this: the market goes with the run.
        let result = try shell(config)
        let values = result.metrics.byName
        var report = ReportInput(
            scenario: scenario.name, description: scenario.description, file: scenario.file,
            scenarioHash: loaded.hash,
            seed: seed, start: scenario.start, durationMilliseconds: scenario.durationMilliseconds,
            settings: settings(scenario, fittedVolatility: fittedVolatility),
            result: ReportResult(result),
            verdicts: scenario.expectations.map { expectation in
                let failure = expectation.failure(in: values)
                return .init(
                    expectation: expectation.description, failure: failure,
                    known: scenario.isKnownFailure(
                        expectation.description, seed: seed, failed: failure != nil))
            }, warnings: warnings)
        report.stoppedEarly = result.stoppedEarly
        return RunOutcome(result: result, report: report)
    }

    /// Runs the simulation and lets it go: its market, caches and traces are freed before the
    /// reports are built, which lowers a long run's peak memory.
    private static func simulate(
        _ config: consuming RunConfig, file: String, timer: (any WallTimer)?,
        progress: (@Sendable (Double) -> Void)?,
        events: ((RunEvent, Int64) -> Void)?, stop: (@Sendable () -> String?)?, checkingInvariants: Bool
    ) throws(Failure) -> RunResult {
        var simulation: AppSimulation
        do {
            simulation = try AppSimulation(config: config, checkingInvariants: checkingInvariants)
        } catch {
            throw Failure(description: "\(file): alerts: \(error)")
        }
        return simulation.run(timer: timer, progress: progress, events: events, stop: stop)
    }
}
