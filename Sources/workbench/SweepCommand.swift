import ArgumentParser
import CommandLineShell
import Foundation
import LiveHTTP
import Runs
import Sweeps
import TrackerCore
import WorkbenchFoundation

/// `workbench sweep`: one scenario over seeds and a grid of overrides, in parallel, durable
/// (each cell kept as it finishes, `--resume` after a kill), shardable (`--shard K/N`, then
/// `workbench merge`), with per-metric percentiles across the seeds of each combination.
struct SweepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Run a scenario over a range of seeds and a grid of overrides, in parallel.",
        discussion: """
            Every combination of the --set alternatives runs on every seed. OUT/plan.json is written \
            first; each cell's result.json goes to OUT/<combination>/seed-<n>/ as it finishes, and its \
            metrics to OUT/sweep.sqlite. summary.json and summary.md give, per combination, the \
            minimum, 5th, 50th and 95th percentile and maximum of every metric across the seeds \
            (nearest rank), byte-identical whatever --jobs is, after a --resume, or merged from shards.

            A folder of the same plan is started over, or continued with --resume. A folder of \
            another plan is refused unless --force; a non-empty folder that holds no sweep is never \
            cleared. docs/sweeps.md has the layout on disk, shards and Ray.

            Examples:
              workbench sweep scenarios/quickstart.yaml --seeds 1..20
              workbench sweep scenarios/quickstart.yaml --seeds 1..1000 --resume
              workbench sweep scenarios/quickstart.yaml --seeds 1..40 --shard 2/4 \\
                  --out out/shard-2
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

    @Flag(help: "No progress output; the summary table still prints.")
    var quiet = false

    @Option(
        help: ArgumentHelp(
            "Which cells keep their result.json: all, failed or none.",
            discussion:
                "Every cell's metrics go to sweep.sqlite whatever is kept. Default: all up to 1,000 cells in this process, failed above."
        ))
    var keepResults: KeptResults?

    @Flag(help: "Keep the cells a folder of the same plan has finished and run the rest.")
    var resume = false

    @Flag(
        help:
            "Check the app's, the server's and the events' invariants after every event of every run (slower; CI does)."
    )
    var checkInvariants = false

    @Flag(help: "Clear a sweep folder that holds another plan instead of refusing.")
    var force = false

    @Option(
        help:
            "Run only shard K of N (K/N): a deterministic share of the cells, merged with `workbench merge`.")
    var shard: String?

    @Option(
        name: .customLong("junit"),
        help: "Also write a JUnit XML report to this file: one test case per combination (docs/ci.md).")
    var junitPath: String?

    /// The most cells one process runs (its shard's share of combinations x seeds).
    static let maximumRuns = 100_000
    /// The most seeds a plan may name: the plan keeps the range, not the seeds.
    static let maximumSeeds: UInt64 = 1_000_000_000_000

    func run() throws {
        if let junitPath {
            try JUnitOutput.check(junitPath)
            if shard != nil {
                throw CLIError.badInput(
                    "--junit: a shard has no verdicts of its own; give --junit to the whole sweep, not --shard"
                )
            }
        }
        let seedRange = try Self.parseSeeds(seeds)
        let combinations = try Self.combinations(grid)
        let shard = try shard.map { text throws(CLIError) in
            do throws(SweepError) { return try SweepShard(parsing: text) } catch {
                throw .badInput(error.description)
            }
        }
        // The plan is its grid and a seed range, whatever the count; what one process runs is capped.
        let (planned, overflow) = combinations.count.multipliedReportingOverflow(by: Int(seedRange.count))
        let here = shard.map { $0.cellCount(of: planned) } ?? planned
        guard !overflow, here <= Self.maximumRuns else {
            let total = overflow ? "more than \(Int.max)" : "\(planned)"
            throw CLIError.badInput(
                "\(combinations.count) combination(s) x \(seedRange.count) seeds is \(total) cells, and this process "
                    + "would run \(overflow ? "too many" : "\(here)")\(shard.map { " (shard \($0))" } ?? ""), more than "
                    + "\(Self.maximumRuns); split the sweep with --shard K/N (one process a shard) or sweep fewer seeds"
            )
        }
        let loaded = try combinations.map { overrides throws(CLIError) in
            try ScenarioRunner.load(scenario, overrides: overrides)
        }
        let plan = SweepPlan(
            scenario: scenario, grid: grid, combinations: combinations, hashes: loaded.map(\.hash),
            firstSeed: seedRange.lowerBound, lastSeed: seedRange.upperBound, version: WorkbenchVersion.current
        )
        let directory = try InputFiles.outputDirectory(
            out, option: "--out", defaultParent: "out/sweep", name: loaded[0].scenario.name)
        let kept = keepResults ?? KeptResults.byDefault(forCells: here)
        let started = ContinuousClock.now
        let progress = ProgressReporter(label: "sweep", quiet: quiet)
        let folder = try Self.refusingBadInput { () throws(SweepError) in
            try SweepFolder.prepare(directory, plan: plan, shard: shard, resume: resume, force: force)
        }
        let stop = CommandStop()
        let outcome = try Self.refusingBadInput { () throws(SweepError) in
            try SweepRun.run(
                plan, loaded: loaded, folder: folder, shard: shard, jobs: jobs, kept: kept,
                pacing: Self.commitPacing, checkingInvariants: checkInvariants,
                progress: { progress.update(done: $0, total: $1) }, stop: { stop.signal != nil })
        }
        let cells = outcome.ran + outcome.skipped
        try InputFiles.write(
            Self.timings(since: started, ran: outcome.ran, skipped: outcome.skipped),
            to: "\(directory)/timings.json")
        if outcome.stopped {
            let signal = stop.signal.map(StopSignals.name) ?? "a stop request"
            throw CLIError(
                message:
                    "stopped by \(signal): \(cells) cells are kept in \(directory) (\(outcome.ran) run now), with no "
                    + "summary yet; continue with `\(CommandStop.resumeCommand())`",
                exitCode: stop.exitCode ?? CLIError.failedCheckCode)
        }
        if let shard {
            print(
                "shard \(shard): \(cells) of \(plan.cellCount) cells (\(outcome.skipped) resumed) in \(directory), "
                    + "\(kept.sentence)\(keepResults == nil ? " (the default)" : ""); merge the shards with `workbench merge`"
            )
            return
        }
        let summary = try Self.refusingBadInput { () throws(SweepError) in
            let summary = try SweepSummary(plan: plan, store: folder.store)
            try summary.write(to: directory)
            return summary
        }
        print(
            "\(cells) runs (\(combinations.count) combination(s) x \(plan.seedCount) seeds"
                + (outcome.skipped > 0 ? ", \(outcome.skipped) resumed" : "") + "); summary in \(directory); "
                + kept.sentence + (keepResults == nil ? " (the default; --keep-results all|failed|none)" : "")
        )
        if let junitPath { try JUnitOutput.write(Self.junit(summary), to: junitPath) }
        try Self.report(summary)
    }

    /// The summary's verdicts as JUnit test cases: one per combination, failed when a cell of it
    /// did not meet the scenario's expectations.
    static func junit(_ summary: SweepSummary) -> JUnitReport {
        let plan = summary.plan
        // The verdicts table's rows (after its header): the failing seeds as `summary.md` lists them.
        let rows = summary.verdictRows.dropFirst()
        let cases = zip(plan.combinations.indices, rows).map { combination, row in
            let verdict = summary.verdicts[combination]
            let name = plan.label(combination)
            guard verdict.failed > 0 else {
                return JUnitReport.TestCase(name: name, className: "sweep", outcome: .passed)
            }
            let message =
                "\(verdict.failed) of \(verdict.passed + verdict.failed) cells did not meet the expectations of "
                + "\(plan.scenario)"
            return JUnitReport.TestCase(
                name: name, className: "sweep",
                outcome: .failed(
                    message: message,
                    details: message
                        + "\nfailing seeds: \(row[3])"
                        + "\nrun one again with: "
                        + ([
                            "workbench", "run", plan.scenario, "--seed", "\(verdict.failingSeeds.first ?? 0)",
                        ]
                        + plan.combinations[combination].flatMap { ["--set", $0] })
                        .map(CommandStop.shellQuoted).joined(separator: " ")))
        }
        return JUnitReport(name: "workbench sweep \(plan.scenario)", cases: cases)
    }

    /// Prints a summary's verdicts and headline metrics; exit 1 when a cell failed an expectation.
    static func report(_ summary: SweepSummary) throws(CLIError) {
        print(TextTable.render(summary.verdictRows))
        print(TextTable.render(summary.headlineRows))
        guard summary.allPassed else {
            let failed = summary.verdicts.map(\.failed).reduce(0, +)
            throw CLIError(
                message:
                    "\(failed) cell(s) did not meet their expectations (the failing seeds are above and in "
                    + "summary.md)", exitCode: CLIError.failedCheckCode)
        }
    }

    /// A sweep library call whose failures are bad input (exit 2), with their message.
    static func refusingBadInput<T>(_ body: () throws(SweepError) -> T) throws(CLIError) -> T {
        do {
            return try body()
        } catch {
            throw .badInput(error.description)
        }
    }

    /// Finished cells are committed together, once their runs took a quarter second, or the
    /// first waited a quarter second, or 1,000 wait: a kill costs at most a quarter second of
    /// runs, re-run on `--resume`.
    static let commitPacing: CommitPacing = {
        let clock = ElapsedSeconds()
        return CommitPacing(cells: 1000, seconds: 0.25) { clock.now() }
    }()

    /// `timings.json` of a sweep: wall time and throughput, never part of the results.
    static func timings(since started: ContinuousClock.Instant, ran: Int, skipped: Int) -> String {
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return JSONValue.object([
            .init("wall_seconds", .number(seconds)),
            .init("cells_run", .integer(Int64(ran))),
            .init("cells_resumed", .integer(Int64(skipped))),
            .init("cells_per_second", .number(seconds > 0 ? Double(ran) / seconds : 0)),
        ]).document(.pretty(inlineFrom: 1))
    }

    static func parseSeeds(_ text: String) throws(CLIError) -> ClosedRange<UInt64> {
        let parts = text.components(separatedBy: "..")
        guard parts.count == 2, let low = UInt64(parts[0]), let high = UInt64(parts[1]), low <= high,
            high - low < maximumSeeds
        else {
            throw .badInput(
                "--seeds: expected A..B with A <= B (at most \(maximumSeeds) seeds), found '\(text)'")
        }
        return low...high
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
}

extension KeptResults: ExpressibleByArgument {}
