import ArgumentParser
import Foundation
import Metrics
import Reports
import Simulation
import Synchronization
import TrackerCore

/// `workbench sweep`: one scenario over seeds and a grid of overrides, in parallel, with
/// per-metric percentiles across the seeds of each combination.
struct SweepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Run a scenario over a range of seeds and a grid of overrides, in parallel.",
        discussion: """
            Every combination of the --set alternatives runs on every seed. Each run's result.json \
            goes to OUT/<combination>/seed-<n>/, identical whatever --jobs is; summary.json and \
            summary.md give, per combination, the minimum, 5th, 50th and 95th percentile and maximum of \
            every metric across the seeds (nearest rank).

            Examples:
              workbench sweep scenarios/quickstart.yaml --seeds 1..20
              workbench sweep scenarios/policy-comparison.yaml --seeds 1..5 --jobs 2 \\
                --set policies.limiter=bitpal,spacing,token-bucket,sliding-window
            """
    )

    @Argument(help: "The scenario file (YAML).")
    var scenario: String

    @Option(help: "Seeds, A..B inclusive.")
    var seeds: String

    @Option(
        parsing: .unconditional, help: "Runs in parallel, 1 to 256 (the number of cores by default).",
        transform: NumberOptions.whole(in: 1...256))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .customLong("set"), help: "An override with alternatives: key.path=v1,v2,... (repeatable).")
    var grid: [String] = []

    @Option(help: "The output directory (out/sweep/<scenario name> by default).")
    var out: String?

    @Flag(help: "No progress output.")
    var quiet = false

    /// The metrics printed on the terminal (all of them go to the summary files).
    static let headline = [
        "rate_limit.requests", "rate_limit.max_per_minute", "rate_limit.status_429", "cache.hit_ratio",
        "cache.opt_hit_ratio", "freshness.p95_age_s", "charts.over_cap", "alerts.fired",
    ]

    /// The most runs one sweep starts (combinations x seeds).
    static let maximumRuns = 100_000

    /// What the workers collect: each metric's values by combination (result files are written
    /// as runs finish, so memory holds numbers, not runs), the units, and the first failure.
    private struct Collected {
        var values: [[String: [Double]]]
        var units: [String: MetricUnit] = [:]
        var done = 0
        var failure: (index: Int, error: CLIError)?
    }

    func run() throws {
        let seedRange = try Self.parseSeeds(seeds)
        let combinations = try Self.combinations(grid)
        guard combinations.count * seedRange.count <= Self.maximumRuns else {
            throw CLIError.badInput(
                "\(combinations.count) combination(s) x \(seedRange.count) seeds is "
                    + "\(combinations.count * seedRange.count) runs, more than \(Self.maximumRuns); "
                    + "sweep fewer seeds or alternatives at a time")
        }
        let loaded = try combinations.map { overrides throws(CLIError) in
            try ScenarioRunner.load(scenario, overrides: overrides)
        }
        let directory = try InputFiles.outputDirectory(
            out, option: "--out", defaultParent: "out/sweep", name: loaded[0].scenario.name)
        let labels = combinations.map { $0.isEmpty ? "base" : $0.joined(separator: ",") }
        let tasks = loaded.indices.flatMap { combo in seedRange.map { (combo, $0) } }
        let collected = Mutex(Collected(values: Array(repeating: [:], count: combinations.count)))
        let next = Mutex(0)
        let progress = ProgressReporter(label: "sweep", quiet: quiet)
        // --jobs workers, each taking the next task until none is left (or one has failed).
        DispatchQueue.concurrentPerform(iterations: min(jobs, tasks.count)) { _ in
            while true {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < tasks.count, collected.withLock({ $0.failure == nil }) else { return }
                let (combo, seed) = tasks[index]
                do throws(CLIError) {
                    let run = try ScenarioRunner.execute(
                        loaded[combo], seed: seed, timer: nil, progress: nil)
                    try InputFiles.write(
                        ResultJSON.render(run.report),
                        to: "\(directory)/\(Self.folder(labels[combo]))/seed-\(seed)/result.json")
                    let metrics = run.result.metrics.flattened()
                    let done = collected.withLock { collected -> Int in
                        for metric in metrics {
                            collected.values[combo][metric.name, default: []].append(metric.value)
                            collected.units[metric.name] = metric.unit
                        }
                        collected.done += 1
                        return collected.done
                    }
                    progress.update(Double(done) / Double(tasks.count))
                } catch {
                    collected.withLock { collected in
                        if collected.failure.map({ index < $0.index }) ?? true {
                            collected.failure = (index, error)
                        }
                    }
                }
            }
        }
        let result = collected.withLock { $0 }
        if let failure = result.failure { throw failure.error }
        let summaries = labels.indices.map { (labels[$0], Self.percentiles(result.values[$0])) }
        try InputFiles.write(Self.summaryJSON(summaries, seeds: seedRange), to: "\(directory)/summary.json")
        let table = Self.summaryTable(summaries, units: result.units)
        try InputFiles.write(
            "# Sweep of \(scenario), seeds \(seeds)\n\n" + table.markdown, to: "\(directory)/summary.md")
        print(
            "\(tasks.count) runs (\(combinations.count) combination(s) x \(seedRange.count) seeds); summary in \(directory)"
        )
        print(table.text)
    }

    static func parseSeeds(_ text: String) throws(CLIError) -> [UInt64] {
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2, let low = UInt64(parts[0]), let high = UInt64(parts[1]), low <= high,
            high - low < 100_000
        else {
            throw .badInput("--seeds: expected A..B with A <= B (at most 100000 seeds), found '\(text)'")
        }
        return Array(low...high)
    }

    /// Every combination of the alternatives, as override lists.
    static func combinations(_ grid: [String]) throws(CLIError) -> [[String]] {
        var combinations: [[String]] = [[]]
        for entry in grid {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw .badInput("--set: expected key.path=v1,v2,..., found '\(entry)'")
            }
            let values = parts[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            // Checked before the grid is built: ten keys of ten values would be 10^10 lists.
            guard combinations.count * values.count <= maximumRuns else {
                throw .badInput(
                    "--set: the alternatives make more than \(maximumRuns) combinations; sweep fewer at a time"
                )
            }
            combinations = combinations.flatMap { prefix in values.map { prefix + ["\(parts[0])=\($0)"] } }
        }
        return combinations
    }

    static func folder(_ label: String) -> String {
        String(label.map { $0.isLetter || $0.isNumber || "-_.=,".contains($0) ? $0 : "_" })
    }

    static let quantiles: [(String, Double)] = [
        ("min", 0), ("p5", 0.05), ("p50", 0.5), ("p95", 0.95), ("max", 1),
    ]

    /// Nearest-rank percentiles of each metric's values across runs.
    static func percentiles(_ values: [String: [Double]]) -> [String: [Double]] {
        values.mapValues { unsorted in
            let values = unsorted.sorted()
            return quantiles.map { NearestRank.percentile(values, $0.1) }
        }
    }

    static func summaryJSON(_ summaries: [(label: String, percentiles: [String: [Double]])], seeds: [UInt64])
        -> String
    {
        let combinations = summaries.map { summary in
            JSONValue.Member(
                summary.label,
                .object(
                    summary.percentiles.keys.sorted().map { name in
                        .init(
                            name,
                            .object(
                                zip(quantiles, summary.percentiles[name]!).map { .init($0.0, .number($1)) }))
                    }))
        }
        return JSONValue.object([
            .init("seeds", .array([.unsigned(seeds.first!), .unsigned(seeds.last!)])),
            .init("combinations", .object(combinations)),
        ]).document(.pretty(inlineFrom: 3))
    }

    /// The headline metrics' percentiles by combination, each value formatted by its unit.
    static func summaryTable(
        _ summaries: [(label: String, percentiles: [String: [Double]])], units: [String: MetricUnit]
    ) -> (text: String, markdown: String) {
        var rows = [["combination", "metric"] + quantiles.map(\.0)]
        for summary in summaries {
            for name in headline {
                guard let values = summary.percentiles[name] else { continue }
                rows.append(
                    [summary.label, name]
                        + values.map { value in
                            units[name].map { MetricFormatting.text(value, $0) }
                                ?? MetricFormatting.number(value)
                        })
            }
        }
        return (TextTable.render(rows), MarkdownReport.table(rows[0], Array(rows.dropFirst())))
    }
}
