import ArgumentParser
import CommandLineShell
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `workbench serve`: runs `workbench-serve`, the executable that carries the HTTP server
/// (Hummingbird and SwiftNIO), with the same arguments. The server is a package of its own
/// (`Server/`), so `swift run workbench` neither resolves nor builds them: a fresh clone's first
/// run resolves 3 packages instead of 27 and builds about half as much. The first `serve` in a
/// checkout builds the server (`swift build --package-path Server --product workbench-serve`,
/// once, with a line saying so).
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

    /// The server's executable name.
    static let serverName = "workbench-serve"
    /// The server's package, a folder of the repository.
    static let serverPackage = "Server"

    func run() throws {
        let server = try Self.server()
        let argv = [Self.serverName] + arguments
        var pointers = argv.map { strdup($0) } + [nil]
        execv(server.path, &pointers)
        throw CLIError.badInput("cannot run \(Self.serverName): \(String(cString: strerror(errno)))")
    }

    /// The server executable: in a checkout, the server package's build
    /// (`Server/.build/<configuration>`), built first when it is missing; otherwise the one
    /// installed next to this one. (A checkout's `.build/<configuration>/workbench-serve` is a
    /// stale build from before the server had its own package, and is never run.)
    static func server() throws(CLIError) -> URL {
        let own = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        guard let root = packageRoot(of: own) else {
            let installed = own.deletingLastPathComponent().appendingPathComponent(serverName)
            if FileManager.default.isExecutableFile(atPath: installed.path) { return installed }
            throw .badInput(
                "\(serverName) is not installed next to workbench; build it with `swift build --package-path Server --product \(serverName)` in the repository"
            )
        }
        let package = root.appendingPathComponent(serverPackage)
        let configuration =
            own.deletingLastPathComponent().lastPathComponent == "release" ? "release" : "debug"
        let server = package.appendingPathComponent(".build/\(configuration)/\(serverName)")
        if FileManager.default.isExecutableFile(atPath: server.path) { return server }
        FileHandle.standardError.write(
            Data("workbench: building \(serverName) once (Hummingbird and SwiftNIO, a few minutes)\n".utf8))
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
