import Datasets
import Persistence
import Reports
import TrackerCore
import WorkbenchFoundation
import WorkbenchMetrics

/// A sweep's summary: per combination, nearest-rank percentiles of every metric across the
/// seeds, computed by SQL from the folder's database (bounded memory whatever the seed count).
/// The same cells give the same bytes, whether they ran in one go, resumed, with any `--jobs`,
/// or in shards merged afterwards.
public struct SweepSummary: Sendable {
    /// The percentiles shown, by name.
    public static let quantiles: [(name: String, fraction: Double)] = [
        ("min", 0), ("p5", 0.05), ("p50", 0.5), ("p95", 0.95), ("max", 1),
    ]

    /// The metrics printed on the terminal and in `summary.md` (all of them are in `summary.json`).
    public static let headline = [
        MetricName.rateLimitRequests, MetricName.rateLimitMaxPerMinute, MetricName.rateLimitStatus429,
        MetricName.cacheHitRatio,
        MetricName.cacheOptHitRatio, MetricName.freshnessP95AgeS, MetricName.chartsOverCap,
        MetricName.alertsFired,
    ]

    /// The most failing seeds listed per combination.
    public static let failingSeedsListed = 20

    /// One combination's verdicts: cells whose expectations all held, cells with one or more
    /// not met, and the first failing seeds.
    public struct Verdicts: Sendable, Equatable {
        /// Cells whose expectations all held.
        public var passed: Int
        /// Cells with an expectation not met.
        public var failed: Int
        /// The first failing seeds, in order (at most ``SweepSummary/failingSeedsListed``).
        public var failingSeeds: [UInt64]
    }

    /// The plan summarised.
    public let plan: SweepPlan
    /// Per combination, in plan order: the cells' verdicts.
    public let verdicts: [Verdicts]
    /// Per combination, in plan order: each metric's percentiles, by name.
    public let combinations: [[(name: String, values: [Double])]]
    /// Each metric's unit, when known.
    public let units: [String: MetricUnit]

    /// Reads the summary from a folder's database.
    ///
    /// - Parameters:
    ///   - plan: The plan.
    ///   - store: The folder's database, holding every cell.
    public init(plan: SweepPlan, store: SweepStore) throws(SweepError) {
        self.plan = plan
        do {
            combinations = try plan.combinations.indices.map { combination throws(StoreError) in
                try store.percentiles(combination: combination, fractions: Self.quantiles.map(\.fraction))
            }
            units = try store.units().compactMapValues(MetricUnit.init)
            verdicts = try plan.combinations.indices.map { combination throws(StoreError) in
                let counts = try store.cells(
                    combination: combination, withPositive: Metric.failedExpectationsName,
                    limit: Self.failingSeedsListed)
                return Verdicts(
                    passed: counts.cells - counts.positive, failed: counts.positive,
                    failingSeeds: counts.seeds)
            }
        } catch {
            throw SweepError("\(store.database.path): \(error)")
        }
    }

    /// `summary.json`.
    public var json: String {
        let members = plan.combinations.indices.map { combination in
            JSONValue.Member(
                plan.label(combination),
                .object(
                    combinations[combination].map { metric in
                        .init(
                            metric.name,
                            .object(zip(Self.quantiles, metric.values).map { .init($0.name, .number($1)) }))
                    }))
        }
        let verdictMembers = plan.combinations.indices.map { combination in
            let verdict = verdicts[combination]
            return JSONValue.Member(
                plan.label(combination),
                .object([
                    .init("passed", .integer(Int64(verdict.passed))),
                    .init("failed", .integer(Int64(verdict.failed))),
                    .init("failing_seeds", .array(verdict.failingSeeds.map { .unsigned($0) })),
                ]))
        }
        return JSONValue.object([
            .init("seeds", .array([.unsigned(plan.firstSeed), .unsigned(plan.lastSeed)])),
            .init("passed", .bool(allPassed)),
            .init("expectations", .object(verdictMembers)),
            .init("combinations", .object(members)),
        ]).document(.pretty(inlineFrom: 3))
    }

    /// Whether every cell met every expectation.
    public var allPassed: Bool { verdicts.allSatisfy { $0.failed == 0 } }

    /// Each combination's verdicts as table rows (`combination`, `passed`, `failed`, `failing
    /// seeds`); the first row is the header.
    public var verdictRows: [[String]] {
        [["combination", "passed", "failed", "failing seeds"]]
            + plan.combinations.indices.map { combination in
                let verdict = verdicts[combination]
                let listed = verdict.failingSeeds.map(String.init).joined(separator: ", ")
                let more = verdict.failed > verdict.failingSeeds.count ? ", ..." : ""
                return [
                    plan.label(combination), "\(verdict.passed)", "\(verdict.failed)",
                    verdict.failed == 0 ? "-" : listed + more,
                ]
            }
    }

    /// The headline metrics' percentiles by combination, each value formatted by its unit; the
    /// first row is the header.
    public var headlineRows: [[String]] {
        var rows = [["combination", "metric"] + Self.quantiles.map(\.name)]
        for (combination, metrics) in combinations.enumerated() {
            for name in Self.headline {
                guard let values = metrics.first(where: { $0.name == name })?.values else { continue }
                rows.append(
                    [plan.label(combination), name]
                        + values.map { value in
                            units[name].map { MetricFormatting.text(value, $0) }
                                ?? MetricFormatting.number(value)
                        })
            }
        }
        return rows
    }

    /// `summary.md`.
    public var markdown: String {
        let rows = headlineRows
        let verdicts = verdictRows
        return "# Sweep of \(plan.scenario), seeds \(plan.firstSeed)..\(plan.lastSeed)\n\n"
            + "## Expectations: \(allPassed ? "every cell passed" : "FAILED in some cells")\n\n"
            + MarkdownReport.table(verdicts[0], Array(verdicts.dropFirst())) + "\n## Metrics\n\n"
            + MarkdownReport.table(rows[0], Array(rows.dropFirst()))
    }

    /// `summary.html`: the headline metrics' distributions as percentile strips, and the
    /// combinations' medians side by side (``SweepPage``).
    public var html: String {
        SweepPage.render(
            scenario: plan.scenario, seeds: (plan.firstSeed, plan.lastSeed),
            combinations: plan.combinations.indices.map(plan.label),
            metrics: Self.headline.map { name in
                SweepPage.Metric(
                    name: name, unit: units[name],
                    percentiles: combinations.map { metrics in metrics.first { $0.name == name }?.values })
            }, verdicts: verdictRows)
    }

    /// Writes `summary.json`, `summary.md` and `summary.html` into a folder, each atomically.
    public func write(to folder: String) throws(SweepError) {
        do {
            try AtomicFile.write(json.utf8, to: "\(folder)/summary.json")
            try AtomicFile.write(markdown.utf8, to: "\(folder)/summary.md")
            try AtomicFile.write(html.utf8, to: "\(folder)/summary.html")
        } catch {
            throw SweepError(error.description)
        }
    }
}
