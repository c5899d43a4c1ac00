import Foundation
import TrackerCore
import WorkbenchFoundation

/// A small SVG line plot: one or more series on shared axes, with nice ticks, light gridlines, a
/// legend and a tooltip per series. Written by hand so the report needs no script and no network.
struct SVGPlot {
    /// One series.
    struct Series {
        var name: String
        var x: [Double]
        var y: [Double]
        var color: String
        var width = 1.5
        var markers = false
        var markerRadius = 2.2
    }

    /// What the x values are.
    enum XAxis {
        /// Epoch milliseconds, labelled as UTC dates and times.
        case time
        /// Plain values with a title and a unit.
        case linear(title: String, unit: ValueUnit)
    }

    var title: String
    var xAxis: XAxis = .time
    var yTitle: String
    var yUnit: ValueUnit = .plain
    var series: [Series]
    /// Horizontal reference lines: (value, label, color).
    var references: [(Double, String, String)] = []
    var width = 720.0
    var height = 270.0

    func render() -> String {
        let lines = series.map(Self.thinned)
        let xs = lines.flatMap(\.x)
        let ys = lines.flatMap(\.y) + references.map(\.0)
        guard let xMin = xs.min(), let xMax = xs.max(), let yMin = ys.min(), let yMax = ys.max() else {
            return "<p class=\"empty\">\(MarkupText.escaped(title)): no data</p>"
        }
        let frame = PlotFrame(
            width: width, height: height, axis: ValueTicks.axis(low: yMin, high: yMax), unit: yUnit)
        func px(_ x: Double) -> Double {
            frame.left + (xMax > xMin ? (x - xMin) / (xMax - xMin) : 0.5) * frame.plotWidth
        }
        var svg = frame.open(title: title) + frame.valueGrid()
        for (x, label) in xTicks(from: xMin, to: xMax) where (xMin...xMax).contains(x) {
            svg += frame.xTick(at: px(x), label: label)
        }
        svg += frame.border(xTitle: xTitle, yTitle: yTitle)
        for (value, label, color) in references {
            let y = fmt(frame.y(value))
            svg +=
                "<line x1=\"\(frame.left)\" x2=\"\(fmt(frame.right))\" y1=\"\(y)\" y2=\"\(y)\" "
                + "stroke=\"\(color)\" stroke-dasharray=\"4 3\"/>"
            svg +=
                "<text x=\"\(fmt(frame.right - 4))\" y=\"\(fmt(frame.y(value) + 13))\" class=\"tick\" text-anchor=\"end\" "
                + "fill=\"\(color)\">\(MarkupText.escaped(label))</text>"
        }
        for line in lines {
            svg += "<g><title>\(MarkupText.escaped(tooltip(line, unit: frame.axis)))</title>"
            let points = zip(line.x, line.y).map { "\(fmt(px($0))),\(fmt(frame.y($1)))" }.joined(
                separator: " ")
            if line.width > 0 {
                svg +=
                    "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(line.color)\" stroke-width=\"\(line.width)\"/>"
            }
            // A line of one or two points would be invisible or a bare segment: its points are marked.
            if line.markers || line.x.count < 3 {
                for (x, y) in zip(line.x, line.y) {
                    svg +=
                        "<circle cx=\"\(fmt(px(x)))\" cy=\"\(fmt(frame.y(y)))\" r=\"\(line.markerRadius)\" fill=\"\(line.color)\"/>"
                }
            }
            svg += "</g>"
        }
        return svg + frame.legend(lines.map { ($0.name, $0.color) }) + PlotFrame.close
    }

    /// `name: N points, from MIN to MAX`.
    private func tooltip(_ line: Series, unit axis: ValueTicks.Axis) -> String {
        guard let low = line.y.min(), let high = line.y.max() else { return "\(line.name): no points" }
        let label = { (value: Double) in ValueTicks.label(value, step: axis.step / 100, unit: yUnit) }
        return "\(line.name): \(line.y.count) points, from \(label(low)) to \(label(high))"
    }

    private var xTitle: String {
        switch xAxis {
        case .time: "time (UTC)"
        case .linear(let title, _): title
        }
    }

    private func xTicks(from low: Double, to high: Double) -> [(Double, String)] {
        switch xAxis {
        case .time:
            return TimeTicks.ticks(from: Int64(low.rounded(.up)), to: Int64(high.rounded(.down))).map {
                (Double($0.time), $0.label)
            }
        case .linear(_, let unit):
            let axis = ValueTicks.axis(low: low, high: high)
            return axis.ticks(in: unit).map { ($0, ValueTicks.label($0, step: axis.step, unit: unit)) }
        }
    }

    /// The most points a line keeps; a plot is about 700 pixels wide.
    static let maximumPoints = 1_500

    /// A long line thinned with the workbench's own LTTB (its shape kept, its extremes mostly
    /// kept), so a year of requests does not weigh megabytes. Lines with x out of order stay whole.
    static func thinned(_ line: Series) -> Series {
        guard line.x.count > maximumPoints, zip(line.x, line.x.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            return line
        }
        // Milliseconds on a time axis (x 1000 keeps three decimals of a linear one).
        let x = line.x.map { Int64(($0 * 1000).rounded()) }
        guard let kept = try? DownsamplingAlgorithm.lttb.indices(x: x, y: line.y, nOut: maximumPoints) else {
            return line
        }
        var thinned = line
        thinned.x = kept.map { line.x[$0] }
        thinned.y = kept.map { line.y[$0] }
        return thinned
    }

    private func fmt(_ value: Double) -> String { PlotFrame.format(value) }
}
