import ArgumentParser
import Foundation
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

    func run() throws {
        let seedRange = try Self.parseSeeds(seeds)
        let combinations = try Self.combinations(grid)
        let loaded = try combinations.map { overrides throws(CLIError) in
            try ScenarioRunner.load(scenario, overrides: overrides)
        }
        let tasks = loaded.indices.flatMap { combo in seedRange.map { (combo, $0) } }
        let results = Mutex([Int: Result<ReportInput, CLIError>]())
        let next = Mutex(0)
        let progress = ProgressReporter(label: "sweep", quiet: quiet)
        let finished = DispatchSemaphore(value: 0)
        let workers = (0..<min(jobs, tasks.count)).map { _ in
            Thread {
                defer { finished.signal() }
                while true {
                    let index = next.withLock { value -> Int in
                        defer { value += 1 }
                        return value
                    }
                    guard index < tasks.count else { return }
                    let (combo, seed) = tasks[index]
                    let outcome = Result { () throws(CLIError) in
                        try ScenarioRunner.execute(loaded[combo], seed: seed, timer: nil, progress: nil)
                    }
                    let done = results.withLock { results -> Int in
                        results[index] = outcome
                        return results.count
                    }
                    progress.update(Double(done) / Double(tasks.count))
                }
            }
        }
        for worker in workers { worker.start() }
        for _ in workers { finished.wait() }
        let ordered = try (0..<tasks.count).map { index throws(CLIError) in
            try results.withLock { $0[index]! }.get()
        }
        let directory = try InputFiles.outputDirectory(
            out, option: "--out", defaultParent: "out/sweep", name: loaded[0].scenario.name)
        var summaries: [(label: String, percentiles: [String: [Double]])] = []
        for (combo, overrides) in combinations.enumerated() {
            let label = overrides.isEmpty ? "base" : overrides.joined(separator: ",")
            let runs = ordered.enumerated().filter { tasks[$0.offset].0 == combo }.map(\.element)
            for run in runs {
                try InputFiles.write(
                    ResultJSON.render(run),
                    to: "\(directory)/\(Self.folder(label))/seed-\(run.seed)/result.json")
            }
            summaries.append((label, Self.percentiles(runs.map(\.result.metrics.byName))))
        }
        try InputFiles.write(Self.summaryJSON(summaries, seeds: seedRange), to: "\(directory)/summary.json")
        let units = ordered.reduce(into: [String: MetricUnit]()) { units, run in
            for metric in run.result.metrics.flattened() { units[metric.name] = metric.unit }
        }
        let table = Self.summaryTable(summaries, units: units)
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

    /// Nearest-rank percentiles of every metric across runs.
    static func percentiles(_ runs: [[String: Double]]) -> [String: [Double]] {
        let names = Set(runs.flatMap(\.keys))
        var result: [String: [Double]] = [:]
        for name in names {
            let values = runs.compactMap { $0[name] }.sorted()
            result[name] = quantiles.map { _, fraction in
                values[max(0, min(values.count - 1, Int((fraction * Double(values.count)).rounded(.up)) - 1))]
            }
        }
        return result
    }

    static func summaryJSON(_ summaries: [(label: String, percentiles: [String: [Double]])], seeds: [UInt64])
        -> String
    {
        var lines = ["{", "  \"seeds\": [\(seeds.first!), \(seeds.last!)],", "  \"combinations\": {"]
        lines.append(
            summaries.map { summary in
                "    \(JSONText.quoted(summary.label)): {\n"
                    + summary.percentiles.keys.sorted().map { name in
                        let values = zip(quantiles, summary.percentiles[name]!).map {
                            "\"\($0.0)\": \(JSONText.number($1))"
                        }
                        return "      \(JSONText.quoted(name)): {\(values.joined(separator: ", "))}"
                    }.joined(separator: ",\n") + "\n    }"
            }.joined(separator: ",\n"))
        return (lines + ["  }", "}"]).joined(separator: "\n") + "\n"
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
        let markdown =
            "| " + rows[0].joined(separator: " | ") + " |\n|"
            + rows[0].map { _ in "---" }.joined(separator: "|") + "|\n"
            + rows.dropFirst().map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n")
            + "\n"
        return (TextTable.render(rows), markdown)
    }
}
