import ArgumentParser
import CommandLineShell
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `workbench serve`: runs `workbench-serve`, the executable next to this one that carries the
/// HTTP server (Hummingbird and SwiftNIO), with the same arguments. Keeping the server in its
/// own executable lets `swift run workbench` build without them: a fresh clone's first run
/// builds about half as much. The first `serve` in a checkout builds the server
/// (`swift build --product workbench-serve`, once, with a line saying so).
struct ServeForwarding: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a scenario's simulated CoinGecko API over HTTP (Hummingbird).",
        discussion: """
            Runs workbench-serve with these arguments (built on first use in a checkout); \
            `workbench serve --help` shows its options. docs/serve.md has a worked example.

            Examples:
              workbench serve scenarios/quickstart.yaml --port 0 --clock manual
              workbench serve --help
            """
    )

    @Argument(
        parsing: .captureForPassthrough,
        help: "The scenario file and workbench-serve's options (`workbench serve --help`).")
    var arguments: [String] = []

    /// The server's executable name, next to `workbench`.
    static let serverName = "workbench-serve"

    func run() throws {
        let server = try Self.server()
        let argv = [Self.serverName] + arguments
        var pointers = argv.map { strdup($0) } + [nil]
        execv(server.path, &pointers)
        throw CLIError.badInput("cannot run \(Self.serverName): \(String(cString: strerror(errno)))")
    }

    /// The server executable next to this one, built first when this is a checkout's build
    /// that does not have it yet.
    static func server() throws(CLIError) -> URL {
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let server = own.deletingLastPathComponent().appendingPathComponent(serverName)
        if FileManager.default.isExecutableFile(atPath: server.path) { return server }
        guard let package = packageRoot(of: own) else {
            throw .badInput(
                "\(serverName) is not installed next to workbench; build it with `swift build --product \(serverName)`"
            )
        }
        let configuration =
            own.deletingLastPathComponent().lastPathComponent == "release" ? "release" : "debug"
        FileHandle.standardError.write(
            Data("workbench: building \(serverName) once (Hummingbird and SwiftNIO, a minute or two)\n".utf8))
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        build.arguments = [
            "swift", "build", "--package-path", package.path, "--configuration", configuration, "--product",
            serverName,
        ]
        build.standardOutput = FileHandle.standardError
        do {
            try build.run()
        } catch {
            throw .badInput("cannot build \(serverName): \(error)")
        }
        build.waitUntilExit()
        guard build.terminationStatus == 0, FileManager.default.isExecutableFile(atPath: server.path) else {
            throw .badInput(
                "building \(serverName) failed (exit \(build.terminationStatus)); see the lines above")
        }
        return server
    }

    /// The package an executable was built in: the folder holding the `.build` it sits under,
    /// when that folder has a `Package.swift`.
    static func packageRoot(of executable: URL) -> URL? {
        var folder = executable.deletingLastPathComponent()
        while folder.path != "/" {
            if folder.lastPathComponent == ".build" {
                let root = folder.deletingLastPathComponent()
                let manifest = root.appendingPathComponent("Package.swift").path
                return FileManager.default.fileExists(atPath: manifest) ? root : nil
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}
