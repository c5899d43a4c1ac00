import Foundation
import WorkbenchFoundation

/// The frame every report plot draws in: the title, the value axis with its gridlines and
/// labels, x tick marks, the border and the axis titles. Plots place their marks with ``y(_:)``.
struct PlotFrame {
    /// The SVG's size.
    let width: Double
    let height: Double
    /// The value axis.
    let axis: ValueTicks.Axis
    let unit: ValueUnit

    /// The plotting area, inside the margins.
    let left = 70.0
    let top = 44.0
    var plotWidth: Double { width - left - 16 }
    var plotHeight: Double { height - top - 40 }
    var right: Double { left + plotWidth }
    var bottom: Double { top + plotHeight }

    /// The vertical position of a value.
    func y(_ value: Double) -> Double {
        top + (1 - (value - axis.lower) / (axis.upper - axis.lower)) * plotHeight
    }

    /// `<svg>` opened, with the title, inside a `wide` block: on a narrow screen the plot keeps a
    /// legible width and scrolls sideways instead of shrinking its text.
    ///
    /// A title too long for one line keeps its head (up to the first `: `) on top and puts the
    /// rest at the bottom left, under the plot, where only the x axis' title sits at the right;
    /// what still does not fit is cut with an ellipsis, and the whole title is in the SVG's label
    /// and tooltip.
    func open(title: String) -> String {
        let available = width - left - 4
        let svg =
            Self.openSVG(width: width, height: height, label: title)
            + "<title>\(MarkupText.escaped(title))</title>"
        guard Double(title.count) * Self.titleCharacterWidth > available,
            let split = title.range(of: ": ")
        else {
            return svg + "<text x=\"\(left)\" y=\"16\" class=\"title\">"
                + "\(MarkupText.escaped(Self.fitted(title, characterWidth: Self.titleCharacterWidth, in: available)))</text>"
        }
        let head = String(title[..<split.lowerBound])
        let rest = String(title[split.upperBound...])
        // The bottom line stops short of the x axis' title at the right.
        let bottomRoom = width - left - 4 - 90
        return svg
            + "<text x=\"\(left)\" y=\"16\" class=\"title\">"
            + "\(MarkupText.escaped(Self.fitted(head, characterWidth: Self.titleCharacterWidth, in: available)))</text>"
            + "<text x=\"\(left)\" y=\"\(height - 6)\" class=\"axis\">"
            + "\(MarkupText.escaped(Self.fitted(rest, characterWidth: Self.axisCharacterWidth, in: bottomRoom)))</text>"
    }

    /// Widths of an average character, in SVG units: the 13 px semi-bold title and 11 px axis text.
    static let titleCharacterWidth = 7.6
    static let axisCharacterWidth = 6.4

    /// `text` cut with an ellipsis to fit `room` at `characterWidth` a character.
    static func fitted(_ text: String, characterWidth: Double, in room: Double) -> String {
        let most = Int(room / characterWidth)
        guard text.count > most, most > 1 else { return text }
        return String(text.prefix(most - 1)) + "\u{2026}"
    }

    /// A gridline and a label at every value tick.
    func valueGrid() -> String {
        axis.values.map { tick in
            let position = Self.format(y(tick))
            return
                "<line x1=\"\(left)\" x2=\"\(Self.format(right))\" y1=\"\(position)\" y2=\"\(position)\" class=\"grid\"/>"
                + "<text x=\"\(left - 6)\" y=\"\(Self.format(y(tick) + 4))\" class=\"tick\" text-anchor=\"end\">"
                + "\(MarkupText.escaped(ValueTicks.label(tick, step: axis.step, unit: unit)))</text>"
        }.joined()
    }

    /// A vertical gridline and its label under the axis; a label near either end is anchored
    /// inside the plot, not cut off.
    func xTick(at x: Double, label: String) -> String {
        let position = Self.format(x)
        let anchor = Self.anchor(of: label, at: x, from: left - 30, to: width)
        return
            "<line x1=\"\(position)\" x2=\"\(position)\" y1=\"\(top)\" y2=\"\(Self.format(bottom))\" class=\"grid\"/>"
            + "<text x=\"\(position)\" y=\"\(Self.format(bottom + 14))\" class=\"tick\" text-anchor=\"\(anchor)\">"
            + "\(MarkupText.escaped(label))</text>"
    }

    /// `start`, `middle` or `end`: how to anchor a label centred at `x` so that it stays
    /// between `low` and `high` (about 6.6 px a character at 11 px).
    static func anchor(of label: String, at x: Double, from low: Double, to high: Double) -> String {
        let half = Double(label.count) * 3.3
        return x + half > high ? "end" : x - half < low ? "start" : "middle"
    }

    /// The border and the two axis titles.
    func border(xTitle: String, yTitle: String) -> String {
        "<rect x=\"\(left)\" y=\"\(top)\" width=\"\(Self.format(plotWidth))\" height=\"\(Self.format(plotHeight))\" class=\"frame\"/>"
            + "<text x=\"\(Self.format(right))\" y=\"\(height - 6)\" class=\"axis\" text-anchor=\"end\">"
            + "\(MarkupText.escaped(xTitle))</text>"
            + "<text x=\"12\" y=\"\(Self.format(top + plotHeight / 2))\" class=\"axis\" "
            + "transform=\"rotate(-90 12 \(Self.format(top + plotHeight / 2)))\" text-anchor=\"middle\">"
            + "\(MarkupText.escaped(yTitle))</text>"
    }

    /// A legend, one swatch and name per entry, along the top right.
    func legend(_ entries: [(name: String, color: String)]) -> String {
        var svg = ""
        var position = right
        for entry in entries.reversed() {
            let start = position - Double(entry.name.count) * 6.2 - 16
            svg +=
                "<rect x=\"\(Self.format(start))\" y=\"26\" width=\"10\" height=\"10\" fill=\"\(entry.color)\"/>"
            svg +=
                "<text x=\"\(Self.format(start + 14))\" y=\"35\" class=\"legend\">\(MarkupText.escaped(entry.name))</text>"
            position = start - 14
        }
        return svg
    }

    /// An `<svg>` of the given size opened inside a `wide` block, described by `label`.
    static func openSVG(width: Double, height: Double, label: String) -> String {
        "<div class=\"wide\"><svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" "
            + "role=\"img\" aria-label=\"\(MarkupText.escaped(label))\">"
    }

    /// Closes what ``open(title:)`` and ``openSVG(width:height:label:)`` opened.
    static let close = "</svg></div>"

    /// One decimal, as every coordinate is written.
    static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
