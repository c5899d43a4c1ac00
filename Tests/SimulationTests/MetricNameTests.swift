import AppHosting
import Foundation
import TestSupport
import Testing
import WorkbenchMetrics

/// Metric names are declared once (`MetricName`) and read through that declaration.
@Suite("Metric names: declared once, never written as literals where they are read")
struct MetricNameTests {
    @Test("every declared name is one a run produces")
    func declaredNamesAreKnown() {
        for name in MetricName.all { #expect(RunMetrics.isKnownName(name), "\(name)") }
        #expect(Set(MetricName.all).count == MetricName.all.count)
    }

    @Test("no metric name is a string literal in Reports, Sweeps, Fleets, Runs or the CLI")
    func noLiterals() throws {
        let known = Set(RunMetrics.knownMetricNames)
        let pattern = try Regex(#""([a-z0-9_]+(?:\.[a-z0-9_]+)+)""#)
        var found: [String] = []
        for module in ["Reports", "Sweeps", "Fleets", "Runs", "workbench"] {
            let folder = RepositoryFiles.root.appendingPathComponent("Sources/\(module)")
            let files =
                FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
                    .enumerated()
                where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                    for match in line.matches(of: pattern) {
                        let name = String(match.output[1].substring ?? "")
                        if known.contains(name) {
                            found.append("Sources/\(module)/\(file):\(number + 1): \(name)")
                        }
                    }
                }
            }
        }
        #expect(found.isEmpty, "metric names written as literals (use MetricName): \(found)")
    }
}
