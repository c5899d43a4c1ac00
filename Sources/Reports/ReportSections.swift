import Foundation
import Simulation
import TrackerCore

/// The report's sections: which metrics each shows, formatted for people. Shared by the
/// Markdown and HTML reports so both say the same things.
enum ReportSections {
    /// A section: a title and rows of (label, value).
    struct Section {
        var title: String
        var rows: [(String, String)]
    }

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
            return rows.isEmpty ? nil : Section(title: group.title, rows: rows)
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
