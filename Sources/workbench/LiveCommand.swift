import ArgumentParser
import CommandLineShell
import Dispatch
import Foundation
import Live
import LiveHTTP
import Reports
import Runs
import TrackerCore
import WorkbenchFoundation
import WorkbenchMetrics

/// `workbench live`: the app the simulator runs, on the wall clock against a real API.
struct LiveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "live",
        abstract: "Run a scenario's app on the wall clock against a real API (workbench serve or CoinGecko).",
        discussion: """
            The same app machine as `workbench run` (TrackerApp), driven by the scenario's user \
            (its script and seeded sessions) on the wall clock: its requests go through libcurl to \
            --against, its sleeps are real, and the scenario's time runs at --speed times real \
            time. It writes the same result.json, report.md, report.html and --events stream as \
            `run`, with the network's real latencies (no server journal: only answers are seen). \
            Ctrl-C stops it and writes what was measured so far.

            Against `workbench serve`, start the server at the same speed, so that both clocks \
            agree on the scenario's time:
              workbench serve scenarios/quickstart.yaml --port 8080 --speed 100
              workbench live scenarios/quickstart.yaml --against http://127.0.0.1:8080/api/v3 --speed 100

            A key is sent as x-cg-demo-api-key (x-cg-pro-api-key on a pro plan). Give it through \
            an environment variable (--api-key-env NAME); --key works too, but every user of the \
            machine can read it in the process list. A key is never written to any output.

            Before the run, one GET /ping checks --against (within 10 s): a host that does not \
            answer, an HTML page, a 404 or a refused key stops here, naming what answered; a 429 \
            or a 5xx is a warning and the run goes on. --skip-check runs anyway (an app offline).

            Exit codes: 0 every expectation held, 1 an expectation failed, no request got a \
            response, or --against did not answer as an API; 2 bad input.
            """
    )

    @Argument(help: "The scenario file (YAML).")
    var scenario: String

    @Option(help: "The API root, such as http://127.0.0.1:8080/api/v3 or https://api.coingecko.com/api/v3.")
    var against: String

    @Option(
        parsing: .unconditional, help: "Scenario seconds per real second, 0.001 to 1000000 (default: 1).",
        transform: NumberOptions.speed)
    var speed = 1.0

    @Option(help: "An environment variable holding the API key.")
    var apiKeyEnv: String?

    @Option(help: "A file holding the API key (its content, without surrounding whitespace).")
    var apiKeyFile: String?

    @Option(help: "The API key itself (visible in the process list: prefer --api-key-env).")
    var key: String?

    @Option(
        parsing: .unconditional, help: "The root seed (the scenario's own by default).",
        transform: NumberOptions.seed)
    var seed: UInt64?

    @Option(help: "The output directory (out/<scenario name>-live by default).")
    var out: String?

    @Option(name: .customLong("set"), help: "Override a scenario key: key.path=value (repeatable).")
    var overrides: [String] = []

    @Option(help: "Write the run's events to this file as JSON Lines (none by default).")
    var events: String?

    @Option(
        help: ArgumentHelp(
            "Keep the app's watchlist, trades and chart cache between runs in this database (as the app keeps them in SwiftData).",
            discussion:
                "At launch a stored watchlist replaces the scenario's, the stored trades come first and the stored charts fill the chart cache; at the end the watchlist, the run's new trades and the chart cache are stored. The charts go in a file beside it: app-state.sqlite keeps them in app-state.charts.sqlite."
        ))
    var state: String?

    @Flag(help: "No progress output; the summary line and the expectations still print.")
    var quiet = false

    @Flag(help: "Skip the /ping check of --against: run even when nothing answers (an app offline).")
    var skipCheck = false

    func run() throws {
        let base = try Self.apiRoot(against)
        var stored = try state.map { path throws(CLIError) in try LiveState.open(path) }
        let apiKey = try APIKeyInput.read(environment: apiKeyEnv, file: apiKeyFile, given: key)
        let loaded = try ScenarioRunner.load(scenario, overrides: overrides)
        let eventsFile = try events.map { given throws(CLIError) in
            try InputFiles.givenFile(given, option: "--events", example: "events.jsonl")
        }
        // Before anything is written: one /ping, with the key header the run will send.
        let keyHeader = apiKey.map { CoinGeckoRequests.APIKey($0, on: loaded.scenario.server.plan).header }
        switch skipCheck
            ? .ready : Self.checkWaiting(root: base, headers: keyHeader.map { [$0] } ?? [])
        {
        case .ready: break
        case .warning(let warning): ErrorOutput.report("warning: \(warning)")
        case .unusable(let reason):
            throw CLIError(message: "--against: \(reason)", exitCode: CLIError.failedCheckCode)
        }
        let directory = try InputFiles.outputDirectory(
            out, option: "--out", defaultParent: "out", name: loaded.scenario.name + "-live")
        let folderLock = try OutputFolder.lock(directory, option: "--out")
        defer { folderLock.release() }
        // Just before the run's clock starts: serve's market from the scenario's start too.
        switch Self.alignWaiting(root: base, start: loaded.scenario.start, speed: speed) {
        case .notServe: break
        case .aligned(let ahead):
            if !quiet {
                StandardStreams.error(
                    "live: set serve's clock to the scenario's start (it was \(TimeFormatting.duration(ahead)) "
                        + "ahead), so the ages match `workbench run`'s\n")
            }
        case .notAligned(let reason): ErrorOutput.report("warning: live: \(reason)")
        }
        let stopRequests = Locked<StopRequest?>(nil)
        let stop = CommandStop { signal in
            stopRequests.withLock { $0 }?.stop(reason: StopSignals.name(signal))
        }
        let lines = EventLines(start: loaded.scenario.start)
        let progress = ProgressReporter(label: "\(loaded.scenario.name) (live)", quiet: quiet)
        var failures: (count: Int, first: String?) = (0, nil)
        var endedApp: TrackerApp?
        var stateError: CLIError?
        var responses = 0
        var timeouts = 0
        var answers = LiveAnswerTally()
        let outcome: RunOutcome
        do throws(ScenarioRun.Failure) {
            outcome = try ScenarioRun.execute(loaded, seed: seed) {
                config throws(ScenarioRun.Failure) in
                var config = config
                do throws(CLIError) {
                    try stored?.load(into: &config.app)
                } catch {
                    stateError = error
                    throw ScenarioRun.Failure(description: error.message)
                }
                config.app.apiKey = apiKey.map { CoinGeckoRequests.APIKey($0, on: config.server.plan) }
                if let apiKey, !quiet {
                    StandardStreams.error(
                        "live: sending \(APIKeyInput.describe(apiKey, plan: config.server.plan.name))\n")
                }
                var shell: LiveShell
                do {
                    shell = try LiveShell(
                        config: config, transport: CurlTransport(baseURL: base), speed: speed,
                        events: eventsFile == nil ? nil : { lines.append($0, at: $1) })
                } catch {
                    throw ScenarioRun.Failure(description: "\(loaded.scenario.file): alerts: \(error)")
                }
                stopRequests.withLock { $0 = shell.stopRequest }
                // A signal before the shell existed stops it at its first step.
                if let signal = stop.signal { shell.stopRequest.stop(reason: StopSignals.name(signal)) }
                let result = shell.run(clock: SystemLiveClock(), progress: { progress.update($0) })
                failures = shell.transportFailures
                responses = shell.responses
                timeouts = shell.timeouts
                answers = shell.answers
                endedApp = shell.app
                return result
            }
        } catch {
            throw stateError ?? CLIError.badInput(error.description)
        }
        if let stored, let endedApp { try stored.save(endedApp) }
        let input = outcome.report
        try ScenarioRunner.write(input, timings: nil, to: directory)
        if let eventsFile { try InputFiles.write(lines.text, to: eventsFile) }
        let metrics = outcome.result.metrics
        print(
            "\(loaded.scenario.name) live against \(base) at \(speed)x: seed \(input.seed), "
                + "\(metrics.rateLimits.requests) requests, \(failures.count + timeouts) without a response "
                + "(\(timeouts) timed out, \(failures.count) not delivered)"
                + (input.stoppedEarly == nil ? "" : ", stopped early") + "; reports in \(directory)")
        // HTML pages and error statuses in words (the failure metrics count them by screen).
        if let answered = answers.summary { print("  \(answered)") }
        for warning in input.warnings { ErrorOutput.report("warning: \(warning)") }
        for verdict in input.verdicts {
            print("  \(verdict.line)")
        }
        try ScenarioRunner.failIfStopped(input, exitCode: stop.exitCode, reports: directory)
        if metrics.rateLimits.requests > 0, responses == 0 {
            throw CLIError(
                message:
                    "no request got a response from \(base): \(failures.first ?? "every request timed out")",
                exitCode: CLIError.failedCheckCode)
        }
        if failures.count > 0 {
            ErrorOutput.report(
                "warning: \(failures.count) requests got no response from \(base) (first: \(failures.first ?? ""))"
            )
        }
        if !input.passed {
            throw CLIError(
                message: "\(loaded.scenario.file): expectations failed", exitCode: CLIError.failedCheckCode)
        }
    }

    /// ``APIRootCheck/check(root:headers:)`` from the command's thread (not a task's): it waits
    /// for the check, at most its timeout and five seconds.
    static func checkWaiting(root: String, headers: [HTTPHeaders.Field]) -> APIRootCheck.Verdict {
        waitBounded(milliseconds: Int(APIRootCheck.timeoutMilliseconds) + 5_000) {
            await APIRootCheck.check(root: root, headers: headers)
        }
            ?? APIRootCheck.verdict(
                .failure(.timedOut(afterMilliseconds: APIRootCheck.timeoutMilliseconds)), root: root)
    }

    /// ``ServeClockAlignment/align(apiRoot:to:speed:)``, waited for at most its two requests'
    /// timeouts and a margin.
    static func alignWaiting(root: String, start: Int64, speed: Double) -> ServeClockAlignment.Outcome {
        waitBounded(milliseconds: 2 * Int(ServeClockAlignment.timeoutMilliseconds) + 5_000) {
            await ServeClockAlignment.align(apiRoot: root, to: start, speed: speed)
        } ?? .notAligned("serve's admin API did not answer in time: every age is off by serve's head start")
    }

    /// Runs `body` in a task and waits for it from the command's thread (not a task's), at most
    /// `milliseconds`; nil when it has not finished by then.
    static func waitBounded<Value: Sendable>(milliseconds: Int, _ body: @escaping @Sendable () async -> Value)
        -> Value?
    {
        let outcome = Locked<Value?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Task {
            let value = await body()
            outcome.withLock { $0 = value }
            finished.signal()
        }
        guard finished.wait(timeout: .now() + .milliseconds(milliseconds)) == .success else { return nil }
        return outcome.withLock { $0 }
    }

    /// The API root, checked: an http(s) URL with a host.
    static func apiRoot(_ given: String) throws(CLIError) -> String {
        guard let url = URL(string: given), url.scheme == "http" || url.scheme == "https", url.host != nil
        else {
            throw .badInput(
                "--against: '\(given)' is not an http(s) URL such as http://127.0.0.1:8080/api/v3")
        }
        return given
    }
}
