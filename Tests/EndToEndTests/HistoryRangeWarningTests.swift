import Foundation
import TestSupport
import Testing

/// A chart range that reaches before the market's history is named before the run (issue 69):
/// it used to draw a "1Y" line of 32 points with no word.
@Suite("Chart ranges longer than the history are named", .reapsChildren)
struct HistoryRangeWarningTests {
    @Test("30 days of history: the 1Y charts the script shows are named once, the 1M chart is not")
    func shortHistory() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let short = try WorkbenchProcess.run([
            "run", "scenarios/chart-regression.yaml", "--set", "market.history=30d", "--no-history",
            "--no-fixes",
            "--quiet", "--out", folder.path("short"),
        ])
        let warnings = short.stderr.split(separator: "\n").filter {
            $0.contains("warning: the script shows the")
        }
        // The line and the candles at 1Y: one range, one warning, at its first showing (6 min).
        #expect(warnings.count == 1, "\(short.stderr)")
        #expect(warnings.first?.contains("the 1Y chart at 2024-") == true, "\(short.stderr)")
        #expect(warnings.first?.contains("market.history: 365d or more") == true, "\(short.stderr)")
        // The library scenario's own year of history covers every range it shows: no warning.
        let full = try WorkbenchProcess.run([
            "run", "scenarios/chart-regression.yaml", "--no-history", "--no-fixes", "--quiet", "--out",
            folder.path("full"),
        ])
        #expect(!full.stderr.contains("warning: the script shows"), "\(full.stderr)")
    }
}
