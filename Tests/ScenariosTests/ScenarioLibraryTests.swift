import Foundation
import Scenarios
import Simulation
import TestSupport
import Testing

@Suite("Every scenario in scenarios/ validates, runs and meets its expectations")
struct ScenarioLibraryTests {
    static let files: [String] = {
        let names =
            (try? FileManager.default.contentsOfDirectory(
                atPath: RepositoryFiles.root.appendingPathComponent("scenarios").path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }()

    @Test("the library holds the thirteen scenarios the team asks for")
    func library() {
        #expect(
            Self.files == [
                "429-storm.yaml", "api-outage.yaml", "bitpal-as-built-demo-key.yaml", "bitpal-as-built.yaml",
                "btc-year-backtest.yaml",
                "chart-cache-sizing.yaml", "chart-regression.yaml",
                "demo-plan-200-coins.yaml", "flash-crash.yaml", "policy-comparison.yaml", "quickstart.yaml",
                "spec-baseline.yaml", "top-50-watchlist.yaml",
            ])
    }

    @Test("runs and meets its expectations", arguments: files)
    func runs(file: String) throws {
        let root = RepositoryFiles.root
        let scenario = try ScenarioParser.load(
            path: root.appendingPathComponent("scenarios/\(file)").path, projectRoot: root)
        var run = try AppSimulation(config: try scenario.runConfig(projectRoot: root))
        let metrics = run.run().metrics
        #expect(!scenario.expectations.isEmpty)
        // The work estimate that guards against runaway scenarios is an upper bound on the
        // events the run really simulates, and not a wild one.
        let events = Double(metrics.simulationEvents)
        #expect(
            scenario.estimatedEvents >= events, "\(file): estimate \(scenario.estimatedEvents), ran \(events)"
        )
        #expect(
            scenario.estimatedEvents <= 50 * max(events, 100),
            "\(file): estimate \(scenario.estimatedEvents), ran \(events)")
        for expectation in scenario.expectations {
            #expect(
                expectation.failure(in: metrics.byName) == nil,
                "\(file): \(expectation.failure(in: metrics.byName) ?? "")")
        }
    }

    @Test(
        "universes, generated coins and correlation: the same seed gives the same run, another seed another",
        arguments: ["top-50-watchlist.yaml", "demo-plan-200-coins.yaml"])
    func deterministic(file: String) throws {
        let root = RepositoryFiles.root
        let scenario = try ScenarioParser.load(
            path: root.appendingPathComponent("scenarios/\(file)").path, projectRoot: root)
        func metrics(_ seed: UInt64) throws -> [String: Double] {
            var run = try AppSimulation(config: try scenario.runConfig(seed: seed, projectRoot: root))
            return run.run().metrics.byName
        }
        let first = try metrics(11)
        #expect(first.values.allSatisfy { !$0.isNaN })
        #expect(try metrics(11) == first)
        #expect(try metrics(12) != first)
    }
}
