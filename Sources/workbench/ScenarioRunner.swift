import Datasets
import Foundation
import Persistence
import Reports
import Scenarios
import Simulation
import TrackerCore

/// Loading, running, reporting and recording a scenario: shared by `run`, `sweep` and `check`.
enum ScenarioRunner {
    /// The project root: the working directory (dataset paths resolve inside it).
    static var projectRoot: URL { URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }

    /// A loaded scenario and the hash of what defines it (file bytes and overrides).
    struct Loaded {
        var scenario: Scenario
        var hash: String
    }

    static func load(_ path: String, overrides: [String]) throws(CLIError) -> Loaded {
        do {
            let scenario = try ScenarioParser.load(path: path, projectRoot: projectRoot, overrides: overrides)
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path))).map { [UInt8]($0) } ?? []
            return Loaded(
                scenario: scenario,
                hash: SHA256.hexDigest(of: bytes + Array(overrides.joined(separator: "\n").utf8)))
        } catch {
            throw .badInput(error)
        }
    }

    /// Runs a scenario with a seed; the timer and progress stay out of the result.
    static func execute(_ loaded: Loaded, seed: UInt64?, timer: (any WallTimer)?, progress: ProgressReporter?)
        throws(CLIError) -> ReportInput
    {
        let scenario = loaded.scenario
        var config: RunConfig
        do {
            config = try scenario.runConfig(seed: seed, projectRoot: projectRoot)
        } catch {
            throw .badInput(error)
        }
        config.timer = timer
        if let progress { config.progress = { progress.update($0) } }
        var simulation: AppSimulation
        do {
            simulation = try AppSimulation(config: config)
        } catch {
            throw .badInput("\(scenario.file): alerts: \(error)")
        }
        let result = simulation.run()
        return ReportInput(
            scenario: scenario.name, description: scenario.description, file: scenario.file,
            scenarioHash: loaded.hash,
            seed: config.seed, start: scenario.start, durationMilliseconds: scenario.durationMilliseconds,
            settings: settings(scenario), result: result,
            verdicts: scenario.expectations.map { [values = result.metrics.byName] in
                .init(expectation: $0.description, failure: $0.failure(in: values))
            })
    }

    /// Writes `result.json`, `report.md`, `report.html` and, if given, `timings.json`.
    static func write(_ input: ReportInput, timings: String?, to directory: String) throws(CLIError) {
        try InputFiles.write(ResultJSON.render(input), to: "\(directory)/result.json")
        try InputFiles.write(MarkdownReport.render(input), to: "\(directory)/report.md")
        try InputFiles.write(HTMLReport.render(input), to: "\(directory)/report.html")
        if let timings { try InputFiles.write(timings, to: "\(directory)/timings.json") }
    }

    /// Stores the run in the history database.
    static func record(_ input: ReportInput, output: String, history path: String, at time: Int64)
        throws(CLIError)
    {
        guard !path.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .badInput("--history: the path is empty; give a file such as out/history.sqlite")
        }
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
            let store = RunHistoryStore(database: try WorkbenchDatabase.open(.runHistory, at: path))
            _ = try store.record(
                RunRecord(
                    scenario: input.scenario, scenarioHash: input.scenarioHash, seed: input.seed,
                    codeVersion: WorkbenchVersion.current,
                    recordedAt: time, output: output, metrics: input.result.metrics.byName,
                    units: Dictionary(
                        uniqueKeysWithValues: input.result.metrics.flattened().map {
                            ($0.name, $0.unit.rawValue)
                        })
                ))
        } catch {
            throw .badInput(
                "the run's reports are in \(output), but its history row was not stored: \(error)")
        }
    }

    static func settings(_ scenario: Scenario) -> [(name: String, value: String)] {
        let policies = scenario.policies
        let market: String =
            switch scenario.market {
            case .synthetic(let coins, let step, _):
                "synthetic, \(coins.count) coins, ticks every \(step / 1000) s"
            case .fixtures(let directory, _): "recorded fixtures in \(directory)"
            }
        return [
            ("market", market), ("plan", scenario.server.plan.description),
            ("billing", scenario.server.plan.billing.explanation),
            ("limiter", policies.limiter.description),
            ("backoff", "\(policies.backoff)"), ("range profile", policies.rangeProfile.name),
            ("filter", policies.filter.rawValue), ("downsampler", policies.downsampler.rawValue),
            ("candles", policies.candles.rawValue),
            ("chart cache", "\(policies.chartCacheContent.rawValue), \(policies.chartCacheCapacity) entries"),
            ("stale if error", "\(policies.staleIfError)"),
            (
                "refresh",
                "every \(policies.refreshIntervalMilliseconds / 1000) s via \(policies.refreshSource.rawValue)"
            ),
            (
                "markets paging",
                policies.marketsPaging == .serverDefault ? "server-default (no per_page)" : "batch-size"
            ), ("cost method", policies.costMethod.rawValue),
        ]
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
        return JSONValue.object([
            .init("wall_s", .number(wallSeconds)),
            .init(
                "simulated_s_per_wall_s",
                .number(wallSeconds > 0 ? Double(simulatedMilliseconds) / 1000 / wallSeconds : 0)),
            .init("parts", .object(parts)),
        ]).document(.pretty(inlineFrom: 2))
    }
}
