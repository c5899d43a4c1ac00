import Foundation
import Simulation
import TrackerCore

/// The report's sections: which metrics each shows, formatted for people. Shared by the
/// Markdown and HTML reports so both say the same things.
enum ReportSections {
    /// A section: a title and rows of (label, value).
    struct Section {
        var title: String
        /// What the section's figures measure, in a sentence or two.
        var note: String?
        var rows: [(String, String)]
    }

    /// What each section's headline figures measure (`docs/simulation.md` has the details).
    static let notes: [RunMetrics.Section: String] = [
        .rateLimits:
            "`credits` are what the plan billed (its rule is under settings); `monthly_credits` "
            + "assumes this run's usage pattern repeated for 30 days.",
        .freshness:
            "The age of what is on screen (a row's `last_updated`, a chart's last point), "
            + "time-weighted over the time the screen is visible; failures, outages and empty rows count.",
        .portfolio:
            "Value and P&L at the true prices, and as the app showed them (`shown_*`). Statistics come "
            + "from daily time-weighted returns with the trades' cash flows taken out; `irr` is the "
            + "money-weighted return (XIRR); the benchmark holds the coins bought from the first trade. "
            + "The app has no cash account.",
        .caches:
            "`opt_hit_ratio` is an upper bound on any admission and eviction policy with the same "
            + "capacity on the same trace.",
    ]

    static let titles: [RunMetrics.Section: String] = [
        .rateLimits: "Rate limits", .caches: "Caches", .freshness: "Freshness", .charts: "Charts",
        .watchlist: "Watchlist", .portfolio: "Portfolio", .alerts: "Alerts", .failures: "Failures",
        .server: "Server", .simulation: "Simulation",
    ]

    /// The metrics by section, each formatted by its unit; each range and type's chart figures
    /// are left to ``chartTable(_:)``.
    static func sections(_ metrics: RunMetrics) -> [Section] {
        RunMetrics.Section.allCases.compactMap { section in
            let rows = metrics.metrics(in: section).map {
                ($0.name, MetricFormatting.text($0.value, $0.unit))
            }
            return rows.isEmpty ? nil : Section(title: titles[section]!, note: notes[section], rows: rows)
        }
    }

    /// One row per chart range and type (`1D.line`), shortest range first, with a column per
    /// figure any of them has; a figure a row lacks is blank.
    static func chartTable(_ metrics: RunMetrics) -> (columns: [String], rows: [(String, [String])]) {
        let details = metrics.chartDetails
        var columns: [String] = []
        for metric in details.flatMap(\.metrics) where !columns.contains(metric.name) {
            columns.append(metric.name)
        }
        let rows = details.map { key, figures in
            (
                key.name,
                columns.map { column in
                    figures.first { $0.name == column }.map { MetricFormatting.text($0.value, $0.unit) } ?? ""
                }
            )
        }
        return (columns, rows)
    }
}
