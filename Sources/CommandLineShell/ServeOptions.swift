import ArgumentParser

/// `workbench serve`'s command line, declared once for both executables: `workbench` parses it
/// (so `workbench serve --help` and a mistyped option answer at once, before the server is
/// built), and `workbench-serve` parses it again to run.
public struct ServeOptions: ParsableArguments {
    /// How the served clock moves.
    public enum ClockMode: String, Sendable, CaseIterable, ExpressibleByArgument {
        /// Simulated time runs at `--speed` times real time.
        case wall
        /// Only the admin API moves it.
        case manual
    }

    /// The command's abstract.
    public static let abstract = "Serve a scenario's simulated CoinGecko API over HTTP (Hummingbird)."

    /// The command's discussion.
    public static let discussion = """
        The scenario's market (synthetic or recorded fixtures) answers under /api/v3 through the \
        same simulated server the runs use: the plan's limit (429 with retry-after), CDN caching, \
        latency (slept for real), and the scenario's faults. The admin API (/__admin/health, \
        /__admin/requests, POST /__admin/clock, POST /__admin/faults) moves the clock and starts \
        or stops outages and 429 storms. The base URL is the first line on standard error. \
        SIGINT or SIGTERM shut it down. docs/serve.md has a worked example.

        It binds 127.0.0.1. Binding any other address needs --no-admin or --admin-token-file \
        (every admin request then carries 'Authorization: Bearer TOKEN'), and prints a warning: \
        the simulated API is plain HTTP for a machine, CI or a trusted test network \
        (docs/serve.md, "Threat model").

        The server is its own executable (workbench-serve, in the Server/ package, on Hummingbird \
        and SwiftNIO). In a checkout the first `workbench serve` builds it (a few minutes, one \
        progress line, the log in Server/.build/workbench-serve-build.log); build it ahead with \
        `scripts/setup.sh --serve` or `swift build --package-path Server --product workbench-serve`.

        Examples:
          workbench serve scenarios/quickstart.yaml --port 0 --clock manual
          curl -X POST localhost:8080/__admin/faults \\
              -d '{"fault":"outage","action":"start"}'
        """

    /// The scenario file.
    @Argument(help: "The scenario file (YAML).")
    public var scenario: String

    /// The address to bind.
    @Option(help: "The address to bind.")
    public var host = "127.0.0.1"

    /// The port; 0 for a free one.
    @Option(
        parsing: .unconditional, help: "The port, 0 for a free one (default: 8080).",
        transform: NumberOptions.whole(in: 0...65535))
    public var port = 8080

    /// How the clock moves.
    @Option(
        help: "wall: simulated time runs at --speed times real time; manual: only the admin API moves it.")
    public var clock: ClockMode = .wall

    /// Simulated seconds per real second.
    @Option(
        parsing: .unconditional,
        help: "Simulated seconds per real second, 0.001 to 1000000 (wall clock; default: 1).",
        transform: NumberOptions.speed)
    public var speed = 1.0

    /// Real seconds a simulated timeout holds the connection.
    @Option(
        parsing: .unconditional,
        help: "Real seconds a simulated timeout holds the connection before a 504 (default: 15).",
        transform: NumberOptions.whole(in: 0...600))
    public var holdSeconds = 15

    /// Whether to answer without sleeping the simulated latency.
    @Flag(help: "Answer at once instead of sleeping each reply's simulated latency (load tests).")
    public var noLatency = false

    /// Whether the admin API is off.
    @Flag(help: "No admin API.")
    public var noAdmin = false

    /// A file holding the token every admin request must bring (`Authorization: Bearer TOKEN`).
    @Option(
        help: ArgumentHelp(
            "A file whose content is the token every admin request must carry as 'Authorization: Bearer TOKEN'.",
            discussion:
                "Required, or --no-admin, to bind anything but a loopback address. The token is read once and never printed."
        ))
    public var adminTokenFile: String?

    /// Whether the plan's rate limit is off.
    @Flag(help: "No plan limit: never answer 429 for the rate (load tests; storms still apply).")
    public var noLimits = false

    /// Plans per kind of caller, `KIND=PLAN`.
    @Option(
        help: ArgumentHelp(
            "A plan for one kind of caller: keyless=PLAN, demo=PLAN or pro=PLAN (repeatable).",
            discussion:
                "Each API key (x-cg-demo-api-key, x-cg-pro-api-key) has its own window, and keyless callers share one. By default keyless callers get keyless (10/min), demo keys the scenario's plan (demo-100 if it is a pro plan), pro keys pro-500 (or the scenario's pro plan)."
        ))
    public var keyPlan: [String] = []

    /// Creates the defaults (ArgumentParser fills them in).
    public init() {}

    /// Whether the address to bind is reachable only from this machine: `localhost`, `::1`, or
    /// 127.0.0.0/8.
    public static func isLoopback(_ host: String) -> Bool {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if bare == "localhost" || bare == "::1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }

    /// Refuses an admin API reachable from the network without a token (docs/serve.md, "Threat
    /// model").
    public func validate() throws {
        if !Self.isLoopback(host), !noAdmin, adminTokenFile == nil {
            throw ValidationError(
                "--host \(host) is not a loopback address: anyone who can reach it could move the clock, "
                    + "start outages and read the request journal through the admin API. Pass --no-admin, or "
                    + "--admin-token-file FILE to require that token on every admin request")
        }
    }
}
