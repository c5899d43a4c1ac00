import Foundation
import TrackerCore

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

    private let margin = (left: 70.0, right: 16.0, top: 44.0, bottom: 40.0)

    func render() -> String {
        let lines = series.map(Self.thinned)
        let xs = lines.flatMap(\.x)
        let ys = lines.flatMap(\.y) + references.map(\.0)
        guard let xMin = xs.min(), let xMax = xs.max(), let yMin = ys.min(), let yMax = ys.max() else {
            return "<p class=\"empty\">\(HTMLText.escaped(title)): no data</p>"
        }
        let yAxis = ValueTicks.axis(low: yMin, high: yMax)
        let frame = (
            left: margin.left, top: margin.top, width: width - margin.left - margin.right,
            height: height - margin.top - margin.bottom
        )
        func px(_ x: Double) -> Double {
            frame.left + (xMax > xMin ? (x - xMin) / (xMax - xMin) : 0.5) * frame.width
        }
        func py(_ y: Double) -> Double {
            frame.top + (1 - (y - yAxis.lower) / (yAxis.upper - yAxis.lower)) * frame.height
        }
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" "
            + "role=\"img\" aria-label=\"\(HTMLText.escaped(title))\">"
        svg += "<text x=\"\(frame.left)\" y=\"16\" class=\"title\">\(HTMLText.escaped(title))</text>"
        for tick in yAxis.values {
            let y = fmt(py(tick))
            svg +=
                "<line x1=\"\(frame.left)\" x2=\"\(fmt(frame.left + frame.width))\" y1=\"\(y)\" y2=\"\(y)\" class=\"grid\"/>"
            svg +=
                "<text x=\"\(frame.left - 6)\" y=\"\(fmt(py(tick) + 4))\" class=\"tick\" text-anchor=\"end\">"
                + "\(HTMLText.escaped(ValueTicks.label(tick, step: yAxis.step, unit: yUnit)))</text>"
        }
        for (x, label) in xTicks(from: xMin, to: xMax) where (xMin...xMax).contains(x) {
            let position = fmt(px(x))
            svg +=
                "<line x1=\"\(position)\" x2=\"\(position)\" y1=\"\(frame.top)\" y2=\"\(fmt(frame.top + frame.height))\" class=\"grid\"/>"
            // A label near either end of the axis is anchored inside the plot, not cut off.
            let halfLabel = Double(label.count) * 3.3
            let anchor =
                px(x) + halfLabel > width ? "end" : px(x) - halfLabel < frame.left - 30 ? "start" : "middle"
            svg +=
                "<text x=\"\(position)\" y=\"\(fmt(frame.top + frame.height + 14))\" class=\"tick\" text-anchor=\"\(anchor)\">"
                + "\(HTMLText.escaped(label))</text>"
        }
        svg +=
            "<rect x=\"\(frame.left)\" y=\"\(frame.top)\" width=\"\(fmt(frame.width))\" height=\"\(fmt(frame.height))\" class=\"frame\"/>"
        svg +=
            "<text x=\"\(fmt(frame.left + frame.width))\" y=\"\(height - 6)\" class=\"axis\" text-anchor=\"end\">"
            + "\(HTMLText.escaped(xTitle))</text>"
        svg +=
            "<text x=\"12\" y=\"\(fmt(frame.top + frame.height / 2))\" class=\"axis\" "
            + "transform=\"rotate(-90 12 \(fmt(frame.top + frame.height / 2)))\" text-anchor=\"middle\">"
            + "\(HTMLText.escaped(yTitle))</text>"
        for (value, label, color) in references {
            let y = fmt(py(value))
            svg +=
                "<line x1=\"\(frame.left)\" x2=\"\(fmt(frame.left + frame.width))\" y1=\"\(y)\" y2=\"\(y)\" "
                + "stroke=\"\(color)\" stroke-dasharray=\"4 3\"/>"
            svg +=
                "<text x=\"\(fmt(frame.left + frame.width - 4))\" y=\"\(fmt(py(value) + 13))\" class=\"tick\" text-anchor=\"end\" "
                + "fill=\"\(color)\">\(HTMLText.escaped(label))</text>"
        }
        for line in lines {
            svg += "<g><title>\(HTMLText.escaped(tooltip(line, unit: yAxis)))</title>"
            let points = zip(line.x, line.y).map { "\(fmt(px($0))),\(fmt(py($1)))" }.joined(separator: " ")
            if line.width > 0 {
                svg +=
                    "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(line.color)\" stroke-width=\"\(line.width)\"/>"
            }
            // A line of one or two points would be invisible or a bare segment: its points are marked.
            if line.markers || line.x.count < 3 {
                for (x, y) in zip(line.x, line.y) {
                    svg +=
                        "<circle cx=\"\(fmt(px(x)))\" cy=\"\(fmt(py(y)))\" r=\"2.2\" fill=\"\(line.color)\"/>"
                }
            }
            svg += "</g>"
        }
        return svg + legend(lines) + "</svg>"
    }

    /// The legend, one swatch and name per series, along the top right.
    private func legend(_ lines: [Series]) -> String {
        var svg = ""
        var right = width - margin.right
        for line in lines.reversed() {
            let textWidth = Double(line.name.count) * 6.2
            let left = right - textWidth - 16
            svg += "<rect x=\"\(fmt(left))\" y=\"26\" width=\"10\" height=\"10\" fill=\"\(line.color)\"/>"
            svg +=
                "<text x=\"\(fmt(left + 14))\" y=\"35\" class=\"legend\">\(HTMLText.escaped(line.name))</text>"
            right = left - 14
        }
        return svg
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
            return axis.values.map { ($0, ValueTicks.label($0, step: axis.step, unit: unit)) }
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

    private func fmt(_ value: Double) -> String { String(format: "%.1f", value) }
}

/// Escaping for HTML text and attributes: every text from a dataset or scenario goes through it.
enum HTMLText {
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
