import ArgumentParser
import CommandLineShell
import Foundation

/// `workbench conformance`: the app's code against the workbench's model of it. Its tool is
/// `workbench-conformance`, in a package of its own (`Conformance/`, on swift-syntax), so the
/// quickstart's build never builds swift-syntax; this command parses the options itself (both
/// executables share ``DriftOptions`` and ``DiffOptions``) and checks what it can, then runs the tool, building it on
/// first use (``ToolPackage``).
struct ConformanceForwarding: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conformance",
        abstract: "The app's own code against the workbench's model of it (docs/conformance.md).",
        subcommands: [DriftForwarding.self, DiffForwarding.self])
}

/// `workbench conformance drift`.
struct DriftForwarding: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drift", abstract: DriftOptions.abstract, discussion: DriftOptions.discussion)

    @OptionGroup var options: DriftOptions

    func run() throws {
        try Self.checkApp(options.app)
        guard FileManager.default.isReadableFile(atPath: options.table) else {
            throw CLIError.badInput(
                "--table \(options.table): no such file (run from the repository, or give the citation table)"
            )
        }
        try ToolPackage.conformance.exec(after: "conformance")
    }

    /// Refuses an `--app` that is not a directory before anything is built.
    static func checkApp(_ app: String) throws(CLIError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: app, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw CLIError.badInput(
                "--app \(app): no such directory; give a checkout or a git mirror of the app")
        }
    }
}

/// `workbench conformance diff`.
struct DiffForwarding: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff", abstract: DiffOptions.abstract, discussion: DiffOptions.discussion)

    @OptionGroup var options: DiffOptions

    func run() throws {
        try DriftForwarding.checkApp(options.app)
        try ToolPackage.conformance.exec(after: "conformance")
    }
}
