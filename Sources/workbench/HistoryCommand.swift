import AppHosting
import ArgumentParser
import CommandLineShell
import Foundation
import Persistence
import Reports
import TrackerCore
import WorkbenchFoundation
import WorkbenchMetrics

/// `workbench history`: past runs from the results database.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List past runs from the history database, newest first.",
        discussion: """
            Examples:
              workbench history
              workbench history --scenario quickstart --limit 5 --metric \\
                  rate_limit.max_per_minute
              # a page with links and trend lines
              workbench history --html out/history.html
            """
    )

    @Option(help: "Only runs of this scenario.")
    var scenario: String?

    @Option(
        parsing: .unconditional, help: "The most runs shown (1 to 100000; default: 20).",
        transform: NumberOptions.whole(in: 1...100_000))
    var limit: Int = 20

    @Option(help: "A metric to show as a column (repeatable).")
    var metric: [String] = [MetricName.rateLimitRequests, MetricName.cacheHitRatio]

    @Option(help: "The history database.")
    var history: String = "out/history.sqlite"

    @Option(help: "Also write a page of the runs with links to their reports and a trend line per metric.")
    var html: String?

    func run() throws {
        // Checked before the database is read.
        let page = try html.map { html throws(CLIError) in
            try InputFiles.givenFile(html, option: "--html", example: "history.html")
        }
        for name in metric where !RunMetrics.isKnownName(name) && name != HistoryVerdict.metric {
            let nearest = NearestName.nearest(to: name, among: RunMetrics.knownMetricNames)
            throw CLIError.badInput(
                "--metric: no run produces a metric named '\(name)'"
                    + (nearest.map { " (did you mean '\($0)'?)" } ?? "")
                    + "; the names are in docs/simulation.md and in any run's result.json")
        }
        guard FileManager.default.fileExists(atPath: history) else {
            throw CLIError.badInput("\(history): no history yet (run a scenario first)")
        }
        let runs: [RunRecord]
        var recorded: [String] = []
        do {
            let store = RunHistoryStore(database: try WorkbenchDatabase.open(.runHistory, at: history))
            runs = try store.runs(scenario: scenario, limit: limit)
            if runs.isEmpty, scenario != nil {
                recorded = try store.scenarioNames()
            }
        } catch {
            throw CLIError.badInput(error)
        }
        if let scenario, runs.isEmpty {
            let nearest = NearestName.nearest(to: scenario, among: recorded)
            throw CLIError.badInput(
                "--scenario \(scenario): \(history) has no run of it"
                    + (nearest.map { " (did you mean '\($0)'?)" } ?? "")
                    + (recorded.isEmpty ? "" : "; its scenarios: \(recorded.joined(separator: ", "))"))
        }
        var rows = [["id", "recorded", "scenario", "seed", "hash", "version", "expectations"] + metric]
        for run in runs {
            rows.append(
                [
                    "\(run.id ?? 0)", TimeFormatting.iso8601(run.recordedAt), run.scenario, "\(run.seed)",
                    String(run.scenarioHash.prefix(8)), run.codeVersion, HistoryVerdict.text(of: run),
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
        if let page {
            try InputFiles.write(
                HistoryPage.render(runs: runs.map { run(run: $0, onPageAt: page) }, metrics: metric), to: page
            )
            print("history page: \(page)")
        }
    }

    /// A run as the page shows it: its report linked relative to the page when it is still this
    /// run's, or a note that a later run replaced it or that it is gone.
    private func run(run: RunRecord, onPageAt pagePath: String) -> HistoryPage.Run {
        let report = run.output.map { URL(fileURLWithPath: $0).appendingPathComponent("report.html") }
        let own = HistoryVerdict.reportIsOwn(run)
        let link = report.flatMap { report in
            own == true && FileManager.default.fileExists(atPath: report.path)
                ? Self.relativePath(
                    of: report, from: URL(fileURLWithPath: pagePath).deletingLastPathComponent())
                : nil
        }
        return HistoryPage.Run(
            id: run.id ?? 0, recordedAt: run.recordedAt, scenario: run.scenario, seed: run.seed,
            hash: String(run.scenarioHash.prefix(8)), version: run.codeVersion, reportLink: link,
            reportNote: link != nil ? nil : (own == false ? "replaced by a later run" : "gone"),
            verdict: HistoryVerdict.text(of: run), metrics: run.metrics, units: run.units)
    }

    /// `file`'s path from `directory`: `../quickstart/report.html`.
    static func relativePath(of file: URL, from directory: URL) -> String {
        let target = file.standardizedFileURL.pathComponents
        let base = directory.standardizedFileURL.pathComponents
        let shared = zip(target, base).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: base.count - shared) + target.dropFirst(shared)).joined(
            separator: "/")
    }
}
