import ArgumentParser
import CommandLineShell
import Conformance
import Foundation

/// `workbench-conformance`: the app's code against the workbench's model of it; `workbench
/// conformance ARGS` runs it (`ConformanceForwarding` in `workbench`).
@main
struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workbench conformance",
        abstract: "The app's own code against the workbench's model of it (docs/conformance.md).",
        subcommands: [DriftCommand.self, DiffCommand.self])

    static func main() { runMappingExitCodes() }
}

/// `workbench conformance drift`.
struct DriftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drift", abstract: DriftOptions.abstract, discussion: DriftOptions.discussion)

    @OptionGroup var options: DriftOptions

    func run() throws {
        let drift: Drift
        do {
            let table = try AppCitation.table(at: options.table)
            drift = try Drift(table: table, repository: try AppRepository(options.app), revision: options.at)
        } catch {
            throw CLIError.badInput(error.description)
        }
        try CommandReport.finish(
            text: DriftReport.text(drift), name: "conformance-drift", markdown: DriftReport.markdown(drift),
            html: DriftReport.html(drift), json: DriftReport.json(drift), out: options.out,
            failure: drift.drifted ? "something the workbench cites changed in the app; see above" : nil)
    }
}
