import ArgumentParser
import Foundation
import PriceModels
import Runs
import Serve
import Simulation
import Synchronization

/// `workbench serve`: a scenario's simulated CoinGecko over HTTP, for UI tests and the app.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
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
              curl -X POST localhost:8080/__admin/faults -d '{"fault":"outage","action":"start"}'
            """
    )

    @Argument(help: "The scenario file (YAML).")
    var scenario: String

    @Option(help: "The address to bind.")
    var host = "127.0.0.1"

    @Option(
        parsing: .unconditional, help: "The port, 0 for a free one.",
        transform: NumberOptions.whole(in: 0...65535))
    var port = 8080

    @Option(
        help: "wall: simulated time runs at --speed times real time; manual: only the admin API moves it.")
    var clock: ServeClock.Mode = .wall

    @Option(
        parsing: .unconditional, help: "Simulated seconds per real second (wall clock).",
        transform: NumberOptions.positive)
    var speed = 1.0

    @Option(
        parsing: .unconditional, help: "Real seconds a simulated timeout holds the connection before a 504.",
        transform: NumberOptions.whole(in: 0...600))
    var holdSeconds = 15

    @Flag(help: "Answer at once instead of sleeping each reply's simulated latency (load tests).")
    var noLatency = false

    @Flag(help: "No admin API.")
    var noAdmin = false

    @Flag(help: "No plan limit: never answer 429 for the rate (load tests; storms still apply).")
    var noLimits = false

    func run() throws {
        let loaded = try ScenarioRunner.load(scenario, overrides: [])
        let config: RunConfig
        do {
            config = try loaded.scenario.runConfig(projectRoot: ScenarioRunner.projectRoot)
        } catch {
            throw CLIError.badInput(error.description)
        }
        var behaviour = config.server
        if noLimits { behaviour.plan.requestsPerMinute = Int.max }
        let server = SimulatedServer(
            source: config.market, behaviour: behaviour,
            seed: StreamSeed(root: config.seed, stream: "server"))
        let origin = ContinuousClock.now
        let realSeconds: @Sendable () -> Double = {
            let elapsed = ContinuousClock.now - origin
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        let api = SimulatedAPI(
            server: server, clock: ServeClock(mode: clock, start: config.start, speed: speed, realSeconds: 0),
            realSeconds: realSeconds)
        var options = ServeRoutes.Options()
        options.admin = !noAdmin
        options.holdSeconds = Double(holdSeconds)
        options.sleepLatency = !noLatency
        let listening = ServeServer.Listening(host: host, port: port)
        let name = loaded.scenario.name
        let finished = DispatchSemaphore(value: 0)
        let failure = Mutex<String?>(nil)
        Task {
            do {
                try await ServeServer.run(api, listening: listening, options: options) { url in
                    FileHandle.standardError.write(Data("\(url)\n".utf8))
                    FileHandle.standardError.write(
                        Data("serving \(name) (\(clock.rawValue) clock); stop with Ctrl-C\n".utf8))
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

extension ServeClock.Mode: ExpressibleByArgument {}
