import ArgumentParser
import CommandLineShell
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `workbench serve`: runs `workbench-serve`, the executable that carries the HTTP server
/// (Hummingbird and SwiftNIO), with the same arguments. The server is a package of its own
/// (`Server/`), so `swift run workbench` neither resolves nor builds them: a fresh clone's first
/// run resolves 3 packages instead of 27 and builds about half as much.
///
/// The command line is parsed here first, from the options both executables share
/// (``ServeOptions``), and the scenario is loaded: `--help`, a mistyped option or a bad scenario
/// answer at once, and only a command that would serve builds the server (``ToolPackage``).
struct ServeForwarding: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: ServeOptions.abstract, discussion: ServeOptions.discussion)

    @OptionGroup var options: ServeOptions

    func run() throws {
        _ = try ScenarioRunner.load(options.scenario, overrides: [])
        try ToolPackage.server.exec(after: "serve")
    }
}
