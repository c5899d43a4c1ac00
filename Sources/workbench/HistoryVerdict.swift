import Foundation
import Persistence
import WorkbenchFoundation
import WorkbenchMetrics

/// What the history says about a stored run beyond its metrics: whether its expectations held,
/// and whether the report in its output folder is still its own.
enum HistoryVerdict {
    /// The stored count of expectations a run did not meet (runs recorded before it have none).
    static let metric = Metric.failedExpectationsName

    /// `pass`, `FAIL (n)`, or `-` for a run recorded before verdicts were.
    static func text(of run: RunRecord) -> String {
        guard let failed = run.metrics[metric] else { return "-" }
        return failed == 0 ? "pass" : "FAIL (\(Int(failed)))"
    }

    /// Whether the `result.json` in the run's output folder is this run's: the same scenario
    /// hash, seed and metrics (a run is deterministic, so a later identical run leaves the same
    /// report). false when another run replaced it; nil when the folder or file is gone.
    static func reportIsOwn(_ run: RunRecord) -> Bool? {
        // JSONDecoder, not JSONSerialization: on Linux the latter misrounds 17-digit numbers.
        struct ResultFile: Decodable {
            var scenarioHash: String
            var seed: UInt64
            var metrics: [String: Double]

            enum CodingKeys: String, CodingKey {
                case scenarioHash = "scenario_hash"
                case seed
                case metrics
            }
        }
        guard let output = run.output,
            let data = FileManager.default.contents(atPath: "\(output)/result.json")
        else { return nil }
        guard let file = try? JSONDecoder().decode(ResultFile.self, from: data) else { return false }
        return file.scenarioHash == run.scenarioHash && file.seed == run.seed
            && file.metrics == run.metrics.filter { $0.key != metric }
    }
}
