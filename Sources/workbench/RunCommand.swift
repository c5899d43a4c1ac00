import ArgumentParser
import CommandLineShell
import Foundation
import Reports
import Runs
import Scenarios
import WorkbenchMetrics

/// `workbench run`: one scenario, its reports, its place in the history.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a scenario and write result.json, report.md and report.html.",
        discussion: """
            The run is deterministic: the same scenario, seed and code give byte-identical \
            result.json, report.md and report.html. Wall-clock figures go to timings.json. Each run \
            is stored in the history database (see `workbench history`).

            Exit codes: 0 every expectation held, 1 an expectation failed, 2 bad input (the \
            message names the file, line and key).

            Examples:
              workbench run scenarios/quickstart.yaml
              workbench run scenarios/bitpal-as-built.yaml --seed 7 --out out/seed7
              workbench run scenarios/quickstart.yaml --set policies.limiter=spacing \\
                  --set plan=seed-50
              workbench run scenarios/quickstart.yaml --events out/quickstart-events.jsonl

            --events writes what happened, one JSON object a line in time order: user actions, \
            requests sent (with the screen that sent them and the limiter wait) and answered, \
            cache lookups and stores, charts prepared and rendered, failures, screen changes, \
            alerts (docs/simulation.md, "The event stream").
            """
    )

    @Argument(help: "The scenario file (YAML).")
    var scenario: String

    @Option(
        parsing: .unconditional, help: "The root seed (the scenario's own by default).",
        transform: NumberOptions.seed)
    var seed: UInt64?

    @Option(help: "The output directory (out/<scenario name> by default).")
    var out: String?

    @Option(name: .customLong("set"), help: "Override a scenario key: key.path=value (repeatable).")
    var overrides: [String] = []

    @Option(help: "The history database.")
    var history: String = "out/history.sqlite"

    @Flag(help: "Do not store the run in the history database.")
    var noHistory = false

    @Flag(help: "No progress output; the summary line and the expectations still print.")
    var quiet = false

    @Flag(
        help: ArgumentHelp(
            "Do not measure the findings' fixes.",
            discussion:
                "By default each finding a setting may fix is measured: the same seed runs again with each candidate --set (docs/reports.md), and the finding says what the best one did. Those runs are most of a long run's time (a simulated year: 23 s with them, 5.3 s without), so time a run with --no-fixes, as docs/benchmarks.md does."
        ))
    var noFixes = false

    @Option(help: "Write the run's events to this file as JSON Lines (none by default).")
    var events: String?

    @Flag(
        help: ArgumentHelp(
            "Check the app's, the server's and the events' invariants after every event.",
            discussion:
                "Slower; a broken invariant stops the run with what broke, the seed and the time (docs/simulation.md, \"Invariants\"). The results are the same."
        ))
    var checkInvariants = false

    func run() throws {
        LargeAllocations.returnToTheSystemWhenFreed()
        let loaded = try ScenarioRunner.load(scenario, overrides: overrides)
        let eventsFile = try events.map { given throws(CLIError) in
            try InputFiles.givenFile(given, option: "--events", example: "events.jsonl")
        }
        let directory = try InputFiles.outputDirectory(
            out, option: "--out", defaultParent: "out", name: loaded.scenario.name)
        let folderLock = try OutputFolder.lock(directory, option: "--out")
        defer { folderLock.release() }
        let stop = CommandStop()
        let timer = SummingTimer()
        let started = ContinuousClock.now
        let lines = EventLines(start: loaded.scenario.start)
        let outcome = try ScenarioRunner.execute(
            loaded, seed: seed, timer: timer,
            progress: ProgressReporter(label: loaded.scenario.name, quiet: quiet),
            events: eventsFile == nil ? nil : { lines.append($0, at: $1) }, stop: stop.reason,
            checkingInvariants: checkInvariants)
        let elapsed = ContinuousClock.now - started
        let wall = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var input = outcome.report
        if !noFixes {
            input.fixes = ScenarioRun.measureFixes(
                for: input, path: scenario, projectRoot: loaded.projectRoot, overrides: overrides,
                seed: input.seed)
        }
        try ScenarioRunner.write(
            input,
            timings: ScenarioRunner.timings(
                wallSeconds: wall, simulatedMilliseconds: loaded.scenario.durationMilliseconds, timer: timer),
            to: directory)
        // After the reports, so a file that cannot be written loses nothing else.
        if let eventsFile { try InputFiles.write(lines.text, to: eventsFile) }
        // A run stopped early is not history: its figures cover part of its span.
        if !noHistory, input.stoppedEarly == nil {
            try ScenarioRunner.record(
                outcome, output: directory, history: history,
                at: Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)))
        }
        let metrics = outcome.result.metrics
        let hitRatio =
            metrics.allCaches.hitRatio.map { MetricFormatting.text($0, .ratio) } ?? "none (no lookups)"
        print(
            "\(loaded.scenario.name): seed \(input.seed), \(metrics.rateLimits.requests) requests, "
                + "max \(metrics.rateLimits.maxPerMinute)/min on \(loaded.scenario.server.plan.name), "
                + "cache hit ratio \(hitRatio); reports in \(directory)"
        )
        for warning in input.warnings { ErrorOutput.report("warning: \(warning)") }
        for verdict in input.verdicts {
            print("  \(verdict.line)")
        }
        try ScenarioRunner.failIfStopped(input, exitCode: stop.exitCode, reports: directory)
        if !input.passed {
            throw CLIError(
                message: "\(loaded.scenario.file): expectations failed", exitCode: CLIError.failedCheckCode)
        }
    }
}
