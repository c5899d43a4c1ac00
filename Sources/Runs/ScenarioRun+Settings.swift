import Scenarios
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
            marketRows.append(("listed", synthetic.listed.description))
            marketRows += synthetic.calibrations.map { ("calibration of \($0.coin)", $0.summary) }
        }
        return [("market", market)] + marketRows + [
            ("plan", scenario.server.plan.description),
            ("billing", scenario.server.plan.billing.explanation),
        ] + PolicyTable.keys.map { ($0.name, $0.value(policies)) } + serverRows(scenario)
    }

    /// The server's and the faults' settings (``ServerSettingsTable``), and the app's launch,
    /// under their scenario keys.
    static func serverRows(_ scenario: Scenario) -> [(name: String, value: String)] {
        ServerSettingsTable.rows(scenario.server, start: scenario.start) + [
            ("user.foreground", "\(scenario.startsInForeground)"), ("user.widget", "\(scenario.hasWidget)"),
            ("user.termination", scenario.termination.description),
        ]
    }
}
