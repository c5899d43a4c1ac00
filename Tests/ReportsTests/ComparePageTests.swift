import Reports
import Testing
import WorkbenchMetrics

@Suite("compare --html: the changes as bars, the table, the series overlaid")
struct ComparePageTests {
    static let comparison = MetricComparison(
        first: ["rate_limit.wait_s": 3.0, "cache.hit_ratio": 0.2, "freshness.max_age_s": 100],
        second: [
            "rate_limit.wait_s": 7.5, "cache.hit_ratio": 0.15, "<new>": 1.0, "freshness.max_age_s": 100.01,
        ],
        units: ["rate_limit.wait_s": .seconds, "cache.hit_ratio": .ratio, "freshness.max_age_s": .seconds],
        direction: {
            [
                "rate_limit.wait_s": .lowerIsBetter, "cache.hit_ratio": .higherIsBetter,
                "freshness.max_age_s": .lowerIsBetter,
            ][$0]
        })

    static func series(_ values: [Double]) -> RunSeries {
        let times: [Int64] = values.indices.map { 1_704_067_200_000 + Int64($0) * 60_000 }
        let line = RunSeries.Line(
            key: "cache_hit_ratio", title: "Cache hit ratio", axis: "hit ratio", unit: .ratioAsPercent,
            time: times,
            value: values)
        return RunSeries(lines: [line])
    }

    @Test("bars for the metrics both runs have, every row in the table, the labels escaped")
    func page() {
        let html = ComparePage.render(
            labels: ("out/<a>", "out/b"), comparison: Self.comparison,
            series: (Self.series([0.5, 0.4, 0.3]), Self.series([0.5, 0.45, 0.35])))
        #expect(html.contains("out/&lt;a&gt;") && !html.contains("<a>"))
        #expect(html.contains("Metrics that changed (2 of 3)"))
        // A better or worse column, as the terminal's table has.
        #expect(html.contains("<th>verdict</th>") && html.contains("<td>worse</td>"))
        #expect(html.contains("1 differ by less than 0.05 % (counted as unchanged)"))
        // Two bars: +150 % (right, blue) and -25 % (left, orange); the new metric has no bar.
        #expect(html.contains(">+150.0 %</text>") && html.contains(">-25.0 %</text>"))
        #expect(html.components(separatedBy: "height=\"12\" fill=\"#0969da\"").count - 1 == 1)
        #expect(html.components(separatedBy: "height=\"12\" fill=\"#bc4c00\"").count - 1 == 1)
        #expect(html.contains("<td>&lt;new&gt;</td><td>-</td><td>1</td>"))
        #expect(html.contains("<td>\(MetricFormatting.delta(4.5, .seconds))</td>"))
        #expect(
            html.contains("Time series, A and B overlaid") && html.contains("aria-label=\"Cache hit ratio\""))
    }

    @Test("without both runs' series, the page says how to get them")
    func noSeries() {
        let html = ComparePage.render(
            labels: ("1", "2"), comparison: Self.comparison, series: (nil, Self.series([1])))
        #expect(html.contains("series.json") && !html.contains("Time series, A and B overlaid"))
    }
}
