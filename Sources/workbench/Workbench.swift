import ArgumentParser
import CommandLineShell
import Foundation
import Runs
import WorkbenchFoundation

/// The `workbench` command: Bitpal Workbench's command-line shell.
///
/// Exit codes (DESIGN.md): 0 ok, 1 an expectation or regression failed, 2 bad input (the message
/// names the file and place). Usage errors count as bad input.
@main
struct Workbench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workbench",
        abstract: "Deterministic simulation and backtesting for a CoinGecko crypto tracker's logic.",
        discussion: """
            Start with the quickstart: it runs five coins for two hours and writes \
            out/quickstart/report.html (README.md, docs/scenarios.md).

            Examples:
              workbench run scenarios/quickstart.yaml
              workbench scenarios list
              workbench sweep scenarios/quickstart.yaml --seeds 1..20
              workbench compare out/bitpal-as-built out/spec-baseline
              workbench run --help

            Exit codes: 0 ok, 1 an expectation or regression failed, 2 bad input (the message names \
            the file and the place in it).
            """,
        version: WorkbenchVersion.current,
        subcommands: [
            RunCommand.self, SweepCommand.self, MergeCommand.self, FleetCommand.self, ServeForwarding.self,
            LiveCommand.self,
            ConformanceForwarding.self,
            RecordCommand.self,
            CheckCommand.self,
            ScenariosCommand.self,
            CompareCommand.self,
            HistoryCommand.self,
            DownsampleCommand.self,
            DatasetsCommand.self, GenerateCommand.self, BenchCommand.self,
        ]
    )

    /// Parses, runs, and maps every failure onto the documented exit codes.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let unknown = unknownCommand(in: arguments) {
            ErrorOutput.report(unknown)
            Foundation.exit(CLIError.badInputCode)
        }
        runMappingExitCodes()
    }

    /// The message for a first argument that is no command (`runn`), with the nearest command;
    /// nil when the first argument is a command or an option.
    static func unknownCommand(in arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        guard !names.contains(first) else { return nil }
        let nearest = NearestName.nearest(to: first, among: names)
        return "unknown command '\(first)'" + (nearest.map { "; did you mean '\($0)'?" } ?? "")
            + " (commands: \(names.dropLast().joined(separator: ", ")); `workbench --help` shows them)"
    }
}
