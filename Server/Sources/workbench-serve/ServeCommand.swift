import ArgumentParser
import CommandLineShell
import Foundation
import LiveHTTP
import PriceModels
import Runs
import Serve
import Simulation
import TrackerCore
import WorkbenchFoundation

/// `workbench serve`: a scenario's simulated CoinGecko over HTTP, for UI tests and the app. Its
/// own executable, `workbench-serve`, so that the rest of the workbench builds without
/// Hummingbird and SwiftNIO; `workbench serve` runs it (`ServeForwarding` in `workbench`).
@main
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workbench serve",
        abstract: "Serve a scenario's simulated CoinGecko API over HTTP (Hummingbird).",
        discussion: """
            The scenario's market (synthetic or recorded fixtures) answers under /api/v3 through the \
            same simulated server the runs use: the plan's limit (429 with retry-after), CDN caching, \
            latency (slept for real), and the scenario's faults. The admin API (/__admin/health, \
            /__admin/requests, POST /__admin/clock, POST /__admin/faults) moves the clock and starts \
            or stops outages and 429 storms. The base URL is the first line on standard error. \
            SIGINT or SIGTERM shut it down. docs/serve.md has a worked example.

            Examples:
              workbench serve scenarios/quickstart.yaml --port 0 --clock manual
              curl -X POST localhost:8080/__admin/faults \\
                  -d '{"fault":"outage","action":"start"}'
            """
    )

    @Argument(help: "The scenario file (YAML).")
    var scenario: String

    @Option(help: "The address to bind.")
    var host = "127.0.0.1"

    @Option(
        parsing: .unconditional, help: "The port, 0 for a free one (default: 8080).",
        transform: NumberOptions.whole(in: 0...65535))
    var port = 8080

    @Option(
        help: "wall: simulated time runs at --speed times real time; manual: only the admin API moves it.")
    var clock: ServeClock.Mode = .wall

    @Option(
        parsing: .unconditional, help: "Simulated seconds per real second (wall clock; default: 1).",
        transform: NumberOptions.positive)
    var speed = 1.0

    @Option(
        parsing: .unconditional,
        help: "Real seconds a simulated timeout holds the connection before a 504 (default: 15).",
        transform: NumberOptions.whole(in: 0...600))
    var holdSeconds = 15

    @Flag(help: "Answer at once instead of sleeping each reply's simulated latency (load tests).")
    var noLatency = false

    @Flag(help: "No admin API.")
    var noAdmin = false

    @Flag(help: "No plan limit: never answer 429 for the rate (load tests; storms still apply).")
    var noLimits = false

    @Option(
        help: ArgumentHelp(
            "A plan for one kind of caller: keyless=PLAN, demo=PLAN or pro=PLAN (repeatable).",
            discussion:
                "Each API key (x-cg-demo-api-key, x-cg-pro-api-key) has its own window, and keyless callers share one. By default keyless callers get keyless (10/min), demo keys the scenario's plan (demo-100 if it is a pro plan), pro keys pro-500 (or the scenario's pro plan)."
        ))
    var keyPlan: [String] = []

    func run() throws {
        let projectRoot = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let config: RunConfig
        let name: String
        do {
            let loaded = try ScenarioRun.load(scenario, projectRoot: projectRoot, overrides: [])
            config = try loaded.scenario.runConfig(projectRoot: projectRoot)
            name = loaded.scenario.name
        } catch let error as ScenarioRun.Failure {
            throw CLIError.badInput(error.description)
        } catch {
            throw CLIError.badInput(error)
        }
        var behaviour = config.server
        behaviour.keyPlans = try keyPlans(around: behaviour.plan)
        if noLimits { behaviour.removeLimits() }
        // The journal keeps the latest 10,000 to 20,000 requests: the admin API shows the last
        // 1,000, and memory stays flat however long the server runs.
        let server = SimulatedServer(
            source: config.market, behaviour: behaviour,
            seed: StreamSeed(root: config.seed, stream: "server"), journalLimit: 20_000, keepingLatest: true)
        let elapsed = ElapsedSeconds()
        let realSeconds: @Sendable () -> Double = { elapsed.now() }
        let api = SimulatedAPI(
            server: server, clock: ServeClock(mode: clock, start: config.start, speed: speed, realSeconds: 0),
            marketTimes: config.marketStart...(config.start + config.durationMilliseconds),
            realSeconds: realSeconds)
        var options = ServeRoutes.Options()
        options.admin = !noAdmin
        options.holdSeconds = Double(holdSeconds)
        options.sleepLatency = !noLatency
        options.speed = clock == .wall ? speed : 1
        let listening = ServeServer.Listening(host: host, port: port)
        let plans = behaviour.keyPlans.map(Self.planLine) ?? ""
        let finished = DispatchSemaphore(value: 0)
        let failure = Locked<String?>(nil)
        Task {
            do {
                try await ServeServer.run(api, listening: listening, options: options) { url in
                    FileHandle.standardError.write(Data("\(url)\n".utf8))
                    FileHandle.standardError.write(
                        Data("serving \(name) (\(clock.rawValue) clock); stop with Ctrl-C\n\(plans)".utf8))
                }
            } catch {
                failure.withLock { $0 = "cannot serve on \(host):\(port): \(error)" }
            }
            finished.signal()
        }
        finished.wait()
        if let message = failure.withLock({ $0 }) { throw CLIError.badInput(message) }
    }
}

extension ServeCommand {
    /// The banner's line of which plan each kind of caller gets (curl without a key is keyless).
    static func planLine(_ plans: KeyPlans) -> String {
        let describe = { (plan: RateLimitPlan) in
            plan.requestsPerMinute == .max
                ? "\(plan.name) (no limit)" : "\(plan.name) (\(plan.requestsPerMinute)/min)"
        }
        return
            "plans: keyless callers \(describe(plans.keyless)), x-cg-demo-api-key \(describe(plans.demo)), "
            + "x-cg-pro-api-key \(describe(plans.pro)); change them with --key-plan KIND=PLAN\n"
    }

    /// The per-key plans: the defaults around the scenario's plan, with `--key-plan` overrides.
    func keyPlans(around plan: RateLimitPlan) throws(CLIError) -> KeyPlans {
        var plans = KeyPlans.around(plan)
        for text in keyPlan {
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let named = RateLimitPlan.named(parts[1]) else {
                throw .badInput(
                    "--key-plan: expected KIND=PLAN such as demo=demo-100 (plans: keyless, demo-30, seed-50, demo-100, pro-500, custom-N), found '\(text)'"
                )
            }
            switch parts[0] {
            case "keyless": plans.keyless = named
            case "demo": plans.demo = named
            case "pro": plans.pro = named
            default: throw .badInput("--key-plan: the kind is keyless, demo or pro, found '\(parts[0])'")
            }
        }
        return plans
    }
}

extension ServeClock.Mode: ExpressibleByArgument {}

extension ServeCommand {
    /// Runs the command with the documented exit codes.
    static func main() { runMappingExitCodes() }
}
