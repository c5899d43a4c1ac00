import Foundation
import TrackerCore
import WorkbenchMetrics

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
    static let notes: [String: String] = [
        "rate_limit":
            "`credits` are what the plan billed (its rule is under settings); `monthly_credits` "
            + "assumes this run's usage pattern repeated for 30 days.",
        "freshness":
            "The age of what is on screen (a row's `last_updated`, a chart's last point), "
            + "time-weighted over the time the screen is visible; failures, outages and empty rows count.",
        "portfolio":
            "Value and P&L at the true prices, and as the Portfolio tab's last load showed them (`shown_*`; "
            + "absent when the tab never loaded). Statistics come "
            + "from daily time-weighted returns with the trades' cash flows taken out; `irr` is the "
            + "money-weighted return (XIRR) a year, over a year or more; below a year it is `irr_period`, "
            + "over the period and not annualised; the benchmark holds the coins bought from the first trade. "
            + "The app has no cash account.",
        "alerts":
            "The published app has no price alerts (removed in Pointwelve/Bitpal-iOS `b12656b`): these "
            + "figures are the workbench's extension, evaluated on the prices the watchlist received.",
        "screens":
            "Time on each screen; requests by the screen whose code sent them are under "
            + "`rate_limit.requests.by_screen`.",
        "widget":
            "`timeline_reloads` counts the app's `reloadAllTimelines()` calls. With `user.widget: true`, the rest "
            + "is the home-screen widget under WidgetKit's daily budget: its reloads, its own requests (and those "
            + "repeating an app request for the same coins within 5 s), and the age of the prices it shows, "
            + "time-weighted over the day; its failures are under `failures.widget`.",
        "cache":
            "`opt_hit_ratio` is an upper bound on any admission and eviction policy with the same "
            + "capacity on the same trace.",
    ]

    /// Each section's heading by its stable prefix; a section the reports do not know is headed
    /// by its prefix.
    static let titles: [String: String] = [
        "rate_limit": "Rate limits", "cache": "Caches", "freshness": "Freshness", "charts": "Charts",
        "watchlist": "Watchlist", "portfolio": "Portfolio",
        "alerts": "Alerts (workbench extension)", "failures": "Failures", "server": "Server",
        "simulation": "Simulation", "screens": "Screens", "widget": "Widget", "app": "App",
    ]

    /// The metrics by section, each formatted by its unit; each range and type's chart figures
    /// are left to ``chartTable(_:)``.
    static func sections(_ result: ReportResult) -> [Section] {
        result.sections.map { group in
            Section(
                title: titles[group.name] ?? group.name, note: notes[group.name],
                rows: group.metrics.map { ($0.name, MetricFormatting.text($0.value, $0.unit)) })
        }
    }

    /// What the charts table's figures are: each preparation's, not the run's sums.
    static let chartTableNote =
        "`prepared` counts the chart payloads (fetched, or read from a cache) filtered and downsampled "
        + "for the screen; `fetched`, `kept` and `drawn` are per preparation (their mean when "
        + "preparations differ), and `result.json` keeps the totals under `charts.<range>.<type>`."

    /// The figures the charts table shows per preparation rather than summed.
    static let perPreparation: Set<String> = ["fetched", "kept", "drawn"]

    /// One row per chart range and type (`1D.line`), shortest range first, with a column per
    /// figure any of them has; a figure a row lacks is blank. Points fetched, kept and drawn read
    /// per preparation (``chartTableNote``): "drawn 96" for a 1D line drawn three times, not 288.
    static func chartTable(_ result: ReportResult) -> (columns: [String], rows: [(String, [String])]) {
        let details = result.charts
        var columns: [String] = []
        for metric in details.flatMap(\.metrics) where !columns.contains(metric.name) {
            columns.append(metric.name)
        }
        let rows = details.map { group in
            let figures = group.metrics
            let prepared = figures.first { $0.name == "prepared" }?.value
            return (
                group.name,
                columns.map { column in
                    guard let metric = figures.first(where: { $0.name == column }) else { return "" }
                    if perPreparation.contains(column), let prepared {
                        return prepared > 0 ? perPreparationText(metric.value / prepared) : "-"
                    }
                    return MetricFormatting.text(metric.value, metric.unit)
                }
            )
        }
        return (columns, rows)
    }

    /// A per-preparation mean: whole when it is whole, else to one decimal.
    static func perPreparationText(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
