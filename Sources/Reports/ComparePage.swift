import Foundation
import WorkbenchFoundation
import WorkbenchMetrics

/// `compare A B --html`: the metrics that changed, drawn as relative changes, with the full
/// table; and the two runs' time series overlaid when both runs kept them (`series.json`).
public enum ComparePage {
    /// The most metrics drawn as bars (the table lists them all).
    static let barLimit = 25

    /// The page.
    ///
    /// - Parameters:
    ///   - labels: How the two runs are named (their paths or ids).
    ///   - comparison: The two runs' metrics (``MetricComparison``).
    ///   - all: Whether the table lists the unchanged metrics too.
    ///   - series: Each run's series, when it kept them.
    public static func render(
        labels: (String, String), comparison: MetricComparison, all: Bool = false,
        series: (RunSeries?, RunSeries?)
    ) -> String {
        let (a, b) = (MarkupText.escaped(labels.0), MarkupText.escaped(labels.1))
        var body = "<h1>Comparison</h1><p class=\"meta\">A: <code>\(a)</code><br>B: <code>\(b)</code></p>"
        let rows = comparison.changed + (all ? comparison.unchanged : []) + comparison.oneSided
        body += "<h2>Metrics that changed (\(comparison.changed.count) of \(rows.count))</h2>"
        body += "<p class=\"meta\">\(MarkupText.escaped(comparison.summary)).</p>"
        body += bars(
            comparison.changed.compactMap { row in row.relativeChange.map { (row.name, $0) } }.prefix(
                barLimit))
        body += HTMLReport.table(
            ["metric", "A", "B", "delta", "change", "verdict"], MetricComparison.cells(rows))
        body += overlays(series)
        return HTMLReport.page(title: "Comparison", body: body)
    }

    /// Horizontal bars of relative change, B against A: right and blue up, left and orange down.
    private static func bars(_ changes: ArraySlice<(String, Double)>) -> String {
        guard !changes.isEmpty else {
            return "<p class=\"empty\">No metric with a value in both runs changed.</p>"
        }
        let largest = max(changes.map { abs($0.1) }.max() ?? 1, 1e-12)
        let rowHeight = 20.0
        let height = 20 + rowHeight * Double(changes.count)
        // Columns: the name (ending at 250), the change (ending at 320), the bars around 520.
        let (nameEnd, changeEnd, middle, half) = (250.0, 320.0, 520.0, 190.0)
        let f = PlotFrame.format
        var svg = PlotFrame.openSVG(
            width: 720, height: height, label: "relative change of each metric, B against A")
        svg += "<line x1=\"\(middle)\" x2=\"\(middle)\" y1=\"4\" y2=\"\(f(height - 4))\" class=\"grid\"/>"
        for (row, (name, change)) in changes.enumerated() {
            let y = 10 + rowHeight * Double(row)
            let width = max(abs(change) / largest * half, 1)
            let x = change >= 0 ? middle : middle - width
            let text = String(format: "%+.1f %%", change * 100)
            svg += "<g><title>\(MarkupText.escaped(name)): \(text)</title>"
            svg +=
                "<text x=\"\(nameEnd)\" y=\"\(f(y + 11))\" class=\"tick\" text-anchor=\"end\">"
                + "\(MarkupText.escaped(String(name.prefix(40))))</text>"
            svg +=
                "<text x=\"\(changeEnd)\" y=\"\(f(y + 11))\" class=\"tick\" text-anchor=\"end\">\(text)</text>"
            svg +=
                "<rect x=\"\(f(x))\" y=\"\(f(y + 2))\" width=\"\(f(width))\" height=\"12\" "
                + "fill=\"\(change >= 0 ? "#0969da" : "#bc4c00")\"/></g>"
        }
        return svg + PlotFrame.close
    }

    /// Each series both runs kept, A and B on one plot.
    private static func overlays(_ series: (RunSeries?, RunSeries?)) -> String {
        guard let first = series.0, let second = series.1 else {
            return
                "<p class=\"empty\">The time series are overlaid when both runs are folders with a series.json "
                + "(written by workbench run).</p>"
        }
        var html = "<h2>Time series, A and B overlaid</h2>"
        for line in first.lines {
            guard let other = second.lines.first(where: { $0.key == line.key }) else { continue }
            html += SVGPlot(
                title: line.title, yTitle: line.axis, yUnit: line.unit,
                series: [
                    .init(
                        name: "A", x: line.time.map(Double.init), y: line.value, color: "#0969da", width: 1.2),
                    .init(
                        name: "B", x: other.time.map(Double.init), y: other.value, color: "#bc4c00",
                        width: 1.2),
                ]
            ).render()
        }
        return html
    }
}
