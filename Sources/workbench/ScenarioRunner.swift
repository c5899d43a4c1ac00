import CommandLineShell
import Datasets
import Foundation
import Persistence
import Reports
import Runs
import Scenarios
import TrackerCore
import WorkbenchFoundation
import WorkbenchMetrics

/// Loading, running, reporting and recording a scenario: shared by `run`, `sweep` and `check`.
enum ScenarioRunner {
    static func load(_ path: String, overrides: [String]) throws(CLIError) -> ScenarioRun.Loaded {
        do throws(ScenarioRun.Failure) {
            return try ScenarioRun.load(path, overrides: overrides)
        } catch {
            throw .badInput(error.description)
        }
    }

    /// Runs a scenario with a seed; the timer and progress stay out of the result.
    static func execute(
        _ loaded: ScenarioRun.Loaded, seed: UInt64?, timer: (any WallTimer)?, progress: ProgressReporter?,
        events: ((RunEvent, Int64) -> Void)? = nil, stop: (@Sendable () -> String?)? = nil,
        checkingInvariants: Bool = false
    ) throws(CLIError) -> RunOutcome {
        var report: (@Sendable (Double) -> Void)?
        if let progress { report = { progress.update($0) } }
        do throws(ScenarioRun.Failure) {
            return try ScenarioRun.execute(
                loaded, seed: seed, timer: timer, progress: report, events: events, stop: stop,
                checkingInvariants: checkingInvariants)
        } catch {
            throw .badInput(error.description)
        }
    }

    /// After a run stopped early has written its reports: the error that says so, with the
    /// signal's exit code (`128 + signal`); nothing for a whole run.
    static func failIfStopped(_ input: ReportInput, exitCode: Int32?, reports directory: String)
        throws(CLIError)
    {
        guard let stop = input.stoppedEarly else { return }
        throw CLIError(
            message:
                "stopped early by \(stop.reason) at \(TimeFormatting.iso8601(stop.reached)) "
                + "(\(TimeFormatting.duration(stop.reached - input.start)) of "
                + "\(TimeFormatting.duration(input.durationMilliseconds))); the reports in \(directory) cover that span "
                + "and say so (result.json: stopped_early)",
            exitCode: exitCode ?? CLIError.failedCheckCode)
    }

    /// Writes `result.json`, `report.md`, `report.html`, `series.json` and, if given, `timings.json`.
    static func write(_ input: ReportInput, timings: String?, to directory: String) throws(CLIError) {
        try InputFiles.write(ResultJSON.render(input), to: "\(directory)/result.json")
        try InputFiles.write(MarkdownReport.render(input), to: "\(directory)/report.md")
        try InputFiles.write(HTMLReport.render(input), to: "\(directory)/report.html")
        // The plotted series, for `compare --html`.
        try InputFiles.write(RunSeries(input).json, to: "\(directory)/series.json")
        if let timings { try InputFiles.write(timings, to: "\(directory)/timings.json") }
    }

    /// Stores the run in the history database.
    static func record(_ outcome: RunOutcome, output: String, history path: String, at time: Int64)
        throws(CLIError)
    {
        guard !path.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .badInput("--history: the path is empty; give a file such as out/history.sqlite")
        }
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            let input = outcome.report
            let metrics = input.storedMetrics
            let store = RunHistoryStore(database: try WorkbenchDatabase.open(.runHistory, at: path))
            _ = try store.record(
                RunRecord(
                    scenario: input.scenario, scenarioHash: input.scenarioHash, seed: input.seed,
                    codeVersion: WorkbenchVersion.current,
                    recordedAt: time, output: output,
                    metrics: Dictionary(uniqueKeysWithValues: metrics.map { ($0.name, $0.value) }),
                    units: Dictionary(uniqueKeysWithValues: metrics.map { ($0.name, $0.unit.rawValue) })
                ))
        } catch {
            throw .badInput(
                "the run's reports are in \(output), but its history row was not stored: \(error)")
        }
    }

    /// `timings.json`: wall-clock figures, never part of the result.
    static func timings(wallSeconds: Double, simulatedMilliseconds: Int64, timer: SummingTimer) -> String {
        let parts = timer.snapshot.sorted { $0.key < $1.key }.map { label, entry in
            JSONValue.Member(
                label,
                .object([
                    .init("seconds", .number(entry.seconds)), .init("calls", .integer(Int64(entry.calls))),
                ]))
        }
        // The JSON bodies the simulated server answered (not from its CDN cache) and the app's
        // code received: the run's floor is writing the one and reading the other.
        let moved = timer.countSnapshot.sorted { $0.key < $1.key }.map { label, entry in
            JSONValue.Member(
                label,
                .object([
                    .init("bytes", .integer(Int64(entry.bytes))),
                    .init("bodies", .integer(Int64(entry.items))),
                ]))
        }
        return JSONValue.object([
            .init("wall_s", .number(wallSeconds)),
            .init(
                "simulated_s_per_wall_s",
                .number(wallSeconds > 0 ? Double(simulatedMilliseconds) / 1000 / wallSeconds : 0)),
            .init("parts", .object(parts)),
            .init("json", .object(moved)),
        ]).document(.pretty(inlineFrom: 2))
    }
}
