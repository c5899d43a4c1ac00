import Simulation
import TrackerCore

/// `result.json`: the run's identity, settings, every metric under its stable name and the
/// expectations' verdicts. Keys in a fixed order (metrics sorted), numbers in their shortest
/// round-tripping form: the same run gives the same bytes. No wall-clock value is in it.
public enum ResultJSON {
    /// Renders the document.
    ///
    /// - Parameter input: The run.
    /// - Returns: The JSON text, newline-terminated.
    public static func render(_ input: ReportInput) -> String {
        var lines = ["{"]
        lines.append("  \"scenario\": \(quoted(input.scenario)),")
        lines.append("  \"file\": \(quoted(input.file)),")
        lines.append("  \"scenario_hash\": \(quoted(input.scenarioHash)),")
        lines.append("  \"seed\": \(input.seed),")
        lines.append("  \"start\": \(quoted(TimeFormatting.iso8601(input.start))),")
        lines.append("  \"duration_ms\": \(input.durationMilliseconds),")
        lines.append("  \"settings\": {")
        lines.append(
            input.settings.map { "    \(quoted($0.name)): \(quoted($0.value))" }.joined(separator: ",\n"))
        lines.append("  },")
        lines.append("  \"passed\": \(input.passed),")
        lines.append("  \"expectations\": [")
        lines.append(
            input.verdicts.map { verdict in
                "    {\"expectation\": \(quoted(verdict.expectation)), \"passed\": \(verdict.failure == nil)"
                    + (verdict.failure.map { ", \"failure\": \(quoted($0))" } ?? "") + "}"
            }.joined(separator: ",\n"))
        lines.append("  ],")
        lines.append("  \"metrics\": {")
        let metrics = input.result.metrics
        lines.append(
            metrics.keys.sorted().map { "    \(quoted($0)): \(number(metrics[$0]!))" }.joined(
                separator: ",\n"))
        lines.append("  }")
        lines.append("}")
        return lines.filter { !$0.isEmpty }.joined(separator: "\n") + "\n"
    }

    /// A JSON string literal, escaped.
    ///
    /// - Parameter text: The text.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A finite number, shortest form; integral values without `.0`; `null` otherwise.
    ///
    /// - Parameter value: The number.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
