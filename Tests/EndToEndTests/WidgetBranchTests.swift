import Foundation
import TestSupport
import Testing

/// The widget-refresh branch as a preset (`bitpal-008`) against the published app (`bitpal`), on
/// the library's `widget-branch-008.yaml`.
@Suite(
    "The widget-refresh branch: its requests, duplicates and targets against main's widget", .reapsChildren)
struct WidgetBranchTests {
    static func run(preset: String, in directory: TemporaryDirectory, as name: String) throws
        -> (status: Int32, metrics: [String: Double], events: [[String: Any]])
    {
        let outcome = try WorkbenchProcess.run([
            "run", "scenarios/widget-branch-008.yaml", "--set", "policies.preset=\(preset)", "--out",
            directory.path(name), "--no-history", "--quiet", "--events", directory.path("\(name).jsonl"),
        ])
        let result = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: directory.path("\(name)/result.json"))))
                as? [String: Any], "\(outcome.stderr)")
        let lines = try String(contentsOfFile: directory.path("\(name).jsonl"), encoding: .utf8)
        let events = try lines.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        return (outcome.status, try #require(result["metrics"] as? [String: Double]), events)
    }

    @Test("main reads a file and sends nothing; the branch sends one request per refresh, past the limiter")
    func requestsAndTargets() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let main = try Self.run(preset: "bitpal", in: directory, as: "main")
        let branch = try Self.run(preset: "bitpal-008", in: directory, as: "branch")
        // Both miss the targets the scenario lists as known failures, and only those: exit 0.
        #expect(main.status == 0 && branch.status == 0)

        #expect(main.metrics["widget.requests"] == 0)
        #expect(main.metrics["rate_limit.requests.by_screen.widget"] == 0)
        #expect(main.metrics["widget.reload_gap_max_s"] == 7_200)

        let widgetRequests = try #require(branch.metrics["widget.requests"])
        #expect(widgetRequests >= 40)
        #expect(branch.metrics["rate_limit.requests.by_screen.widget"] == widgetRequests)
        // The app's own requests are the same but for a search's mid-word query: the widget's
        // requests draw latencies from the server's stream, so the coin list can arrive a little
        // earlier or later against the typing.
        let appRequests = branch.metrics["rate_limit.requests"]! - widgetRequests
        #expect(abs(appRequests - main.metrics["rate_limit.requests"]!) <= 2)
        #expect(branch.metrics["widget.requests_per_refresh_max"] == 1)
        #expect(branch.metrics["widget.requests.duplicated"]! >= 1)
        #expect(branch.metrics["failures.widget.http_503"]! >= 1)
        #expect(branch.metrics["widget.blank_after_failure"] == 0)
        // The budget holds reloads at least 24 h / 70 apart, never the 15 minutes asked for.
        #expect(branch.metrics["widget.reloads.budgeted"]! <= 70)
        // The widget is fresher on the branch, and stale less often without its mark.
        #expect(branch.metrics["widget.p50_age_s"]! < main.metrics["widget.p50_age_s"]!)
        #expect(branch.metrics["widget.stale_unmarked_s"]! < main.metrics["widget.stale_unmarked_s"]!)

        // Every widget request goes straight out: no limiter wait, even while the app's wait.
        let widgetSends = branch.events.filter {
            $0["event"] as? String == "request_sent" && $0["screen"] as? String == "widget"
        }
        #expect(Double(widgetSends.count) == widgetRequests)
        #expect(widgetSends.allSatisfy { $0["waited_ms"] as? Int64 == 0 })
        #expect(
            widgetSends.allSatisfy {
                ($0["target"] as? String)?.hasPrefix("/coins/markets?vs_currency=usd&ids=") == true
                    && ($0["target"] as? String)?.contains("per_page") == false
            })
    }

    @Test("a scenario without the widget has no widget figures but the app's reload requests")
    func notInstalled() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outcome = try WorkbenchProcess.run([
            "run", "scenarios/quickstart.yaml", "--out", directory.path("q"), "--no-history", "--quiet",
        ])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let text = try String(contentsOfFile: directory.path("q/result.json"), encoding: .utf8)
        #expect(text.contains("\"widget.timeline_reloads\""))
        #expect(!text.contains("\"widget.reloads\"") && !text.contains("by_screen.widget"))
    }
}
