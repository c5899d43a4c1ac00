import Simulation
import TrackerCore

/// `result.json`: the run's identity, settings, every metric under its stable name, each
/// metric's unit (``MetricUnit``) and the expectations' verdicts. Keys in a fixed order (metrics sorted), numbers in their shortest
/// round-tripping form: the same run gives the same bytes. No wall-clock value is in it.
public enum ResultJSON {
    /// Renders the document.
    ///
    /// - Parameter input: The run.
    /// - Returns: The JSON text, newline-terminated.
    public static func render(_ input: ReportInput) -> String {
        var lines = ["{"]
        lines.append("  \"scenario\": \(JSONText.quoted(input.scenario)),")
        lines.append("  \"file\": \(JSONText.quoted(input.file)),")
        lines.append("  \"scenario_hash\": \(JSONText.quoted(input.scenarioHash)),")
        lines.append("  \"seed\": \(input.seed),")
        lines.append("  \"start\": \(JSONText.quoted(TimeFormatting.iso8601(input.start))),")
        lines.append("  \"duration_ms\": \(input.durationMilliseconds),")
        lines.append("  \"settings\": {")
        lines.append(
            input.settings.map { "    \(JSONText.quoted($0.name)): \(JSONText.quoted($0.value))" }.joined(
                separator: ",\n"))
        lines.append("  },")
        lines.append("  \"passed\": \(input.passed),")
        lines.append("  \"expectations\": [")
        lines.append(
            input.verdicts.map { verdict in
                "    {\"expectation\": \(JSONText.quoted(verdict.expectation)), \"passed\": \(verdict.failure == nil)"
                    + (verdict.failure.map { ", \"failure\": \(JSONText.quoted($0))" } ?? "") + "}"
            }.joined(separator: ",\n"))
        lines.append("  ],")
        let metrics = input.result.metrics.flattened()
        lines.append("  \"metrics\": {")
        lines.append(
            metrics.map { "    \(JSONText.quoted($0.name)): \(JSONText.number($0.value))" }.joined(
                separator: ",\n"))
        lines.append("  },")
        lines.append("  \"units\": {")
        lines.append(
            metrics.map { "    \(JSONText.quoted($0.name)): \(JSONText.quoted($0.unit.rawValue))" }.joined(
                separator: ",\n"))
        lines.append("  }")
        lines.append("}")
        return lines.filter { !$0.isEmpty }.joined(separator: "\n") + "\n"
    }
}
