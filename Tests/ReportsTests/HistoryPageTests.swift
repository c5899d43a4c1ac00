import Foundation
import Reports
import Testing
import WorkbenchMetrics

@Suite("history --html: runs with links and a trend line per metric per scenario")
struct HistoryPageTests {
    static func run(_ id: Int64, _ scenario: String, hitRatio: Double?, link: String?) -> HistoryPage.Run {
        HistoryPage.Run(
            id: id, recordedAt: 1_704_067_200_000 + id * 60_000, scenario: scenario, seed: UInt64(id),
            hash: "abcdef12",
            version: "0.8.0", reportLink: link, metrics: hitRatio.map { ["cache.hit_ratio": $0] } ?? [:],
            units: ["cache.hit_ratio": "ratio"])
    }

    @Test("a table of runs, newest first, and one trend per scenario; text escaped, links kept to paths")
    func page() {
        let runs = [
            Self.run(4, "<script>x</script>", hitRatio: 0.5, link: "../a?b#c/report.html"),
            Self.run(3, "quickstart", hitRatio: 0.25, link: "../q3/report.html"),
            Self.run(2, "quickstart", hitRatio: nil, link: nil),
            Self.run(1, "quickstart", hitRatio: 0.2, link: "javascript:alert(1)"),
        ]
        let html = HistoryPage.render(runs: runs, metrics: ["cache.hit_ratio"])
        #expect(html.contains("<h1>Run history</h1>") && html.contains("4 runs, newest first."))
        #expect(!html.contains("<script>") && html.contains("&lt;script&gt;x&lt;/script&gt;"))
        #expect(html.contains("href=\"../a%3Fb%23c/report.html\""))
        #expect(html.contains("href=\"../q3/report.html\""))
        // A scheme-like link stays a relative path: its colon is encoded.
        #expect(html.contains("href=\"javascript%3Aalert(1)\"") && !html.contains("href=\"javascript:"))
        #expect(html.contains("cache.hit_ratio across 2 runs"))  // quickstart: run 2 has no value
        #expect(html.contains("cache.hit_ratio across 1 runs"))
        #expect(html.contains("<td>-</td>"))
        #expect(html.contains(">20 %<") && html.contains(">25 %<"))  // the trend's axis, 1 % a tick
        #expect(!html.contains(">1.5<"))  // run ids are whole numbers
        #expect(html.contains("<td>\(MetricFormatting.text(0.25, .ratio))</td>"))
    }
}
