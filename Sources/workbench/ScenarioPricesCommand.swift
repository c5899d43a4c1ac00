import AppHosting
import ArgumentParser
import CommandLineShell
import Foundation
import Runs
import Scenarios
import WorkbenchFoundation
import WorkbenchMetrics

/// `workbench scenarios prices FILE [--at TIME ...]`: the market's prices of every coin at times
/// of the run, before running it, to price a scenario's trades and alerts.
struct ScenarioPrices: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prices",
        abstract: "Show the market's price of each coin at times of a scenario's run, without running it.",
        discussion: """
            Times are offsets from the scenario's start, as `at:` is written (0s, 5m, 2h45m, 1d); by \
            default the start, each scripted trade's time and the end. The prices are the market's \
            own (the generated paths, or the recorded history), as the run's portfolio figures use \
            them.

            Examples:
              workbench scenarios prices scenarios/quickstart.yaml
              workbench scenarios prices scenarios/quickstart.yaml --at 0s --at 90m
              workbench scenarios prices scenarios/quickstart.yaml --set seed=7
            """)

    @Argument(help: "The scenario file.")
    var scenario: String

    @Option(help: "A time, as an offset from the start (repeatable).")
    var at: [String] = []

    @Option(name: .customLong("set"), help: "Override a scenario key before reading it (repeatable).")
    var overrides: [String] = []

    func run() throws {
        let loaded = try ScenarioRunner.load(scenario, overrides: overrides)
        let scenario = loaded.scenario
        let config: RunConfig
        do {
            config = try scenario.runConfig(projectRoot: loaded.projectRoot)
        } catch {
            throw CLIError.badInput(error.report)
        }
        var offsets: [Int64] = []
        for text in at {
            guard let offset = WorkbenchFoundation.DurationText.milliseconds(text, allowZero: true) else {
                throw CLIError.badInput(
                    "--at: expected an offset from the start such as 0s, 5m or 2h45m, found '\(text)'")
            }
            guard offset <= scenario.durationMilliseconds else {
                throw CLIError.badInput(
                    "--at \(text) is after the end of the run (duration \(TimeFormatting.duration(scenario.durationMilliseconds)))"
                )
            }
            offsets.append(offset)
        }
        if offsets.isEmpty {
            let trades = scenario.script.filter { $0.action.transaction != nil }.map {
                $0.time - scenario.start
            }
            offsets = Array(Set([0] + trades + [scenario.durationMilliseconds])).sorted()
        }
        var rows = [
            ["coin"] + offsets.map { "at \(WorkbenchFoundation.DurationText.text(milliseconds: $0))" }
        ]
        for coin in scenario.market.coinIds {
            rows.append(
                [coin]
                    + offsets.map { offset in
                        config.truePrice(coin, scenario.start + offset).map(MetricFormatting.price) ?? "-"
                    })
        }
        print(
            "\(scenario.name): the market's prices (seed \(config.seed), from \(TimeFormatting.iso8601(scenario.start)))"
        )
        print(TextTable.render(rows))
    }
}
