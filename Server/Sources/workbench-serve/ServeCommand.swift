import AppHosting
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
        commandName: "workbench serve", abstract: ServeOptions.abstract, discussion: ServeOptions.discussion)

    /// The command line, shared with `workbench serve` (which parses it before building this).
    @OptionGroup var options: ServeOptions

    func run() throws {
        let config: RunConfig
        let name: String
        do {
            let loaded = try ScenarioRun.load(options.scenario, overrides: [])
            config = try loaded.scenario.runConfig(projectRoot: loaded.projectRoot)
            name = loaded.scenario.name
        } catch let error as ScenarioRun.Failure {
            throw CLIError.badInput(error.description)
        } catch {
            throw CLIError.badInput(error)
        }
        var behaviour = config.server
        try Self.checkLatency(
            behaviour, speed: options.clock == .wall ? options.speed : 1, file: options.scenario)
        behaviour.keyPlans = try keyPlans(around: behaviour.plan)
        if options.noLimits { behaviour.removeLimits() }
        let (clock, speed, host, port) = (options.clock, options.speed, options.host, options.port)
        // The journal keeps the latest 10,000 to 20,000 requests: the admin API shows the last
        // 1,000, and memory stays flat however long the server runs.
        let server = SimulatedServer(
            source: config.market, behaviour: behaviour,
            seed: StreamSeed(root: config.seed, stream: "server"), journalLimit: 20_000, keepingLatest: true)
        let elapsed = ElapsedSeconds()
        let realSeconds: @Sendable () -> Double = { elapsed.now() }
        let api = SimulatedAPI(
            server: server,
            clock: ServeClock(
                mode: clock == .wall ? .wall : .manual, start: config.start, speed: speed, realSeconds: 0),
            marketTimes: config.marketStart...(config.start + config.durationMilliseconds),
            realSeconds: realSeconds)
        var routes = ServeRoutes.Options()
        routes.admin = !options.noAdmin
        if let file = options.adminTokenFile, !options.noAdmin {
            routes.adminToken = try AdminToken.read(file)
        }
        // After the base URL, which is always the first line of standard error.
        let warning =
            ServeOptions.isLoopback(host)
            ? ""
            : "warning: serving on \(host): the simulated API is reachable from the network"
                + (options.noAdmin ? " (no admin API)" : " (the admin API needs the token)")
                + "; docs/serve.md says what serve does not defend against\n"
        routes.holdSeconds = Double(options.holdSeconds)
        routes.sleepLatency = !options.noLatency
        routes.speed = clock == .wall ? speed : 1
        let listening = ServeServer.Listening(host: host, port: port)
        let plans = behaviour.keyPlans.map(Self.planLine) ?? ""
        let finished = DispatchSemaphore(value: 0)
        let failure = Locked<String?>(nil)
        let stop = ServeServer.Stop()
        StopSignals.shared.handle { signal in
            stop.stop()
            Self.endAfterDeadline(signal)
        }
        Task {
            do {
                try await ServeServer.run(api, listening: listening, options: routes, stop: stop) { url in
                    StandardStreams.error("\(url)\n" + warning)
                    StandardStreams.error(
                        "serving \(name) (\(clock.rawValue) clock); stop with Ctrl-C\n\(plans)")
                }
            } catch {
                failure.withLock { $0 = Self.cannotServe(host: host, port: port, error: "\(error)") }
            }
            finished.signal()
        }
        finished.wait()
        if let message = failure.withLock({ $0 }) { throw CLIError.badInput(message) }
    }
}

extension ServeCommand {
    /// Why serve could not listen, in words, with what to do; SwiftNIO's own text (`bind(...):
    /// Address already in use (errno: 98)`) only when it is none of the usual three.
    static func cannotServe(host: String, port: Int, error: String) -> String {
        let place = "cannot serve on \(host):\(port)"
        if error.contains("errno: 98") || error.contains("Address already in use") {
            return "\(place): the port is in use (another serve, or another program): stop it, or choose "
                + "another port with --port (--port 0 takes a free one and prints it)"
        }
        if error.contains("errno: 13") || error.contains("Permission denied") {
            return "\(place): this user may not listen on port \(port) (ports below 1024 need root); choose "
                + "another with --port, such as --port 8080"
        }
        if error.contains("errno: 99") || error.contains("Cannot assign requested address") {
            return "\(place): \(host) is not an address of this machine; --host takes one of its own "
                + "(127.0.0.1 by default)"
        }
        return "\(place): \(error)"
    }

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
        for text in options.keyPlan {
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

extension ServeCommand {
    /// How long a stop may take before the process ends anyway (issue 65: serve stops within a
    /// second of a signal, whatever it holds).
    static let shutdownDeadlineSeconds = 1.0

    /// Ends the process `shutdownDeadlineSeconds` after the signal if the graceful shutdown has
    /// not ended it by then (a thread of its own: it does not need the task pool to be free).
    static func endAfterDeadline(_ signal: Int32) {
        let thread = Thread {
            Thread.sleep(forTimeInterval: shutdownDeadlineSeconds)
            StandardStreams.error(
                "serve: still stopping \(shutdownDeadlineSeconds) s after \(StopSignals.name(signal)); ending now\n"
            )
            _exit(128 + signal)
        }
        thread.start()
    }

    /// Refuses a median latency that would be slept longer than serve sleeps any reply
    /// (``ServeRoutes/maximumLatencySeconds``) at this speed, before anything listens.
    static func checkLatency(_ behaviour: ServerBehaviour, speed: Double, file: String) throws(CLIError) {
        let seconds = behaviour.medianLatencyMilliseconds / 1000 / speed
        guard seconds <= ServeRoutes.maximumLatencySeconds else {
            throw .badInput(
                "\(file): server.latency_median \(behaviour.medianLatencyMilliseconds / 1000) s at --speed \(speed) "
                    + "is \(Int(seconds.rounded())) real seconds a reply; serve sleeps a reply at most "
                    + "\(Int(ServeRoutes.maximumLatencySeconds)) s (lower the latency, raise --speed, or pass --no-latency)"
            )
        }
    }
}

extension ServeCommand {
    /// Runs the command with the documented exit codes.
    static func main() { runMappingExitCodes() }
}

/// The admin token from `--admin-token-file`: the file's content without the surrounding
/// whitespace, 16 to 4,096 printable ASCII characters. A message names the file, never its content.
enum AdminToken {
    static func read(_ path: String) throws(CLIError) -> [UInt8] {
        let token = Array(try SecretFile.read(path, option: "--admin-token-file", maximumBytes: 8_192).utf8)
        guard (16...4_096).contains(token.count), token.allSatisfy({ (33...126).contains($0) }) else {
            throw .badInput(
                "--admin-token-file \(path): expected 16 to 4,096 printable characters without spaces "
                    + "(found \(token.count) characters)")
        }
        return token
    }
}
