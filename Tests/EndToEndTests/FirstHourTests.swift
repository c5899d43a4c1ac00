import Foundation
import TestSupport
import Testing

/// A new user's first hour (issue 38), as end-to-end runs of the CLI: each trap they met stays
/// fixed.
@Suite("A new user's first hour: no trap on the way")
struct FirstHourTests {
    @Test("compound durations are accepted in scenarios and options")
    func compoundDurations() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outcome = try WorkbenchProcess.run([
            "run", "scenarios/quickstart.yaml", "--set", "duration=1h45m", "--no-history", "--quiet", "--out",
            directory.path("q"),
        ])
        #expect(outcome.status <= 1, "\(outcome.stderr)")
        let result = try String(contentsOfFile: directory.path("q/result.json"), encoding: .utf8)
        #expect(result.contains("\"duration_ms\": 6300000"))
    }
}
