import ArgumentParser
import Foundation
import Reports
import Simulation

/// `workbench check`: expectations and golden chart outputs; exit 1 on a regression.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run scenarios and check their expectations and golden chart outputs.",
        discussion: """
            Each scenario runs with its own seed. Its expectations must hold, and the charts it \
            draws must equal its golden file (GOLDEN-DIR/<scenario>.charts.txt: every drawn point \
            of the last chart of each range) when one exists. A difference exits 1 and says which \
            chart changed and where. --record writes the golden files instead.

            Examples:
              workbench check scenarios/chart-regression.yaml
              workbench check scenarios/*.yaml
              workbench check scenarios/chart-regression.yaml --record
            """
    )

    @Argument(help: "Scenario files.")
    var scenarios: [String]

    @Option(name: .customLong("golden-dir"), help: "Where golden chart files live.")
    var goldenDirectory: String = "scenarios/golden"

    @Flag(help: "Write the golden files from this run instead of comparing.")
    var record = false

    func run() throws {
        guard !scenarios.isEmpty else { throw CLIError.badInput("give at least one scenario file") }
        var regressions = 0
        for file in scenarios {
            let loaded = try ScenarioRunner.load(file, overrides: [])
            let input = try ScenarioRunner.execute(loaded, seed: nil, timer: nil, progress: nil)
            var problems = input.verdicts.compactMap(\.failure)
            let goldenPath = "\(goldenDirectory)/\(loaded.scenario.name).charts.txt"
            let charts = Self.chartText(input.result.plots)
            if record {
                try InputFiles.write(charts, to: goldenPath)
                print("recorded \(goldenPath)")
            } else if let golden = try? String(contentsOfFile: goldenPath, encoding: .utf8) {
                if let difference = Self.difference(expected: golden, actual: charts) {
                    problems.append("charts differ from \(goldenPath): \(difference)")
                }
            } else {
                print("note: \(file): no golden charts at \(goldenPath) (record them with --record)")
            }
            print("\(problems.isEmpty ? "ok  " : "FAIL") \(file)")
            for problem in problems { print("     \(problem)") }
            regressions += problems.isEmpty ? 0 : 1
        }
        if regressions > 0 {
            throw CLIError(
                message: "\(regressions) scenario(s) regressed", exitCode: CLIError.failedCheckCode)
        }
    }

    /// Every drawn chart, one section per range: a header line, then `timestamp value` lines.
    static func chartText(_ plots: RunPlots) -> String {
        plots.charts.keys.sorted().map { key in
            let chart = plots.charts[key]!
            return
                "# \(key) \(chart.title): \(chart.kept.count) kept, \(chart.drawn.count) drawn, cap \(chart.cap)\n"
                + zip(chart.drawn.timestamps, chart.drawn.values).map { "\($0) \($1)\n" }.joined()
        }.joined()
    }

    /// nil when equal; otherwise the first line that differs, with the chart it belongs to.
    static func difference(expected: String, actual: String) -> String? {
        guard expected != actual else { return nil }
        let (old, new) = (
            expected.split(separator: "\n", omittingEmptySubsequences: false),
            actual.split(separator: "\n", omittingEmptySubsequences: false)
        )
        var chart = "(start)"
        for index in 0..<max(old.count, new.count) {
            let (left, right) = (
                index < old.count ? String(old[index]) : "<end>",
                index < new.count ? String(new[index]) : "<end>"
            )
            if left.hasPrefix("# ") { chart = String(left.dropFirst(2)) }
            guard left != right else { continue }
            return "line \(index + 1), in chart \(chart): expected '\(left)', got '\(right)' "
                + "(\(old.count - 1) golden lines, \(new.count - 1) now)"
        }
        return "they differ"
    }
}
