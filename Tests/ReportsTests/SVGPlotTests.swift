import Foundation
import Testing
import TrackerCore

@testable import Reports

@Suite("SVG plots")
struct SVGPlotTests {
    @Test("a long line is thinned with LTTB to 1,500 points, ends kept; short or unordered lines stay whole")
    func thinning() {
        let x = (0..<10_000).map { Double($0) / 100 }
        let y = x.map { sin($0) * 100 + $0 }
        let line = SVGPlot.Series(name: "long", x: x, y: y, color: "#000")
        let thinned = SVGPlot.thinned(line)
        #expect(thinned.x.count == SVGPlot.maximumPoints)
        #expect(thinned.x.first == x.first && thinned.x.last == x.last)
        #expect(thinned.y.max()! > y.max()! - 1 && thinned.y.min()! < y.min()! + 1)
        let short = SVGPlot.Series(
            name: "short", x: Array(x.prefix(100)), y: Array(y.prefix(100)), color: "#000")
        #expect(SVGPlot.thinned(short).x.count == 100)
        let unordered = SVGPlot.Series(name: "unordered", x: x.reversed(), y: y, color: "#000")
        #expect(SVGPlot.thinned(unordered).x.count == 10_000)
        let svg = SVGPlot(
            title: "t <&>", xAxis: .linear(title: "x", unit: .plain), yTitle: "y", series: [line]
        )
        .render()
        #expect(svg.contains("t &lt;&amp;&gt;"))
        #expect(svg.components(separatedBy: " ").count < 2 * SVGPlot.maximumPoints + 200)
    }

    @Test(
        "a time plot: UTC ticks with gridlines, nice value ticks in the unit, a legend and tooltips, all escaped"
    )
    func timePlot() {
        let start = 1_704_067_200_000.0  // 2024-01-01T00:00:00Z
        let x = (0...120).map { start + Double($0) * 60_000 }
        let plot = SVGPlot(
            title: "requests", yTitle: "requests / 60 s", yUnit: .plain,
            series: [
                .init(name: "a <b>", x: x, y: x.map { _ in 3 }, color: "#0969da"),
                .init(name: "429", x: [x[60]], y: [30], color: "#cf222e", width: 0),
            ],
            references: [(30, "plan limit", "#cf222e")])
        let svg = plot.render()
        for label in [
            ">Jan 2024<", ">00:30<", ">01:00<", ">01:30<", ">02:00<", ">0<", ">10<", ">20<", ">30<",
        ] {
            #expect(svg.contains(label), "\(label)")
        }
        #expect(svg.contains("time (UTC)"))
        #expect(svg.components(separatedBy: "class=\"grid\"").count - 1 == 5 + 4)
        #expect(svg.contains("<title>a &lt;b&gt;: 121 points, from 3.0 to 3.0</title>"))
        #expect(svg.contains(">a &lt;b&gt;</text>"))
        #expect(!svg.contains("<b>"))
        // The single 429 point is marked, though its line has no width.
        #expect(svg.contains("<circle"))
        #expect(!svg.contains("stroke-width=\"0.0\""))
    }

    @Test(
        "candles as the app draws them: green when close >= open, red below, wick low to high, evenly spaced")
    func candles() throws {
        let candles = CandleSeries(
            closeTimes: [1_704_067_200_000, 1_704_081_600_000, 1_704_096_000_000],
            open: [100, 110, 105], high: [112, 111, 106], low: [99, 103, 104], close: [110, 105, 105])
        let svg = SVGCandlePlot(title: "btc <1W>", candles: candles).render()
        let rects = svg.components(separatedBy: "<rect ").dropFirst().map {
            String($0.prefix(while: { $0 != ">" }))
        }
        // Three candles, a wick and a body each; plus the frame and two legend swatches.
        let marks = rects.filter { !$0.contains("class=") && !$0.contains("y=\"26\"") }
        #expect(marks.count == 6)
        let colors = marks.map {
            $0.contains(SVGCandlePlot.green) ? "g" : $0.contains(SVGCandlePlot.red) ? "r" : "?"
        }
        #expect(colors == ["g", "g", "r", "r", "g", "g"])  // the third is flat: close == open is green
        // Slots of 634 / 3 px: bodies clamp at 24 px, wicks at 4 px.
        #expect(marks[1].contains("width=\"24.0\"") && marks[0].contains("width=\"4.0\""))
        // Evenly spaced: the candles' centres are a slot apart whatever their times.
        #expect(svg.contains("btc &lt;1W&gt;") && !svg.contains("<1W>"))
        #expect(svg.contains("<title>Jan 2024 00:00 O 100 H 112 L 99 C 110</title>"))
        #expect(SVGCandlePlot(title: "none", candles: .empty).render().contains("no candles"))
    }

    @Test("the largest gap between the kept series and the drawn line is marked with its size")
    func largestGap() throws {
        let kept = TimeSeries(timestamps: [0, 60_000, 120_000, 180_000, 240_000], values: [0, 10, 0, 10, 0])
        let drawn = TimeSeries(timestamps: [0, 240_000], values: [0, 0])
        let chart = ReportPlotData.DrawnChart(title: "t", kept: kept, drawn: drawn, cap: 2)
        let gap = try #require(ReportPlots.largestGap(chart))
        #expect(gap.x == [60_000] && gap.y == [10])  // the first of the two farthest points
        #expect(gap.name == "largest gap: 10 (100.0 % of the range)")
        // The same distance DownsamplingFidelity reports as the chart's deviation.
        let fidelity = DownsamplingFidelity.measure(series: kept, kept: [0, 4], cap: 2)
        #expect(fidelity.maxAbsoluteDeviation == 10 && fidelity.maxRelativeDeviation == 1)
        // A line through every point has no gap.
        #expect(ReportPlots.largestGap(.init(title: "t", kept: kept, drawn: kept, cap: 5)) == nil)
    }

    @Test("chart cards say when the chart went over its cap and when it was served stale afterwards")
    func cardNotes() throws {
        #expect(ReportPlots.notes(drawn: 96, cap: 96, staleServes: 0) == "")
        #expect(ReportPlots.notes(drawn: 33, cap: 30, staleServes: 0) == ", over its cap")
        #expect(
            ReportPlots.notes(drawn: 33, cap: 30, staleServes: 2)
                == ", over its cap, then served stale 2 times (requests failed)")
        // The outage scenario serves one chart stale: its card says so, and the count is the metric's.
        let input = try ReportTests.input("scenarios/api-outage.yaml")
        let plots = input.result.plots
        let stale =
            plots.charts.map(\.staleServes).reduce(0, +) + plots.candleCharts.map(\.staleServes).reduce(0, +)
        let metric = input.result.metrics.first { $0.name == "cache.stale_served" }?.value
        #expect(stale == 1 && metric == 1)
        #expect(HTMLReport.render(input).contains("then served stale 1 time (requests failed)"))
    }
}
