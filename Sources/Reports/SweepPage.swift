import Foundation
import WorkbenchFoundation
import WorkbenchMetrics

/// `sweep`'s `summary.html`: per headline metric, each combination's distribution across the
/// seeds as a percentile strip (the whisker from the minimum to the maximum, the bar from the 5th
/// to the 95th percentile, the dot at the median); and, when the grid varies the policies, the
/// combinations side by side with each median's change against the first combination.
public enum SweepPage {
    /// One metric across the combinations.
    public struct Metric: Sendable, Equatable {
        /// The stable name.
        public var name: String
        /// The unit, when known.
        public var unit: MetricUnit?
        /// Per combination, in the page's order: minimum, 5th, 50th and 95th percentile, maximum;
        /// nil where the combination has no value.
        public var percentiles: [[Double]?]

        /// Creates a metric.
        public init(name: String, unit: MetricUnit?, percentiles: [[Double]?]) {
            self.name = name
            self.unit = unit
            self.percentiles = percentiles
        }
    }

    /// The page.
    ///
    /// - Parameters:
    ///   - scenario: The scenario swept.
    ///   - seeds: The first and last seed.
    ///   - combinations: Each combination's label, in plan order.
    ///   - metrics: The headline metrics.
    ///   - verdicts: Per combination, the table row of its expectations' verdicts (`passed`,
    ///     `failed`, `failing seeds`); the first row is the header.
    public static func render(
        scenario: String, seeds: (first: UInt64, last: UInt64), combinations: [String], metrics: [Metric],
        verdicts: [[String]] = []
    ) -> String {
        var body = "<h1>Sweep of \(MarkupText.escaped(scenario))</h1>"
        body +=
            "<p class=\"meta\">Seeds \(seeds.first)..\(seeds.last), \(combinations.count) combinations. "
            + "Each strip: the line runs from the minimum to the maximum across the seeds, the bar from the 5th "
            + "to the 95th percentile, the dot is the median.</p>"
        if let header = verdicts.first {
            body += "<h2>Expectations</h2>" + HTMLReport.table(header, Array(verdicts.dropFirst()))
        }
        if combinations.count > 1 {
            body += "<h2>Medians side by side</h2>" + sideBySide(combinations, metrics)
        }
        body += "<h2>Distributions across seeds</h2>"
        for metric in metrics where metric.percentiles.contains(where: { $0 != nil }) {
            body += strips(metric, combinations: combinations)
        }
        return HTMLReport.page(title: "Sweep of \(scenario)", body: body)
    }

    /// Metrics down, combinations across: each median, and its change against the first.
    private static func sideBySide(_ combinations: [String], _ metrics: [Metric]) -> String {
        var rows: [[String]] = []
        for metric in metrics {
            let medians = metric.percentiles.map { $0?[2] }
            rows.append(
                [metric.name]
                    + medians.enumerated().map { index, median in
                        guard let median else { return "-" }
                        let text = format(median, metric.unit)
                        guard index > 0, let base = medians[0] else { return text }
                        let delta = median - base
                        return delta == 0
                            ? text
                            : "\(text) (\(metric.unit.map { MetricFormatting.delta(delta, $0) } ?? MetricFormatting.number(delta)))"
                    })
        }
        return HTMLReport.table(["metric (median)"] + combinations, rows)
    }

    private static func format(_ value: Double, _ unit: MetricUnit?) -> String {
        unit.map { MetricFormatting.text(value, $0) } ?? MetricFormatting.number(value)
    }

    /// One SVG: a row per combination, its label above its strip, on a shared value axis.
    private static func strips(_ metric: Metric, combinations: [String]) -> String {
        let values = metric.percentiles.compactMap { $0 }.flatMap { $0 }
        let rowHeight = 34.0
        let (left, right, top) = (16.0, 704.0, 30.0)
        let height = top + rowHeight * Double(combinations.count) + 30
        let axis = ValueTicks.axis(low: values.min() ?? 0, high: values.max() ?? 1)
        let unit = ValueUnit(metric.unit)
        func x(_ value: Double) -> Double {
            left + (value - axis.lower) / (axis.upper - axis.lower) * (right - left)
        }
        let f = PlotFrame.format
        var svg =
            PlotFrame.openSVG(width: 720, height: height, label: metric.name)
            + "<text x=\"\(left)\" y=\"16\" class=\"title\">"
            + "\(MarkupText.escaped(metric.name))</text>"
        let bottom = height - 30
        for tick in axis.ticks(in: unit) {
            let label = ValueTicks.label(tick, step: axis.step, unit: unit)
            let anchor = PlotFrame.anchor(of: label, at: x(tick), from: 0, to: 720)
            svg +=
                "<line x1=\"\(f(x(tick)))\" x2=\"\(f(x(tick)))\" y1=\"\(top)\" y2=\"\(f(bottom))\" class=\"grid\"/>"
            svg +=
                "<text x=\"\(f(x(tick)))\" y=\"\(f(bottom + 14))\" class=\"tick\" text-anchor=\"\(anchor)\">"
                + "\(MarkupText.escaped(label))</text>"
        }
        for (row, label) in combinations.enumerated() {
            let y = top + rowHeight * Double(row)
            svg +=
                "<text x=\"\(left)\" y=\"\(f(y + 12))\" class=\"legend\">\(MarkupText.escaped(String(label.prefix(110))))</text>"
            guard let p = metric.percentiles[row] else { continue }
            let middle = f(y + 24)
            svg += "<g><title>\(MarkupText.escaped(tooltip(label, p, metric.unit)))</title>"
            svg +=
                "<line x1=\"\(f(x(p[0])))\" x2=\"\(f(x(p[4])))\" y1=\"\(middle)\" y2=\"\(middle)\" stroke=\"#57606a\"/>"
            svg +=
                "<rect x=\"\(f(x(p[1])))\" y=\"\(f(y + 19))\" width=\"\(f(max(x(p[3]) - x(p[1]), 1)))\" height=\"10\" "
                + "fill=\"#0969da\" fill-opacity=\"0.35\"/>"
            svg += "<circle cx=\"\(f(x(p[2])))\" cy=\"\(middle)\" r=\"3.5\" fill=\"#0969da\"/></g>"
        }
        return svg + PlotFrame.close
    }

    private static func tooltip(_ label: String, _ p: [Double], _ unit: MetricUnit?) -> String {
        "\(label): min \(format(p[0], unit)), p5 \(format(p[1], unit)), median \(format(p[2], unit)), "
            + "p95 \(format(p[3], unit)), max \(format(p[4], unit))"
    }
}
