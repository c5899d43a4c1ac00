import Datasets
import Foundation
import TrackerCore
import WorkbenchFoundation

/// Renders dataset inspections for people (text) and programs (JSON).
enum InspectionReport {
    /// One block per file: endpoint, points, span, granularity, quirks.
    static func text(_ inspections: [DatasetInspection]) -> String {
        inspections.map(block).joined(separator: "\n")
    }

    /// A JSON array of inspections, one object per file with its members in a fixed order and
    /// absent fields left out, written by the one JSON writer (``JSONValue``): stable across runs.
    static func json(_ inspections: [DatasetInspection]) -> String {
        JSONValue.array(inspections.map(object)).document(.pretty(inlineFrom: 2))
    }

    private static func object(_ inspection: DatasetInspection) -> JSONValue {
        let optional: [(String, JSONValue?)] = [
            ("endpoint", inspection.endpoint.map(JSONValue.string)),
            ("coin", inspection.coin.map(JSONValue.string)),
            ("currency", inspection.currency.map(JSONValue.string)),
            ("status", inspection.status.map { .integer(Int64($0)) }),
            ("points", inspection.points.map { .integer(Int64($0)) }),
            ("entries", inspection.entries.map { .integer(Int64($0)) }),
            ("firstTimestamp", inspection.firstTimestamp.map(JSONValue.integer)),
            ("lastTimestamp", inspection.lastTimestamp.map(JSONValue.integer)),
            ("granularity", inspection.granularity.map(JSONValue.string)),
        ]
        return .object(
            [.init("file", .string(inspection.file)), .init("kind", .string(inspection.kind))]
                + optional.compactMap { name, value in value.map { .init(name, $0) } }
                + [.init("quirks", .array(inspection.quirks.map(JSONValue.string)))])
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
