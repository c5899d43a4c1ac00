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
    static let notes: [String: String] = [
        "rate_limit.":
            "`credits` are what the plan billed (its rule is under settings); `monthly_credits` "
            + "assumes this run's usage pattern repeated for 30 days.",
        "freshness.":
            "The age of what is on screen (a row's `last_updated`, a chart's last point), "
            + "time-weighted over the time the screen is visible; failures, outages and empty rows count.",
        "portfolio.":
            "Value and P&L at the true prices, and as the app showed them (`shown_*`). Statistics come "
            + "from daily time-weighted returns with the trades' cash flows taken out; `irr` is the "
            + "money-weighted return (XIRR); the benchmark holds the coins bought from the first trade. "
            + "The app has no cash account.",
        "cache.":
            "`opt_hit_ratio` is an upper bound on any admission and eviction policy with the same "
            + "capacity on the same trace.",
    ]

    static let groups: [(prefix: String, title: String)] = [
        ("rate_limit.", "Rate limits"), ("cache.", "Caches"), ("freshness.", "Freshness"),
        ("charts.", "Charts"),
        ("watchlist.", "Watchlist"), ("portfolio.", "Portfolio"), ("alerts.", "Alerts"),
        ("failures.", "Failures"), ("server.", "Server"),
        ("simulation.", "Simulation"),
    ]

    /// The metrics grouped by section; per-range chart rows are left to ``chartRows``.
    static func sections(_ metrics: [String: Double]) -> [Section] {
        groups.compactMap { group in
            let rows = metrics.keys.sorted().filter { key in
                key.hasPrefix(group.prefix)
                    && !(group.prefix == "charts." && key.split(separator: ".").count > 2)
            }.map { ($0, format(metrics[$0]!, name: $0)) }
            return rows.isEmpty ? nil : Section(title: group.title, note: notes[group.prefix], rows: rows)
        }
    }

    static let chartColumns = [
        "renders", "fetched", "kept", "drawn", "empty", "over_cap", "failed", "max_deviation",
    ]

    /// One row per chart range and type: `1D.line` and its counts.
    static func chartRows(_ metrics: [String: Double]) -> [(String, [String])] {
        let keys = Set(
            metrics.keys.compactMap { key -> String? in
                let parts = key.split(separator: ".")
                return parts.count == 4 && parts[0] == "charts" ? "\(parts[1]).\(parts[2])" : nil
            })
        return keys.sorted().map { key in
            (
                key,
                chartColumns.map { column in
                    metrics["charts.\(key).\(column)"].map { format($0, name: column) } ?? ""
                }
            )
        }
    }

    /// A value as people read it: counts without decimals, ratios to 3 places, seconds with units.
    static func format(_ value: Double, name: String) -> String {
        if name.hasSuffix("_s") { return String(format: "%.1f s", value) }
        if name.hasSuffix("_ms") { return "\(Int64(value)) ms" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        if abs(value) >= 1_000 { return String(format: "%.2f", value) }
        return String(format: "%.4g", value)
    }
}
