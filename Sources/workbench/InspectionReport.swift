import Datasets
import Foundation
import TrackerCore

/// Renders dataset inspections for people (text) and programs (JSON).
enum InspectionReport {
    /// One block per file: endpoint, points, span, granularity, quirks.
    static func text(_ inspections: [DatasetInspection]) -> String {
        inspections.map(block).joined(separator: "\n")
    }

    /// A JSON array of inspections with sorted keys, stable across runs.
    static func json(_ inspections: [DatasetInspection]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(inspections)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private static func block(_ inspection: DatasetInspection) -> String {
        var lines = [inspection.file]
        func field(_ name: String, _ value: String?) {
            guard let value else { return }
            lines.append("  " + name.padding(toLength: 12, withPad: " ", startingAt: 0) + value)
        }
        var endpoint = inspection.endpoint ?? inspection.kind
        let details = [inspection.coin.map { "coin \($0)" }, inspection.currency.map { "vs \($0)" }]
            .compactMap { $0 }
        if !details.isEmpty { endpoint += " (" + details.joined(separator: ", ") + ")" }
        field("endpoint", endpoint)
        field("status", inspection.status.map(String.init))
        field("points", inspection.points.map(String.init))
        field("entries", inspection.entries.map(String.init))
        if let first = inspection.firstTimestamp, let last = inspection.lastTimestamp,
            let span = inspection.spanMilliseconds
        {
            field(
                "span",
                "\(TimeFormatting.iso8601(first)) .. \(TimeFormatting.iso8601(last)) (\(TimeFormatting.duration(span)))"
            )
        }
        field("granularity", inspection.granularity)
        if inspection.quirks.isEmpty {
            field("quirks", "none found")
        } else {
            for (index, quirk) in inspection.quirks.enumerated() {
                lines.append((index == 0 ? "  quirks      - " : "              - ") + quirk)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
