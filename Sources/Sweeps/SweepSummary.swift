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
        "rate_limit.requests", "rate_limit.max_per_minute", "rate_limit.status_429", "cache.hit_ratio",
        "cache.opt_hit_ratio", "freshness.p95_age_s", "charts.over_cap", "alerts.fired",
    ]

    /// The plan summarised.
    public let plan: SweepPlan
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
        return JSONValue.object([
            .init("seeds", .array([.unsigned(plan.firstSeed), .unsigned(plan.lastSeed)])),
            .init("combinations", .object(members)),
        ]).document(.pretty(inlineFrom: 3))
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
        return "# Sweep of \(plan.scenario), seeds \(plan.firstSeed)..\(plan.lastSeed)\n\n"
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
            })
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
