import Foundation
import TestSupport
import Testing

@Suite("Parallel runs sharing one history database lose no row", .reapsChildren)
struct RunHistoryConcurrencyTests {
    @Test("sixteen runs at once, into a history file none of them has created yet: sixteen rows")
    func sixteenRuns() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = directory.path("s.yaml")
        try Data(BadScenario.base.utf8).write(to: URL(fileURLWithPath: scenario))
        let history = directory.path("history.sqlite")
        let statuses = try await withThrowingTaskGroup(of: (Int32, String).self) { group in
            for index in 0..<16 {
                group.addTask {
                    let outcome = try WorkbenchProcess.run(
                        [
                            "run", scenario, "--out", directory.path("run\(index)"), "--history", history,
                            "--quiet",
                        ],
                        timeout: 120)
                    return (outcome.status, outcome.stderr)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for (status, stderr) in statuses { #expect(status == 0, "\(stderr)") }
        let listed = try WorkbenchProcess.run(["history", "--history", history, "--limit", "100"])
        #expect(listed.status == 0)
        #expect(listed.stdout.split(separator: "\n").count == 17, "\(listed.stdout)")  // header and 16 runs
    }
}
