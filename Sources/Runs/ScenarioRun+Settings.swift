import Scenarios
import Simulation
import WorkbenchFoundation

extension ScenarioRun {
    /// The settings a report lists: market, plan, billing, every policy of ``PolicyTable`` (under
    /// its scenario key with the value a scenario would give), the server's caching and latency,
    /// the faults and how the app launches: every setting in force.
    ///
    /// - Parameters:
    ///   - scenario: The scenario.
    ///   - fittedVolatility: A replayed market's volatility fitted to the recorded daily returns,
    ///     listed when a bridge uses it.
    public static func settings(_ scenario: Scenario, fittedVolatility: Double? = nil) -> [(
        name: String, value: String
    )] {
        let policies = scenario.policies
        let market: String =
            switch scenario.market {
            case .synthetic(let synthetic):
                "synthetic, \(synthetic.origin), ticks every \(synthetic.stepMilliseconds / 1000) s"
            case .fixtures(let directory, _, .none): "recorded fixtures in \(directory)"
            case .fixtures(let directory, _, .bridge(let step)):
                "recorded fixtures in \(directory), each recorded day filled with a Brownian bridge every \(step / 1000) s"
                    + (fittedVolatility.map {
                        " at a volatility of \(String(format: "%.1f", $0 * 100)) % a year (fitted to the recorded daily returns)"
                    } ?? "")
            }
        var marketRows: [(name: String, value: String)] = []
        if case .synthetic(let synthetic) = scenario.market {
            if let text = synthetic.correlationSummary { marketRows = [("correlation", text)] }
            marketRows += synthetic.calibrations.map { ("calibration of \($0.coin)", $0.summary) }
        }
        return [("market", market)] + marketRows + [
            ("plan", scenario.server.plan.description),
            ("billing", scenario.server.plan.billing.explanation),
        ] + PolicyTable.keys.map { ($0.name, $0.value(policies)) } + serverRows(scenario)
    }

    /// The server's and the faults' settings, and the app's launch, under their scenario keys.
    static func serverRows(_ scenario: Scenario) -> [(name: String, value: String)] {
        let server = scenario.server
        let faults = server.faults
        let duration = { (milliseconds: Int64) in DurationText.text(milliseconds: milliseconds) }
        let share = { (rate: Double) in rate == 0 ? "0" : "\(rate)" }
        let windows = { (windows: [ServerFaults.Window]) in
            windows.isEmpty
                ? "none"
                : windows.map {
                    "from \(duration($0.start - scenario.start)) for \(duration($0.end - $0.start))"
                }
                .joined(separator: ", ")
        }
        return [
            ("server.cache_max_age", duration(server.cacheMaxAgeMilliseconds)),
            ("server.ohlc_cache", duration(server.ohlcCacheMilliseconds)),
            (
                "server.simple_price_cache",
                "\(duration(server.simplePriceCacheMilliseconds)) (set by the plan)"
            ),
            ("server.latency_median", duration(Int64(server.medianLatencyMilliseconds.rounded()))),
            ("server.latency_sigma", "\(server.latencySigma)"),
            ("faults.server_error_rate", share(faults.serverErrorRate)),
            ("faults.timeout_rate", share(faults.timeoutRate)),
            ("faults.truncation_rate", share(faults.truncationRate)),
            ("faults.schema_drift_rate", share(faults.schemaDriftRate)),
            ("faults.outages", windows(faults.outages)),
            ("faults.storms", windows(faults.rateLimitStorms)),
            (
                "faults.html_429",
                "\(faults.htmlRateLimitPages)"
            ),
            (
                "user.foreground",
                "\(scenario.startsInForeground)"
            ),
            ("user.widget", "\(scenario.hasWidget)"),
        ]
    }
}
