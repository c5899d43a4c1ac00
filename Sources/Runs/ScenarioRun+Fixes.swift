import Foundation
import Reports
import WorkbenchMetrics

extension ScenarioRun {
    /// Measures a fix for each finding that names candidates (``FindingFix/candidates``): the
    /// scenario runs again on the same seed once per candidate not already in force (a candidate
    /// two findings share runs once), and the finding's own figure is read from each run. A
    /// candidate that does not load or run is skipped.
    ///
    /// - Parameters:
    ///   - report: The run's report input; its findings say which to measure.
    ///   - path: The scenario file, as loaded.
    ///   - projectRoot: Its project folder.
    ///   - overrides: The run's own `--set`s (each candidate goes after them).
    ///   - seed: The run's seed.
    /// - Returns: One fix per finding with candidates, in the findings' order.
    public static func measureFixes(
        for report: ReportInput, path: String, projectRoot: URL, overrides: [String], seed: UInt64
    ) -> [FindingFix] {
        guard report.stoppedEarly == nil else { return [] }
        let settings = Dictionary(
            report.settings.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        var runs: [String: [String: Double]] = [:]
        var fixes: [FindingFix] = []
        for finding in report.findings {
            guard let candidates = FindingFix.candidates[finding.rule] else { continue }
            // A candidate already in force is no change.
            let tried = candidates.filter { candidate in
                let parts = candidate.split(separator: "=", maxSplits: 1).map(String.init)
                let key =
                    parts[0].hasPrefix("policies.") ? String(parts[0].dropFirst("policies.".count)) : parts[0]
                return settings[key] != parts[1]
            }
            guard !tried.isEmpty else { continue }
            var best: FindingFix.Candidate?
            for candidate in tried {
                if runs[candidate] == nil {
                    runs[candidate] = try? execute(
                        load(path, projectRoot: projectRoot, overrides: overrides + [candidate]), seed: seed
                    ).report.result.metrics.reduce(into: [:]) { $0[$1.name] = $1.value }
                }
                guard let value = runs[candidate]?[finding.metric], value < finding.value else { continue }
                if value < best?.value ?? .infinity { best = .init(assignment: candidate, value: value) }
            }
            fixes.append(FindingFix(rule: finding.rule, tried: tried, best: best))
        }
        return fixes
    }
}
