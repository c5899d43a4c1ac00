import Foundation
import TrackerCore
import WorkbenchFoundation
import WorkbenchMetrics

/// `workbench history --html`: past runs with links to their reports, and a trend line per key
/// metric per scenario across runs (LEAN's per-commit dashboard is the model). Self-contained
/// like the run report: inline CSS and SVG, no script, every text escaped.
public enum HistoryPage {
    /// One past run, as the history database keeps it.
    public struct Run: Sendable, Equatable {
        /// The run's id in the database.
        public var id: Int64
        /// When it was recorded, epoch ms.
        public var recordedAt: Int64
        /// The scenario's name.
        public var scenario: String
        /// The seed.
        public var seed: UInt64
        /// The first characters of the scenario's hash.
        public var hash: String
        /// The workbench version that ran it.
        public var version: String
        /// The run's report, relative to the page; nil when it has none, it is gone, or a later
        /// run replaced it.
        public var reportLink: String?
        /// Why there is no link (`replaced by a later run`, `gone`), nil with a link.
        public var reportNote: String?
        /// Whether its expectations held: `pass`, `FAIL (n)`, or `-` when not recorded.
        public var verdict: String
        /// The metrics by name.
        public var metrics: [String: Double]
        /// Each metric's unit, as `result.json` names it (`ratio`, `seconds`).
        public var units: [String: String]

        /// Creates a run.
        public init(
            id: Int64, recordedAt: Int64, scenario: String, seed: UInt64, hash: String, version: String,
            reportLink: String?, reportNote: String? = nil, verdict: String = "-", metrics: [String: Double],
            units: [String: String]
        ) {
            self.id = id
            self.recordedAt = recordedAt
            self.scenario = scenario
            self.seed = seed
            self.hash = hash
            self.version = version
            self.reportLink = reportLink
            self.reportNote = reportNote
            self.verdict = verdict
            self.metrics = metrics
            self.units = units
        }
    }

    /// The page.
    ///
    /// - Parameters:
    ///   - runs: The runs, newest first (as `history` lists them).
    ///   - metrics: The key metrics: a column each, and a trend line each per scenario.
    public static func render(runs: [Run], metrics: [String]) -> String {
        var body = "<h1>Run history</h1><p class=\"meta\">\(runs.count) runs, newest first.</p>"
        body += runTable(runs, metrics: metrics)
        for scenario in Set(runs.map(\.scenario)).sorted() {
            let oldestFirst = runs.filter { $0.scenario == scenario }.sorted {
                ($0.recordedAt, $0.id) < ($1.recordedAt, $1.id)
            }
            body += "<h2>\(MarkupText.escaped(scenario))</h2>"
            var plotted = 0
            for metric in metrics {
                let points = oldestFirst.compactMap { run in run.metrics[metric].map { (Double(run.id), $0) }
                }
                guard !points.isEmpty else { continue }
                plotted += 1
                body += SVGPlot(
                    title: "\(metric) across \(points.count) runs",
                    xAxis: .linear(title: "run id", unit: .whole),
                    yTitle: metric,
                    yUnit: ValueUnit(
                        oldestFirst.lazy.compactMap { $0.units[metric] }.first.flatMap(MetricUnit.init)),
                    series: [
                        .init(
                            name: metric, x: points.map(\.0), y: points.map(\.1), color: "#0969da",
                            markers: true)
                    ],
                    height: 180
                ).render()
            }
            if plotted == 0 { body += "<p class=\"empty\">None of the chosen metrics was recorded.</p>" }
        }
        return HTMLReport.page(title: "Run history", body: body)
    }

    private static func runTable(_ runs: [Run], metrics: [String]) -> String {
        var html = "<div class=\"wide\"><table><tr>"
        html +=
            (["id", "recorded (UTC)", "scenario", "seed", "hash", "version", "expectations", "report"]
            + metrics)
            .map { "<th>\(HTMLReport.breakable(MarkupText.escaped($0)))</th>" }.joined() + "</tr>"
        for run in runs {
            let cells = [
                "\(run.id)", TimeFormatting.iso8601(run.recordedAt).replacingOccurrences(of: "T", with: " "),
                run.scenario, "\(run.seed)", run.hash,
                run.version, run.verdict,
            ]
            html += "<tr>" + cells.map { "<td>\(MarkupText.escaped($0))</td>" }.joined()
            html +=
                "<td>"
                + (run.reportLink.map { "<a href=\"\(MarkupText.escaped(linkPath($0)))\">report</a>" }
                    ?? MarkupText.escaped(run.reportNote ?? ""))
                + "</td>"
            html += metrics.map { "<td>\(MarkupText.escaped(formatted(run, $0)))</td>" }.joined() + "</tr>"
        }
        return html + "</table></div>"
    }

    private static func formatted(_ run: Run, _ metric: String) -> String {
        guard let value = run.metrics[metric] else { return "-" }
        guard let unit = run.units[metric].flatMap(MetricUnit.init) else {
            return MetricFormatting.number(value)
        }
        return MetricFormatting.text(value, unit)
    }

    /// A relative path as a URL path: each segment percent-encoded, so a name with `?`, `#` or a
    /// scheme-like prefix stays a path to a file.
    static func linkPath(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.addingPercentEncoding(
                withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: ":?#;"))) ?? ""
        }.joined(separator: "/")
    }
}
