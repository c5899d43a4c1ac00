import Foundation
import TrackerCore
import WorkbenchFoundation
import WorkbenchMetrics

/// `report.html`: one self-contained page (inline CSS and SVG, no script, no network) with the
/// Markdown report's tables and the plots a person would rather look at.
public enum HTMLReport {
    /// Renders the page.
    ///
    /// - Parameter input: The run.
    /// - Returns: The HTML document.
    public static func render(_ input: ReportInput) -> String {
        var body = "<h1>\(MarkupText.escaped(input.scenario))</h1>"
        if let stopped = input.stoppedEarlySentence {
            body += "<p class=\"fail\"><strong>\(MarkupText.escaped(stopped))</strong></p>"
        }
        if !input.description.isEmpty { body += "<p>\(MarkupText.escaped(input.description))</p>" }
        body +=
            "<p class=\"meta\">Seed \(input.seed), from \(TimeFormatting.iso8601(input.start)) for "
            + "\(TimeFormatting.duration(input.durationMilliseconds)); scenario <code>\(MarkupText.escaped(input.file))</code>.</p>"
        let findings = input.findings
        body += "<h2>Findings</h2>"
        body +=
            findings.isEmpty
            ? "<p>None: no rule of docs/reports.md fired.</p>"
            : "<ul>" + findings.map { "<li class=\"fail\">\(MarkupText.escaped($0.text))</li>" }.joined()
                + "</ul>"
        body += table(["setting", "value"], input.settings.map { [$0.name, $0.value] })
        body +=
            "<h2>\(ReportInput.expectationsHeading): <span class=\"\(input.passed ? "pass" : "fail")\">"
            + "\(input.expectationsVerdict)</span></h2><p>\(MarkupText.escaped(input.expectationsNote))</p><ul>"
        for verdict in input.verdicts {
            body +=
                "<li class=\"\(verdict.problem == nil ? "pass" : "fail")\">\(verdict.label): "
                + "<code>\(MarkupText.escaped(verdict.expectation))</code>"
                + (verdict.failure.map { " (\(MarkupText.escaped($0)))" } ?? "") + "</li>"
        }
        body += "</ul>"
        if !input.result.problems.isEmpty {
            body +=
                "<h2>Problems</h2><ul>"
                + input.result.problems.map { "<li class=\"fail\">\(MarkupText.escaped($0))</li>" }.joined()
                + "</ul>"
        }
        body += Tearsheet.render(input)
        body += "<h2>Plots</h2>" + ReportPlots.all(input).joined()
        for section in ReportSections.sections(input.result) {
            body +=
                "<h2>\(MarkupText.escaped(section.title))</h2>"
                + (section.note.map {
                    "<p>\(MarkupText.escaped($0.replacingOccurrences(of: "`", with: "")))</p>"
                } ?? "")
                + table(["metric", "value"], section.rows.map { [$0.0, $0.1] })
        }
        let charts = ReportSections.chartTable(input.result)
        if !charts.rows.isEmpty {
            body +=
                "<h2>Charts by range and type</h2>"
                + "<p>\(MarkupText.escaped(ReportSections.chartTableNote.replacingOccurrences(of: "`", with: "")))</p>"
                + table(["chart"] + charts.columns, charts.rows.map { [$0.0] + $0.1 })
        }
        return page(title: input.scenario, body: body)
    }

    /// A whole self-contained page: the house style inline, `title` escaped.
    static func page(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(MarkupText.escaped(title)): Bitpal Workbench</title>
        <style>\(style)</style></head><body>\(body)</body></html>

        """
    }

    static let style = """
        body{font:14px/1.45 system-ui,sans-serif;max-width:900px;margin:2em auto;padding:0 1em;color:#1d2733}\
        table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #d5dbe1;padding:3px 8px;text-align:left}\
        th{background:#f1f4f7}code{background:#f1f4f7;padding:0 3px}.pass{color:#1a7f37}.fail{color:#cf222e;font-weight:600}\
        .meta{color:#57606a}svg{width:100%;height:auto;margin:.5em 0 1.5em}svg .title{font-weight:600;font-size:13px}\
        svg .tick,svg .legend,svg .axis{font-size:11px}svg .tick,svg .axis{fill:#57606a}svg .frame{fill:none;stroke:#d5dbe1}\
        svg .grid{stroke:#eef1f4}table.heatmap td.heat{text-align:right;font-variant-numeric:tabular-nums}.empty{color:#57606a}\
        .wide{overflow-x:auto}.wide svg{min-width:560px}
        """

    /// Escaped header text with line-break opportunities after `,`, `=`, `.` and `_` (sweep
    /// labels such as `policies.limiter=spacing,plan=seed-50` and metric names such as
    /// `max_deviation` have no spaces to wrap at; the charts table must fit a desktop page).
    static func breakable(_ escaped: String) -> String {
        var text = ""
        for character in escaped {
            text.append(character)
            if character == "," || character == "=" || character == "." || character == "_" {
                text += "<wbr>"
            }
        }
        return text
    }

    /// A table inside a `wide` block (it scrolls sideways on a narrow screen).
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        "<div class=\"wide\"><table><tr>"
            + header.map { "<th>\(breakable(MarkupText.escaped($0)))</th>" }.joined()
            + "</tr>"
            + rows.map { "<tr>" + $0.map { "<td>\(MarkupText.escaped($0))</td>" }.joined() + "</tr>" }
            .joined()
            + "</table></div>"
    }
}

/// The report's plots.
enum ReportPlots {
    /// What a chart card says beyond its counts: over its cap, and served stale afterwards.
    static func notes(drawn: Int, cap: Int, staleServes: Int) -> String {
        (drawn > cap ? ", over its cap" : "")
            + (staleServes > 0
                ? ", then served stale \(staleServes) time\(staleServes == 1 ? "" : "s") (requests failed)"
                : "")
    }

    /// The kept point farthest from the drawn line, marked in red and named with its distance,
    /// absolute and as a share of the series' range; nil when the line passes through every point.
    static func largestGap(_ chart: ReportPlotData.DrawnChart) -> SVGPlot.Series? {
        let times = chart.kept.timestamps
        // The drawn points are kept points: their indices, found by time.
        let drawn = chart.drawn.timestamps.compactMap { time -> Int? in
            var (low, high) = (0, times.count)
            while low < high {
                let middle = (low + high) / 2
                if times[middle] < time { low = middle + 1 } else { high = middle }
            }
            return low < times.count && times[low] == time ? low : nil
        }
        guard drawn.count == chart.drawn.count,
            let gap = DownsamplingFidelity.largestDeviation(series: chart.kept, drawn: drawn),
            gap.deviation > 0,
            let low = chart.kept.values.min(), let high = chart.kept.values.max()
        else { return nil }
        let share =
            high > low ? String(format: " (%.1f %% of the range)", gap.deviation / (high - low) * 100) : ""
        return SVGPlot.Series(
            name: "largest gap: \(MetricFormatting.number(gap.deviation))\(share)",
            x: [Double(times[gap.index])],
            y: [chart.kept.values[gap.index]], color: "#cf222e", width: 0, markers: true, markerRadius: 4.5)
    }

    static func all(_ input: ReportInput) -> [String] {
        let plots = input.result.plots
        let time = { (time: Int64) in Double(time) }
        var svgs: [String] = []
        for chart in plots.charts {
            let x = { (series: TimeSeries) in series.timestamps.map(time) }
            svgs.append(
                SVGPlot(
                    title:
                        "\(chart.title): \(chart.kept.count) points kept, \(chart.drawn.count) drawn (cap \(chart.cap))"
                        + ReportPlots.notes(
                            drawn: chart.drawn.count, cap: chart.cap, staleServes: chart.staleServes),
                    yTitle: "price",
                    series: [
                        .init(
                            name: "kept after filtering", x: x(chart.kept), y: chart.kept.values,
                            color: "#9aa5b1", width: 1),
                        .init(
                            name: "drawn after downsampling", x: x(chart.drawn), y: chart.drawn.values,
                            color: "#0969da", markers: true),
                    ] + (largestGap(chart).map { [$0] } ?? [])
                ).render())
        }
        for chart in plots.candleCharts {
            svgs.append(
                SVGCandlePlot(
                    title:
                        "\(chart.title): \(chart.kept.count) candles kept, \(chart.drawn.count) drawn (cap \(chart.cap))"
                        + ReportPlots.notes(
                            drawn: chart.drawn.count, cap: chart.cap, staleServes: chart.staleServes),
                    candles: chart.drawn
                ).render())
        }
        let requests = plots.requests
        let perMinute = RunSeries.requestsInWindow(requests.map(\.time)).map(Double.init)
        let limited = requests.enumerated().filter { $0.element.limited }
        svgs.append(
            SVGPlot(
                title: "Requests in the 60 s window ending at each request", yTitle: "requests / 60 s",
                series: [
                    .init(
                        name: "requests", x: requests.map { time($0.time) }, y: perMinute, color: "#0969da",
                        width: 1),
                    .init(
                        name: "429", x: limited.map { time($0.element.time) },
                        y: limited.map { perMinute[$0.offset] },
                        color: "#cf222e", width: 0, markers: true),
                ],
                references: [(Double(plots.planPerMinute), "plan limit", "#cf222e")]
            ).render())
        svgs.append(
            SVGPlot(
                title: "Cache hit ratio so far (all caches)", yTitle: "hit ratio", yUnit: .ratioAsPercent,
                series: [
                    .init(
                        name: "hit ratio", x: plots.lookups.map { time($0.time) },
                        y: RunSeries.hitRatioSoFar(plots.lookups.map(\.hit)), color: "#1a7f37")
                ]
            ).render())
        for curve in plots.hitCurves {
            guard curve.points.count > 1, curve.lookups > 0 else { continue }
            // A curve that does not move carries nothing: say why in one line instead.
            let hits = Set(curve.points.flatMap { [$0.lru, $0.optimum] })
            if hits.count == 1, let only = hits.first {
                let ratio = MetricFormatting.text(Double(only) / Double(curve.lookups), .ratio)
                let measured = input.result.metrics.first { $0.name == "cache.\(curve.cache).hit_ratio" }?
                    .value
                var why = only == 0 ? " (no key was looked up twice)" : " (capacity does not matter here)"
                if only > 0, let measured, measured < Double(only) / Double(curve.lookups) {
                    // The curve counts a repeat as a hit whatever its age; the run's cache lets
                    // entries expire, which is why its own figures are lower.
                    why =
                        " (capacity does not matter here). The curve ignores expiry: the run's cache hit "
                        + "\(MetricFormatting.text(measured, .ratio)) because the repeated keys had expired by then"
                }
                svgs.append(
                    leftOut(
                        "\(curve.cache) cache: hit ratio by capacity not drawn: it is \(ratio) at every capacity "
                            + "from 1 to \(curve.points.count) entries" + why))
                continue
            }
            let x = curve.points.map { Double($0.capacity) }
            let ratio = { (hits: Int) in Double(hits) / Double(curve.lookups) }
            svgs.append(
                SVGPlot(
                    title: "\(curve.cache) cache: hit ratio by capacity (expiry ignored)",
                    xAxis: .linear(title: "capacity (entries)", unit: .plain), yTitle: "hit ratio",
                    yUnit: .ratioAsPercent,
                    series: [
                        .init(name: "LRU", x: x, y: curve.points.map { ratio($0.lru) }, color: "#cf222e"),
                        .init(
                            name: "optimum (MIN)", x: x, y: curve.points.map { ratio($0.optimum) },
                            color: "#1a7f37"),
                    ]
                ).render())
        }
        svgs.append(
            SVGPlot(
                title: "Age of the oldest data on screen (0 while nothing is visible)", yTitle: "age",
                yUnit: .minutes,
                series: [
                    .init(
                        name: "oldest on screen", x: plots.screenAge.map { time($0.time) },
                        y: plots.screenAge.map { Double($0.age) / 60_000 }, color: "#8250df")
                ]
            ).render())
        if plots.portfolioValue.count == 1 {
            svgs.append(
                leftOut(
                    "Portfolio value not drawn: it is valued once a day, and this run has a single day's "
                        + "value; portfolio.value has its value at the end, at the true prices"))
        }
        if plots.portfolioValue.count > 1 {
            // Its drawdown and returns are in the tearsheet, taken on the time-weighted returns:
            // a drawdown of this series would count every deposit as a gain.
            svgs.append(
                SVGPlot(
                    title: "Portfolio value (true prices, daily; deposits and sales included)",
                    yTitle: "value",
                    series: [
                        .init(
                            name: "value", x: plots.portfolioValue.timestamps.map(time),
                            y: plots.portfolioValue.values, color: "#0969da")
                    ]
                ).render())
        }
        return svgs
    }

    /// A plot left out, and why, in one line.
    static func leftOut(_ why: String) -> String {
        "<p class=\"meta\">\(MarkupText.escaped(why)).</p>"
    }
}
