import Foundation
import WorkbenchMetrics

/// Two runs' metrics side by side, as `compare` lists them: the metrics both runs have that
/// changed first (largest relative change first), each judged better or worse where the metric
/// has a ``MetricDirection``; then, apart, the metrics only one run has (a feature one run did
/// not use, such as the widget), which are not changes.
public struct MetricComparison: Sendable, Equatable {
    /// One metric of the two runs.
    public struct Row: Sendable, Equatable {
        /// The stable name.
        public var name: String
        /// The first run's value; nil where it lacks the metric.
        public var first: Double?
        /// The second run's value; nil where it lacks the metric.
        public var second: Double?
        /// The unit, when known.
        public var unit: MetricUnit?
        /// true better, false worse, nil neither (no direction, equal, or one side missing).
        public var better: Bool?

        /// `(second - first) / |first|`; nil when either is missing or the first is 0.
        public var relativeChange: Double? {
            guard let first, let second, first != 0 else { return nil }
            return (second - first) / abs(first)
        }
    }

    /// The smallest relative change that counts as a change of a measured figure (the table
    /// shows changes to 0.1 %: anything smaller would read `+0.0%`); counts change by any amount.
    public static let smallestChange = 0.0005

    /// Metrics both runs have whose values differ, largest relative change first.
    public var changed: [Row]
    /// Metrics both runs have with equal values, or values within ``smallestChange`` of each other
    /// (not counts), by name.
    public var unchanged: [Row]
    /// How many of ``unchanged`` differ, by less than ``smallestChange``.
    public var negligible = 0
    /// Metrics only one run has, by name.
    public var oneSided: [Row]

    /// Compares two runs' values.
    ///
    /// - Parameters:
    ///   - first: The first run's values by name.
    ///   - second: The second run's values by name.
    ///   - units: Units by name.
    ///   - direction: The direction of the metric with a name, nil for none (the simulator's
    ///     `RunMetrics.direction(of:)`, where each metric declares its own).
    public init(
        first: [String: Double], second: [String: Double], units: [String: MetricUnit],
        direction: (String) -> MetricDirection?
    ) {
        var changed: [(row: Row, change: Double)] = []
        var unchanged: [Row] = []
        var oneSided: [Row] = []
        for name in Set(first.keys).union(second.keys).sorted() {
            let (left, right) = (first[name], second[name])
            var row = Row(name: name, first: left, second: right, unit: units[name], better: nil)
            guard let left, let right else {
                oneSided.append(row)
                continue
            }
            guard left != right else {
                unchanged.append(row)
                continue
            }
            if units[name] != .count, let change = row.relativeChange, abs(change) < Self.smallestChange {
                unchanged.append(row)
                negligible += 1
                continue
            }
            row.better = direction(name)?.judge(left, right)
            changed.append((row, left == 0 ? .infinity : abs(right - left) / abs(left)))
        }
        self.changed = changed.sorted { ($0.change, $1.row.name) > ($1.change, $0.row.name) }.map(\.row)
        self.unchanged = unchanged
        self.oneSided = oneSided
    }

    /// How many changes were better and worse.
    public var tally: (better: Int, worse: Int) {
        (changed.filter { $0.better == true }.count, changed.filter { $0.better == false }.count)
    }

    /// One line: how many changed, how many of them better and worse, how many one run lacks.
    public var summary: String {
        let (better, worse) = tally
        var text =
            changed.isEmpty
            ? "no metric both runs have differs"
            : "\(changed.count) metric(s) changed: \(better) better, \(worse) worse, "
                + "\(changed.count - better - worse) without a direction"
        if negligible > 0 { text += "; \(negligible) differ by less than 0.05 % (counted as unchanged)" }
        if !oneSided.isEmpty { text += "; \(oneSided.count) only in one run (listed last, not changes)" }
        return text
    }

    /// The measures the team decides with, and what each is called in the verdict line.
    public static let decidingMeasures: [(name: String, label: String)] = [
        (MetricName.rateLimitStatus429, "429s"),
        (MetricName.rateLimitOverLimit, "minutes over the plan's limit"),
        (MetricName.rateLimitMonthlyCredits, "credits a month"),
        (MetricName.freshnessP50AgeS, "median data age"),
        (MetricName.freshnessShareOver5m, "time over 5 minutes old"),
    ]

    /// One line naming the better run on ``decidingMeasures`` (those both runs have): which is
    /// better on more of them, and on which.
    ///
    /// - Parameter labels: The two runs as the user named them.
    public func verdict(labels: (String, String)) -> String {
        let rows = Dictionary((changed + unchanged).map { ($0.name, $0) }, uniquingKeysWith: { $1 })
        var better: [String] = []
        var worse: [String] = []
        var same: [String] = []
        for measure in Self.decidingMeasures {
            guard let row = rows[measure.name] else { continue }
            switch row.better {
            case true?: better.append(measure.label)
            case false?: worse.append(measure.label)
            case nil: same.append(measure.label)
            }
        }
        guard !(better.isEmpty && worse.isEmpty) else {
            return "verdict: neither run is better on the measures that matter ("
                + (same.isEmpty ? "neither has them" : "the same " + same.joined(separator: ", ")) + ")"
        }
        let winner = better.count == worse.count ? nil : better.count > worse.count ? labels.1 : labels.0
        let head = winner.map { "verdict: \($0) is better on the measures that matter" } ?? "verdict: a tie"
        var parts: [String] = []
        if !better.isEmpty { parts.append("\(labels.1) better on " + better.joined(separator: ", ")) }
        if !worse.isEmpty { parts.append("worse on " + worse.joined(separator: ", ")) }
        if !same.isEmpty { parts.append("the same " + same.joined(separator: ", ")) }
        return head + " (" + parts.joined(separator: "; ") + ")"
    }

    /// The table rows of a list: metric, both values, the delta, the relative change, and the
    /// verdict.
    public static func cells(_ rows: [Row]) -> [[String]] {
        rows.map { row in
            let text = { (value: Double) in
                row.unit.map { MetricFormatting.text(value, $0) } ?? MetricFormatting.number(value)
            }
            var delta = ""
            var percent = ""
            if let left = row.first, let right = row.second, left != right {
                delta =
                    row.unit.map { MetricFormatting.delta(right - left, $0) }
                    ?? (right > left ? "+" : "") + MetricFormatting.number(right - left)
                if left != 0 { percent = String(format: "%+.1f%%", (right - left) / abs(left) * 100) }
            }
            let verdict = row.better.map { $0 ? "better" : "worse" } ?? ""
            return [
                row.name, row.first.map(text) ?? "-", row.second.map(text) ?? "-", delta, percent, verdict,
            ]
        }
    }
}
