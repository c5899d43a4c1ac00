import AppHosting
import ArgumentParser
import CommandLineShell
import Datasets
import Foundation
import Persistence
import Reports
import WorkbenchFoundation
import WorkbenchMetrics

/// `workbench compare`: metric deltas between two runs.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Show metric deltas between two runs.",
        discussion: """
            A run is a result.json file, a directory holding one, or a run id from the history \
            database (`workbench history`). The metrics both runs have that changed come first, \
            largest relative change first, each marked better or worse where the metric has a \
            direction (fewer requests, credits, failures, older data; more cache hits, higher \
            returns: docs/reports.md); then the metrics only one run has, which are not changes. \
            --all lists the unchanged metrics too.

            Examples:
              workbench compare out/bitpal-as-built out/spec-baseline
              workbench compare 3 7
              # bars, table, overlaid series
              workbench compare out/a out/b --html out/a-vs-b.html
            """
    )

    @Argument(help: "The first run.")
    var first: String

    @Argument(help: "The second run.")
    var second: String

    @Flag(help: "List unchanged metrics too.")
    var all = false

    @Option(help: "The history database, for run ids.")
    var history: String = "out/history.sqlite"

    @Option(help: "Also write a page: the changes as bars, the table, and both runs' series overlaid.")
    var html: String?

    /// A run's metrics: values and, where the run recorded them, units.
    private struct RunValues {
        var values: [String: Double] = [:]
        var units: [String: MetricUnit] = [:]
        /// The folder the run wrote, when known (for its `series.json`).
        var folder: String?
        /// The scenario's name, seed and settings, in order (from `result.json`; none from the
        /// history).
        var identity: (scenario: String, seed: UInt64, settings: [(String, String)])?
    }

    func run() throws {
        // Checked before the runs are read.
        let page = try html.map { html throws(CLIError) in
            try InputFiles.givenFile(html, option: "--html", example: "compare.html")
        }
        let (a, b) = (try metrics(of: first), try metrics(of: second))
        // Settings first: what the runs were given that differs, and whether that is fair.
        var settings: SettingsDifference?
        if let left = a.identity, let right = b.identity {
            settings = SettingsDifference(first: left, second: right)
        }
        if let settings {
            if settings.rows.isEmpty {
                print("settings: the same scenario, seed and settings")
            } else {
                print("settings that differ:")
                print(
                    TextTable.render(
                        [["setting", "kind", first, second]]
                            + settings.rows.map { [$0.name, $0.kind, $0.first, $0.second] }))
            }
            if let warning = settings.warning { ErrorOutput.report("warning: \(warning)") }
            print("")
        }
        let plansDiffer = settings?.plansDiffer ?? false
        let comparison = MetricComparison(
            first: a.values, second: b.values, units: a.units.merging(b.units) { _, second in second },
            direction: { name in
                // Each run's own limit: a higher busiest minute under a higher limit is not worse.
                plansDiffer && SettingsDifference.planRelativeMetrics.contains(name)
                    ? nil : RunMetrics.direction(of: name)
            })
        let header = ["metric", first, second, "delta", "change", "verdict"]
        print(comparison.verdict(labels: (first, second)))
        print(comparison.summary)
        if plansDiffer {
            print(
                "(the plans differ: rate_limit.max_per_minute and plan_per_minute get no verdict; "
                    + "rate_limit.over_limit counts each run's minutes over its own plan)")
        }
        if !comparison.changed.isEmpty {
            print(TextTable.render([header] + MetricComparison.cells(comparison.changed)))
        }
        if all, !comparison.unchanged.isEmpty {
            print("\nunchanged:")
            print(TextTable.render([header] + MetricComparison.cells(comparison.unchanged)))
        }
        if !comparison.oneSided.isEmpty {
            print("\nonly in one run (not changes):")
            print(TextTable.render([header] + MetricComparison.cells(comparison.oneSided)))
        }
        if let page {
            let html = ComparePage.render(
                labels: (first, second), comparison: comparison, all: all,
                series: (try series(in: a.folder), try series(in: b.folder)))
            try InputFiles.write(html, to: page)
            print("comparison page: \(page)")
        }
    }

    /// A run folder's `series.json`, nil when the run has none.
    private func series(in folder: String?) throws(CLIError) -> RunSeries? {
        guard let folder else { return nil }
        let path = "\(folder)/series.json"
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let (data, source) = try InputFiles.readJSON(path)
        do {
            return try JSONDecoder().decode(RunSeries.self, from: data)
        } catch let error as DecodingError {
            throw .badInput("\(source): not a workbench series.json: \(error.locatedDescription)")
        } catch {
            throw .badInput("\(source): not a workbench series.json: \(error)")
        }
    }

    private func metrics(of run: String) throws(CLIError) -> RunValues {
        if let id = Int64(run) {
            guard FileManager.default.fileExists(atPath: history) else {
                throw .badInput(
                    "\(history): no history yet, so no run \(id) (run a scenario first, or give a result.json)"
                )
            }
            do {
                let record = try RunHistoryStore(
                    database: try WorkbenchDatabase.open(.runHistory, at: history)
                )
                .run(id: id)
                return RunValues(
                    values: record.metrics, units: record.units.compactMapValues(MetricUnit.init),
                    folder: record.output)
            } catch {
                throw .badInput(error)
            }
        }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: run, isDirectory: &isDirectory)
        if !exists,
            let nearest = NearestName.nearestSibling(
                of: run,
                accepts: { folder, name in
                    FileManager.default.fileExists(atPath: "\(folder)/\(name)/result.json")
                })
        {
            throw .badInput("\(run): no such run folder or result.json; did you mean \(nearest)?")
        }
        let path = exists && isDirectory.boolValue ? "\(run)/result.json" : run
        let (data, source) = try InputFiles.readJSON(path)
        // JSONDecoder, not JSONSerialization: on Linux the latter misrounds 17-digit numbers.
        struct ResultFile: Decodable {
            var metrics: [String: Double]
            /// Missing in results written before units were recorded: their values show bare.
            var units: [String: MetricUnit]?
            var scenario: String?
            var seed: UInt64?
            var settings: [String: String]?
        }
        let file: ResultFile
        do {
            file = try JSONDecoder().decode(ResultFile.self, from: data)
        } catch let error as DecodingError {
            throw .badInput("\(source): not a workbench result.json: \(error.locatedDescription)")
        } catch {
            throw .badInput("\(source): not a workbench result.json: \(error)")
        }
        var identity: (scenario: String, seed: UInt64, settings: [(String, String)])?
        if let scenario = file.scenario, let seed = file.seed, let settings = file.settings {
            identity = (scenario, seed, settings.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        }
        return RunValues(
            values: file.metrics, units: file.units ?? [:],
            folder: URL(fileURLWithPath: path).deletingLastPathComponent().path, identity: identity)
    }
}
