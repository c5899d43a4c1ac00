import Reports
import Testing
import WorkbenchMetrics

/// `compare`'s ordering and verdicts (``MetricComparison``, ``MetricDirection``); each metric's
/// direction is the simulator's (`RunMetricsTests`).
@Suite("Comparing two runs: changes first, judged by direction; one-sided metrics apart")
struct MetricComparisonTests {
    @Test("a verdict: lower-is-better improves as it falls, higher-is-better as it rises")
    func verdicts() {
        #expect(MetricDirection.lowerIsBetter.judge(10, 5) == true)
        #expect(MetricDirection.higherIsBetter.judge(10, 5) == false)
        #expect(MetricDirection.higherIsBetter.judge(5, 5) == nil)
    }

    @Test("changed metrics first by relative change; equal ones and one-sided ones apart")
    func ordering() {
        let comparison = MetricComparison(
            first: [
                "rate_limit.requests": 100, "cache.hit_ratio": 0.1, "charts.renders": 4, "alerts.fired": 1,
            ],
            second: [
                "rate_limit.requests": 150, "cache.hit_ratio": 0.3, "charts.renders": 5, "alerts.fired": 1,
                "widget.requests": 60,
            ],
            units: ["cache.hit_ratio": .ratio],
            direction: { ["cache.hit_ratio": .higherIsBetter, "rate_limit.requests": .lowerIsBetter][$0] })
        #expect(
            comparison.changed.map(\.name) == ["cache.hit_ratio", "rate_limit.requests", "charts.renders"])
        #expect(comparison.changed.map(\.better) == [true, false, nil])
        #expect(comparison.unchanged.map(\.name) == ["alerts.fired"])
        #expect(comparison.oneSided.map(\.name) == ["widget.requests"])
        #expect(
            comparison.summary
                == "3 metric(s) changed: 1 better, 1 worse, 1 without a direction; 1 only in one run (listed last, not changes)"
        )
        let cells = MetricComparison.cells(comparison.changed)
        #expect(cells[0] == ["cache.hit_ratio", "10 %", "30 %", "+20 pp", "+200.0%", "better"])
    }
}
