import ArgumentParser
import Foundation
import Runs

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
            Exit codes: 0 ok, 1 an expectation or regression failed, 2 bad input (the message names \
            the file and the place in it).
            """,
        version: WorkbenchVersion.current,
        subcommands: [
            RunCommand.self, SweepCommand.self, MergeCommand.self, ServeCommand.self, RecordCommand.self,
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
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as CLIError {
            ErrorOutput.report(error.message)
            Foundation.exit(error.exitCode)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            FileHandle.standardError.write(Data((ErrorOutput.capped(fullMessage(for: error)) + "\n").utf8))
            let isUsageError = code == .validationFailure
            Foundation.exit(isUsageError ? CLIError.badInputCode : code.rawValue)
        }
    }
}
