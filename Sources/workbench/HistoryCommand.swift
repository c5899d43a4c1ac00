import ArgumentParser
import Foundation
import Persistence
import Reports
import Simulation
import TrackerCore
import WorkbenchMetrics

/// `workbench history`: past runs from the results database.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List past runs from the history database, newest first.",
        discussion: """
            Examples:
              workbench history
              workbench history --scenario quickstart --limit 5 --metric rate_limit.max_per_minute
            """
    )

    @Option(help: "Only runs of this scenario.")
    var scenario: String?

    @Option(
        parsing: .unconditional, help: "The most runs shown (1 to 100000).",
        transform: NumberOptions.whole(in: 1...100_000))
    var limit: Int = 20

    @Option(help: "A metric to show as a column (repeatable).")
    var metric: [String] = ["rate_limit.requests", "cache.hit_ratio"]

    @Option(help: "The history database.")
    var history: String = "out/history.sqlite"

    func run() throws {
        guard FileManager.default.fileExists(atPath: history) else {
            throw CLIError.badInput("\(history): no history yet (run a scenario first)")
        }
        let runs: [RunRecord]
        do {
            runs = try RunHistoryStore(database: try WorkbenchDatabase.open(.runHistory, at: history))
                .runs(scenario: scenario, limit: limit)
        } catch {
            throw CLIError.badInput(error)
        }
        var rows = [["id", "recorded", "scenario", "seed", "hash", "version"] + metric]
        for run in runs {
            rows.append(
                [
                    "\(run.id ?? 0)", TimeFormatting.iso8601(run.recordedAt), run.scenario, "\(run.seed)",
                    String(run.scenarioHash.prefix(8)), run.codeVersion,
                ]
                    + metric.map { name in
                        guard let value = run.metrics[name] else { return "-" }
                        guard let unit = run.units[name].flatMap(MetricUnit.init) else {
                            return MetricFormatting.number(value)
                        }
                        return MetricFormatting.text(value, unit)
                    })
        }
        print(TextTable.render(rows))
    }
}
