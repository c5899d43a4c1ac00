import ArgumentParser
import CommandLineShell
import Foundation

/// `workbench conformance`: the app's code against the workbench's model of it. Its tool is
/// `workbench-conformance`, in a package of its own (`Conformance/`, on swift-syntax), so the
/// quickstart's build never builds swift-syntax; this command parses the options itself (both
/// executables share ``DriftOptions``) and checks what it can, then runs the tool, building it on
/// first use (``ToolPackage``).
struct ConformanceForwarding: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "The app's own code against the workbench's model of it (docs/conformance.md).",
        subcommands: [DriftForwarding.self])
}

/// `workbench conformance drift`.
struct DriftForwarding: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drift", abstract: DriftOptions.abstract, discussion: DriftOptions.discussion)

    @OptionGroup var options: DriftOptions

    func run() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: options.app, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw CLIError.badInput(
                "--app \(options.app): no such directory; give a checkout or a git mirror of the app")
        }
        guard FileManager.default.isReadableFile(atPath: options.table) else {
            throw CLIError.badInput(
                "--table \(options.table): no such file (run from the repository, or give the citation table)"
            )
        }
        try ToolPackage.conformance.exec(after: "conformance")
    }
}
