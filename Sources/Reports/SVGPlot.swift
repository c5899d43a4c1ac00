import Foundation
import TrackerCore

/// A small SVG line plot: one or more series on shared axes, with the extremes labelled. Written
/// by hand so the report needs no script and no network.
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

    var title: String
    var xLabel: String
    var yLabel: String
    var series: [Series]
    /// Horizontal reference lines: (value, label, color).
    var references: [(Double, String, String)] = []
    var width = 720.0
    var height = 260.0

    private let margin = (left: 64.0, right: 16.0, top: 28.0, bottom: 40.0)

    func render() -> String {
        let xs = series.flatMap(\.x)
        let ys = series.flatMap(\.y) + references.map(\.0)
        guard let xMin = xs.min(), let xMax = xs.max(), let yMinRaw = ys.min(), let yMaxRaw = ys.max() else {
            return "<p class=\"empty\">\(HTMLText.escaped(title)): no data</p>"
        }
        let pad = (yMaxRaw - yMinRaw) * 0.05
        let (yMin, yMax) = yMaxRaw > yMinRaw ? (yMinRaw - pad, yMaxRaw + pad) : (yMinRaw - 1, yMaxRaw + 1)
        let plotWidth = width - margin.left - margin.right
        let plotHeight = height - margin.top - margin.bottom
        func px(_ x: Double) -> Double {
            margin.left + (xMax > xMin ? (x - xMin) / (xMax - xMin) : 0.5) * plotWidth
        }
        func py(_ y: Double) -> Double { margin.top + (1 - (y - yMin) / (yMax - yMin)) * plotHeight }
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" "
            + "role=\"img\" aria-label=\"\(HTMLText.escaped(title))\">"
        svg += "<text x=\"\(margin.left)\" y=\"18\" class=\"title\">\(HTMLText.escaped(title))</text>"
        svg +=
            "<rect x=\"\(margin.left)\" y=\"\(margin.top)\" width=\"\(plotWidth)\" height=\"\(plotHeight)\" class=\"frame\"/>"
        for (label, y) in [(yMaxRaw, py(yMaxRaw)), (yMinRaw, py(yMinRaw))] {
            svg +=
                "<text x=\"\(margin.left - 4)\" y=\"\(fmt(y + 4))\" class=\"tick\" text-anchor=\"end\">\(short(label))</text>"
        }
        svg +=
            "<text x=\"\(margin.left)\" y=\"\(height - 22)\" class=\"tick\">\(HTMLText.escaped(xLabel)) \(short(xMin))</text>"
        svg +=
            "<text x=\"\(width - margin.right)\" y=\"\(height - 22)\" class=\"tick\" text-anchor=\"end\">\(short(xMax))</text>"
        svg +=
            "<text x=\"12\" y=\"\(margin.top + plotHeight / 2)\" class=\"tick\" transform=\"rotate(-90 12 \(margin.top + plotHeight / 2))\" "
            + "text-anchor=\"middle\">\(HTMLText.escaped(yLabel))</text>"
        for (value, label, color) in references {
            svg +=
                "<line x1=\"\(margin.left)\" x2=\"\(width - margin.right)\" y1=\"\(fmt(py(value)))\" y2=\"\(fmt(py(value)))\" "
                + "stroke=\"\(color)\" stroke-dasharray=\"4 3\"/>"
            svg +=
                "<text x=\"\(width - margin.right - 4)\" y=\"\(fmt(py(value) - 4))\" class=\"tick\" text-anchor=\"end\" "
                + "fill=\"\(color)\">\(HTMLText.escaped(label))</text>"
        }
        for (index, line) in series.map(Self.thinned).enumerated() {
            let points = zip(line.x, line.y).map { "\(fmt(px($0))),\(fmt(py($1)))" }.joined(separator: " ")
            svg +=
                "<polyline points=\"\(points)\" fill=\"none\" stroke=\"\(line.color)\" stroke-width=\"\(line.width)\"/>"
            if line.markers {
                for (x, y) in zip(line.x, line.y) {
                    svg +=
                        "<circle cx=\"\(fmt(px(x)))\" cy=\"\(fmt(py(y)))\" r=\"2.2\" fill=\"\(line.color)\"/>"
                }
            }
            svg +=
                "<text x=\"\(margin.left + 8 + Double(index) * 180)\" y=\"\(height - 6)\" class=\"legend\" "
                + "fill=\"\(line.color)\">\(HTMLText.escaped(line.name))</text>"
        }
        return svg + "</svg>"
    }

    /// The most points a line keeps; a plot is about 700 pixels wide.
    static let maximumPoints = 1_500

    /// A long line thinned with the workbench's own LTTB (its shape kept, its extremes mostly
    /// kept), so a year of requests does not weigh megabytes. Lines with x out of order stay whole.
    static func thinned(_ line: Series) -> Series {
        guard line.x.count > maximumPoints, zip(line.x, line.x.dropFirst()).allSatisfy({ $0 <= $1 }) else {
            return line
        }
        let x = line.x.map { Int64(($0 * 1e6).rounded()) }
        guard let kept = try? DownsamplingAlgorithm.lttb.indices(x: x, y: line.y, nOut: maximumPoints) else {
            return line
        }
        var thinned = line
        thinned.x = kept.map { line.x[$0] }
        thinned.y = kept.map { line.y[$0] }
        return thinned
    }

    private func fmt(_ value: Double) -> String { String(format: "%.1f", value) }

    private func short(_ value: Double) -> String {
        abs(value) >= 1e5 || (abs(value) < 0.01 && value != 0)
            ? String(format: "%.3g", value) : String(format: "%.2f", value)
    }
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
