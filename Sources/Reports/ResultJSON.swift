import TrackerCore
import WorkbenchFoundation
import WorkbenchMetrics

/// `result.json`: the run's identity, settings, every metric under its stable name, each
/// metric's unit (``MetricUnit``) and the expectations' verdicts. Keys in a fixed order (metrics sorted), numbers in their shortest
/// round-tripping form: the same run gives the same bytes. No wall-clock value is in it.
public enum ResultJSON {
    /// Renders the document.
    ///
    /// - Parameter input: The run.
    /// - Returns: The JSON text, newline-terminated.
    public static func render(_ input: ReportInput) -> String {
        let metrics = input.result.metrics
        let verdicts = input.verdicts.map { verdict in
            JSONValue.object(
                [
                    .init("expectation", .string(verdict.expectation)),
                    .init("passed", .bool(verdict.failure == nil)),
                ]
                    + (verdict.failure.map { [.init("failure", .string($0))] } ?? [])
                    + (verdict.known ? [.init("known_failure", .bool(true))] : []))
        }
        let document = JSONValue.object(
            [
                .init("scenario", .string(input.scenario)),
                .init("file", .string(input.file)),
                .init("scenario_hash", .string(input.scenarioHash)),
                .init("seed", .unsigned(input.seed)),
                .init("start", .string(TimeFormatting.iso8601(input.start))),
                .init("duration_ms", .integer(input.durationMilliseconds)),
            ] + stoppedEarly(input) + [
                .init("settings", .object(input.settings.map { .init($0.name, .string($0.value)) })),
                .init("passed", .bool(input.passed)),
                .init("expectations", .array(verdicts)),
                .init(
                    "findings",
                    .array(
                        input.findings.map { finding in
                            JSONValue.object(
                                [.init("rule", .string(finding.rule)), .init("text", .string(finding.text))]
                                    + (finding.metric.isEmpty
                                        ? []
                                        : [
                                            .init("metric", .string(finding.metric)),
                                            .init("value", .number(finding.value)),
                                            .init("threshold", .number(finding.threshold)),
                                        ]))
                        })),
                .init("problems", .array(input.result.problems.map { .string($0) })),
                .init("metrics", .object(metrics.map { .init($0.name, .number($0.value)) })),
                .init("units", .object(metrics.map { .init($0.name, .string($0.unit.rawValue)) })),
            ])
        return document.document(.pretty(inlineFrom: 2))
    }

    /// `stopped_early` for a run cut short (none for a whole run, whose bytes stay as they were):
    /// what stopped it, the simulated time reached and the span covered.
    static func stoppedEarly(_ input: ReportInput) -> [JSONValue.Member] {
        guard let stop = input.stoppedEarly else { return [] }
        return [
            .init(
                "stopped_early",
                .object([
                    .init("reason", .string(stop.reason)),
                    .init("reached", .string(TimeFormatting.iso8601(stop.reached))),
                    .init("reached_ms", .integer(stop.reached)),
                    .init("covered_ms", .integer(stop.reached - input.start)),
                ]))
        ]
    }
}
