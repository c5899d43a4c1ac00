import Reports
import Testing
import WorkbenchMetrics

@Suite("sweep summary.html: percentile strips and medians side by side")
struct SweepPageTests {
    static let metrics = [
        SweepPage.Metric(
            name: "rate_limit.status_429", unit: .count, percentiles: [[0, 0, 0, 0, 0], [0, 0, 1, 3, 4]]),
        SweepPage.Metric(
            name: "cache.hit_ratio", unit: .ratio, percentiles: [[0.1, 0.12, 0.2, 0.3, 0.31], nil]),
    ]

    @Test("a strip per combination, the medians' changes against the first, labels escaped")
    func page() {
        let html = SweepPage.render(
            scenario: "a <b>", seeds: (1, 20), combinations: ["limiter=bitpal", "limiter=<spacing>"],
            metrics: Self.metrics)
        #expect(html.contains("Sweep of a &lt;b&gt;") && !html.contains("<b>"))
        #expect(html.contains("limiter=&lt;spacing&gt;"))
        // The 429 median went from 0 to 1; the other combination has no hit ratio.
        #expect(html.contains("<td>1 (+1)</td>"))
        #expect(html.contains("<td>-</td>"))
        // One strip (whisker, bar, dot) per combination with values: 2 + 1.
        #expect(html.components(separatedBy: "<circle").count - 1 == 3)
        #expect(html.contains("<title>limiter=&lt;spacing&gt;: min 0, p5 0, median 1, p95 3, max 4</title>"))
        // A count axis has whole-number ticks only.
        #expect(!html.contains(">0.5<") && !html.contains(">1.5<"))
    }

    @Test("one combination: no side-by-side table")
    func single() {
        let html = SweepPage.render(
            scenario: "s", seeds: (1, 2), combinations: ["base"], metrics: [Self.metrics[1]])
        #expect(!html.contains("Medians side by side") && html.contains("Distributions across seeds"))
    }
}
