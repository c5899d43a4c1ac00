import Runs
import Scenarios
import TestSupport
import Testing

/// `result.json`'s settings come from the same table the scenario parser reads.
@Suite("Settings: every policy, server and fault setting a scenario can set is reported")
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

    @Test("each server and faults key is a settings row; a set one reads back as the scenario wrote it")
    func everyServerSettingReported() throws {
        let scenario = try ScenarioRun.load(
            "scenarios/quickstart.yaml", projectRoot: Self.root,
            overrides: [
                "server.cache_max_age=45s", "server.latency_sigma=0.25", "faults.timeout_rate=0.125",
                "faults.html_429=true",
            ]
        ).scenario
        let values = Dictionary(
            uniqueKeysWithValues: ScenarioRun.settings(scenario).map { ($0.name, $0.value) })
        for key in ServerSettingsTable.server { #expect(values["server.\(key.name)"] != nil, "\(key.name)") }
        for key in ServerSettingsTable.faults { #expect(values["faults.\(key.name)"] != nil, "\(key.name)") }
        #expect(values["server.cache_max_age"] == "45s" && values["server.latency_sigma"] == "0.25")
        #expect(values["faults.timeout_rate"] == "0.125" && values["faults.html_429"] == "true")
        // Defaults come from the server's own initialiser, written once.
        #expect(values["server.ohlc_cache"] == "15m" && values["faults.outages"] == "none")
    }

    @Test("a key the table does not read is refused where the scenario wrote it")
    func simplePriceCacheIsThePlans() throws {
        #expect(throws: (any Error).self) {
            try ScenarioRun.load(
                "scenarios/quickstart.yaml", projectRoot: Self.root,
                overrides: ["server.simple_price_cache=10s"])
        }
    }
}
