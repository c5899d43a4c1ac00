import Runs
import Scenarios
import TestSupport
import Testing

/// `result.json`'s settings come from the same table the scenario parser reads.
@Suite("Settings: every policy a scenario can set is reported")
struct SettingsTests {
    static let root = RepositoryFiles.root

    @Test("each policies key a scenario may write is a settings row, with the value a scenario would write")
    func everyPolicyReported() throws {
        let scenario = try ScenarioRun.load("scenarios/quickstart.yaml", projectRoot: Self.root).scenario
        let names = ScenarioRun.settings(scenario).map(\.name)
        for key in PolicyTable.keys { #expect(names.contains(key.name), "\(key.name)") }
        // The seven keys an earlier hand-kept list left out, among them.
        for name in [
            "market_cache_ttl", "market_cache_rule", "refresh_schedule", "detail_load", "candle_sampling",
            "timeout", "markets_max_url",
        ] {
            #expect(names.contains(name), "\(name)")
        }
    }

    @Test("a sweep over a policy shows a different setting in each cell, as the scenario wrote it")
    func overridesShow() throws {
        for (value, shown) in [("0s", "0s"), ("45s", "45s"), ("1500ms", "1500ms"), ("2m", "2m")] {
            let scenario = try ScenarioRun.load(
                "scenarios/quickstart.yaml", projectRoot: Self.root,
                overrides: ["policies.market_cache_ttl=\(value)"]
            ).scenario
            let settings = ScenarioRun.settings(scenario)
            #expect(settings.first { $0.name == "market_cache_ttl" }?.value == shown)
        }
        let spec = try ScenarioRun.load(
            "scenarios/quickstart.yaml", projectRoot: Self.root, overrides: ["policies.preset=spec"]
        ).scenario
        let values = Dictionary(uniqueKeysWithValues: ScenarioRun.settings(spec).map { ($0.name, $0.value) })
        #expect(values["limiter"] == "spacing" && values["backoff"] == "retry-after")
        #expect(values["markets_max_url"] == "2000" && values["missing_rows"] == "data-unavailable")
        #expect(values["chart_cache_capacity"] == "128")
    }
}
