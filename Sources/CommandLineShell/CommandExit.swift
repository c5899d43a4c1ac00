import ArgumentParser
import Foundation

extension ParsableCommand {
    /// Parses the arguments as the root command, runs it, and maps every failure onto the
    /// documented exit codes (DESIGN.md): 1 an expectation or regression failed, 2 bad input
    /// (usage errors count as bad input); `--help` and `--version` print and exit 0. Shared by
    /// `workbench` and `workbench-serve`. SIGINT, SIGTERM and SIGHUP are taken on a thread of
    /// their own from the start (``StopSignals``).
    public static func runMappingExitCodes() {
        StopSignals.shared.start()
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
            StandardStreams.error(ErrorOutput.capped(fullMessage(for: error)) + "\n")
            let isUsageError = code == .validationFailure
            Foundation.exit(isUsageError ? CLIError.badInputCode : code.rawValue)
        }
    }
}
