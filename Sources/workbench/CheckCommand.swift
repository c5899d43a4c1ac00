import AppHosting
import ArgumentParser
import CommandLineShell
import Datasets
import Foundation
import Reports
import TrackerCore
import WorkbenchFoundation

/// `workbench check`: expectations and golden chart outputs; exit 1 on a regression.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run scenarios and check their expectations and golden chart outputs.",
        discussion: """
            Each scenario runs with its own seed. Its expectations must hold, and the charts it \
            draws must equal its golden file (GOLDEN-DIR/<scenario>.charts.txt, GOLDEN-DIR being \
            the golden folder beside the scenario file unless --golden-dir says: every drawn point \
            of the last line chart of each range, and every drawn candle's open, high, low and \
            close). A difference exits 1 and says which chart changed and where. Expectations \
            listed under known_failures must fail (a verdict scenario's broken targets); one that \
            holds again exits 1 until it is removed from the list. A scenario that draws charts \
            but has no golden file yet is NEW and also exits 1 (nothing was compared); a golden \
            file that exists but cannot be read or is not one exits 2. --record writes the golden \
            files instead.

            Examples:
              workbench check scenarios/chart-regression.yaml
              workbench check scenarios/*.yaml
              workbench check scenarios/chart-regression.yaml --record
            """
    )

    @Argument(help: "Scenario files.")
    var scenarios: [String]

    @Option(
        name: .customLong("golden-dir"),
        help: "Where golden chart files live (default: the golden folder beside each scenario file).")
    var goldenDirectory: String?

    @Flag(help: "Write the golden files from this run instead of comparing.")
    var record = false

    @Option(
        name: .customLong("junit"),
        help: "Also write a JUnit XML report to this file: one test case per scenario (docs/ci.md).")
    var junitPath: String?

    func run() throws {
        guard !scenarios.isEmpty else { throw CLIError.badInput("give at least one scenario file") }
        if let goldenDirectory { try Self.checkGoldenDirectory(goldenDirectory, record: record) }
        if let junitPath { try JUnitOutput.check(junitPath) }
        var junit = JUnitReport(name: "workbench check", cases: [])
        var (regressions, unchecked) = (0, 0)
        var current = ""
        do throws(CLIError) {
            for file in scenarios {
                current = file
                let goldenDirectory =
                    goldenDirectory
                    ?? URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("golden")
                    .relativePath
                let loaded = try ScenarioRunner.load(file, overrides: [])
                let outcome = try ScenarioRunner.execute(loaded, seed: nil, timer: nil, progress: nil)
                var problems = outcome.report.verdicts.compactMap(\.problem)
                let notes = outcome.report.verdicts.filter { $0.known && $0.failure != nil }.map(\.line)
                let goldenPath = "\(goldenDirectory)/\(loaded.scenario.name).charts.txt"
                let charts = Self.chartText(outcome.result.plots)
                if record {
                    try InputFiles.write(charts, to: goldenPath)
                    print("recorded \(goldenPath)")
                    continue
                }
                if let golden = try Self.readGolden(goldenPath) {
                    if let difference = Self.difference(expected: golden, actual: charts) {
                        problems.append("charts differ from \(goldenPath): \(difference)")
                    }
                } else if !charts.isEmpty {
                    // Not recorded yet: nothing was compared, so this is not a pass.
                    print("NEW  \(file)\n     no golden charts at \(goldenPath); record them with --record")
                    for problem in problems { print("     \(problem)") }
                    let message =
                        "no golden charts at \(goldenPath) to compare with; record them with --record"
                    junit.cases.append(
                        .init(
                            name: file, className: "check",
                            outcome: .failed(
                                message: message, details: ([message] + problems).joined(separator: "\n"))))
                    unchecked += 1
                    regressions += problems.isEmpty ? 0 : 1
                    continue
                }
                print("\(problems.isEmpty ? "ok  " : "FAIL") \(file)")
                for line in problems + notes { print("     \(line)") }
                junit.cases.append(
                    .init(
                        name: file, className: "check",
                        outcome: problems.isEmpty
                            ? .passed
                            : .failed(
                                message: problems[0], details: (problems + notes).joined(separator: "\n"))))
                regressions += problems.isEmpty ? 0 : 1
            }
        } catch {
            // The report says which scenario stopped the check (unreadable, a bad golden file),
            // not only those before it.
            junit.cases.append(
                .init(
                    name: current, className: "check",
                    outcome: .failed(message: error.message, details: error.message)))
            if let junitPath { try JUnitOutput.write(junit, to: junitPath) }
            throw error
        }
        if let junitPath { try JUnitOutput.write(junit, to: junitPath) }
        if regressions > 0 || unchecked > 0 {
            let parts = [
                regressions > 0 ? "\(regressions) scenario(s) regressed" : nil,
                unchecked > 0 ? "\(unchecked) scenario(s) have no golden charts to compare with" : nil,
            ]
            throw CLIError(
                message: parts.compactMap { $0 }.joined(separator: "; "), exitCode: CLIError.failedCheckCode)
        }
    }

    /// Checks a `--golden-dir` the user gave: a directory, or (with `--record`) one to create.
    static func checkGoldenDirectory(_ directory: String, record: Bool) throws(CLIError) {
        guard !directory.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw CLIError.badInput(
                "--golden-dir: the directory is empty; give a path such as scenarios/golden")
        }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory)
        if exists && !isDirectory.boolValue {
            throw CLIError.badInput("--golden-dir \(directory): is a file, not a directory")
        }
        if !exists && !record {
            throw CLIError.badInput(
                "--golden-dir \(directory): no such directory; give the folder of the golden chart files "
                    + "(the golden folder beside each scenario by default), or --record to create it")
        }
    }

    /// A golden chart file's text, or nil when there is none yet.
    ///
    /// - Throws: ``CLIError`` (bad input) when the file exists but cannot be read, is not UTF-8
    ///   or is not a golden chart file: only a missing file means "not recorded".
    static func readGolden(_ path: String) throws(CLIError) -> String? {
        let data: [UInt8]
        do {
            data = try CheckedFile.read(path)
        } catch  where error.reason == "no such file" {
            return nil
        } catch {
            throw .badInput("\(path): \(error.reason)")
        }
        if let problem = TextEncoding.problem(in: data) { throw .badInput("\(path): \(problem)") }
        let text = String(decoding: data, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where !line.hasPrefix("# ") {
            let fields = line.split(separator: " ")
            // A line's point (time value) or a candle (close time, open, high, low, close).
            let isPoint =
                (fields.count == 2 || fields.count == 5) && Int64(fields[0]) != nil
                && fields.dropFirst().allSatisfy { Double($0) != nil }
            guard isPoint || (line.isEmpty && index == lines.count - 1) else {
                let shown = line.count > 80 ? line.prefix(80) + "..." : line
                throw .badInput(
                    "\(path):\(index + 1): not a golden chart file: expected '# <chart>', '<timestamp> <value>' or '<close time> <open> <high> <low> <close>', "
                        + "found '\(shown)'")
            }
        }
        return text
    }

    /// Every drawn chart, one section per range: a header line, then `timestamp value` lines.
    static func chartText(_ plots: RunPlots) -> String {
        let lines = plots.charts.keys.sorted().map { key in
            let chart = plots.charts[key]!
            return
                "# \(key) \(chart.title): \(chart.kept.count) kept, \(chart.drawn.count) drawn, cap \(chart.cap)\n"
                + zip(chart.drawn.timestamps, chart.drawn.values).map { "\($0) \($1)\n" }.joined()
        }
        // Candles: close time, open, high, low, close (the continuity rewrite changes opens,
        // highs and lows).
        let candles = plots.candleCharts.keys.sorted().map { key in
            let chart = plots.candleCharts[key]!
            let drawn = chart.drawn
            return
                "# \(key) \(chart.title): \(chart.kept.count) kept, \(drawn.count) drawn, cap \(chart.cap)\n"
                + drawn.closeTimes.indices.map { index in
                    "\(drawn.closeTimes[index]) \(drawn.open[index]) \(drawn.high[index]) \(drawn.low[index]) "
                        + "\(drawn.close[index])\n"
                }.joined()
        }
        return (lines + candles).joined()
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
