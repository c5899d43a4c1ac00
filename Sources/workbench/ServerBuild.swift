import CommandLineShell
import Foundation
import WorkbenchFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finding `workbench-serve`, and building it in a checkout where it is missing.
///
/// The build runs `swift build` as a child in a session of its own, its output in a log file
/// (`Server/.build/workbench-serve-build.log`), with one progress line here. It is watched, not
/// waited on blindly: when the build dies (a signal, a crash) or this process is told to stop
/// (SIGINT, SIGTERM, SIGHUP), everything the build started is stopped (the compilers `swift
/// build` runs sit in process groups of their own, so the whole session is), and the command
/// exits with a message naming the log. Writing to a closed standard error does not stop it.
enum ServerBuild {
    /// The server's executable name.
    static let serverName = "workbench-serve"
    /// The server's package, a folder of the repository.
    static let serverPackage = "Server"
    /// The build log's name, in the server package's `.build`.
    static let logName = "workbench-serve-build.log"

    /// The server executable: in a checkout, the server package's build
    /// (`Server/.build/<configuration>`), built first when it is missing; otherwise the one
    /// installed next to this one. (A checkout's `.build/<configuration>/workbench-serve` is a
    /// stale build from before the server had its own package, and is never run.)
    static func executable() throws(CLIError) -> URL {
        let ownPath = ownExecutable()
        guard let root = packageRoot(of: ownPath) else {
            let installed = ownPath.deletingLastPathComponent().appendingPathComponent(serverName)
            if FileManager.default.isExecutableFile(atPath: installed.path) { return installed }
            throw .badInput(
                "\(serverName) is not installed next to workbench; build it with `swift build --package-path Server --product \(serverName)` in the repository"
            )
        }
        let package = root.appendingPathComponent(serverPackage)
        let configuration =
            ownPath.deletingLastPathComponent().lastPathComponent == "release" ? "release" : "debug"
        let server = package.appendingPathComponent(".build/\(configuration)/\(serverName)")
        if FileManager.default.isExecutableFile(atPath: server.path) { return server }
        try build(package: package, configuration: configuration)
        guard FileManager.default.isExecutableFile(atPath: server.path) else {
            throw .badInput("the build finished but \(shown(server)) is missing")
        }
        return server
    }

    /// This executable's path: the link `/proc/self/exe` on Linux, else `argv[0]` resolved
    /// against the working directory and `PATH`.
    static func ownExecutable() -> URL {
        #if os(Linux)
            return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #else
            let name = CommandLine.arguments[0]
            if name.contains("/") { return URL(fileURLWithPath: name).resolvingSymlinksInPath() }
            let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            for folder in folders {
                let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) {
                    return candidate.resolvingSymlinksInPath()
                }
            }
            return URL(fileURLWithPath: name)
        #endif
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

    /// Builds the server package's product, watching the build (see the type's documentation).
    ///
    /// - Parameters:
    ///   - package: The server package's folder.
    ///   - configuration: `debug` or `release`.
    ///   - command: The build's command line (`swift build ...` unless a test gives another).
    static func build(package: URL, configuration: String, command: [String]? = nil) throws(CLIError) {
        let buildFolder = package.appendingPathComponent(".build")
        let log = buildFolder.appendingPathComponent(logName)
        do {
            try FileManager.default.createDirectory(at: buildFolder, withIntermediateDirectories: true)
        } catch {
            throw .badInput("cannot create \(shown(buildFolder)): \(error.localizedDescription)")
        }
        let arguments =
            command ?? [
                "swift", "build", "--package-path", package.path, "--configuration", configuration,
                "--product",
                serverName,
            ]
        let stop = StopSignals()
        defer { stop.restore() }
        say(
            "building \(serverName) once (Hummingbird and SwiftNIO, a few minutes; the log is in \(shown(log)); "
                + "`scripts/setup.sh --serve` builds it ahead)")
        let child: SpawnedProcess
        do {
            child = try SpawnedProcess(
                executable: "/usr/bin/env", arguments: arguments, directory: package.path,
                stdout: .file(log.path), stderr: .standardOutput, newSession: true)
        } catch {
            throw .badInput("cannot start the build of \(serverName): \(error)")
        }
        let progress = ProgressReporter(label: "building \(serverName)", quiet: false)
        while true {
            if let signal = stop.received {
                child.stopSession()
                throw CLIError(
                    message:
                        "stopped building \(serverName) (signal \(signal)); the log so far is in \(shown(log))",
                    exitCode: 128 + signal)
            }
            if let status = child.wait(timeout: 0.25) {
                // Anything the build left behind (a compiler orphaned by a killed swift-build).
                child.stopSession(grace: 0)
                if status == 0 {
                    progress.update(1)
                    return
                }
                let how = status > 128 ? "was killed by signal \(status - 128)" : "failed (exit \(status))"
                throw .badInput(
                    "building \(serverName) \(how); the last lines of \(shown(log)):\n"
                        + lastLines(of: log, count: 8))
            }
            if let fraction = buildFraction(log) { progress.update(fraction) }
        }
    }

    /// The share of the build done, from the last `[done/total]` step in the log.
    static func buildFraction(_ log: URL) -> Double? {
        guard let handle = try? FileHandle(forReadingFrom: log) else { return nil }
        defer { try? handle.close() }
        let size = (try? handle.seekToEnd()) ?? 0
        try? handle.seek(toOffset: size > 4096 ? size - 4096 : 0)
        guard let tail = try? handle.readToEnd() else { return nil }
        let text = String(decoding: tail, as: UTF8.self)
        guard let open = text.range(of: "[", options: .backwards) else { return nil }
        let step = text[open.upperBound...].prefix { $0 != "]" }.split(separator: "/")
        guard step.count == 2, let done = Double(step[0]), let total = Double(step[1]), total > 0 else {
            return nil
        }
        return min(done / total, 0.99)
    }

    /// The last lines of a log, indented, for a message.
    static func lastLines(of log: URL, count: Int) -> String {
        guard let data = FileManager.default.contents(atPath: log.path) else { return "  (no log)" }
        let lines = String(decoding: data.suffix(16_384), as: UTF8.self).split(separator: "\n").suffix(count)
        return lines.map { "  " + $0.prefix(300) }.joined(separator: "\n")
    }

    /// A path as a message shows it: relative to the working directory when inside it.
    static func shown(_ url: URL) -> String {
        let here = FileManager.default.currentDirectoryPath
        let path = url.standardizedFileURL.path
        return path.hasPrefix(here + "/") ? String(path.dropFirst(here.count + 1)) : path
    }

    /// A line on standard error; a closed standard error is not an error.
    static func say(_ message: String) {
        StandardStreams.error("workbench: \(message)\n")
    }
}

/// SIGINT, SIGTERM and SIGHUP caught while the build runs (instead of ending this process and
/// leaving the build behind), and SIGPIPE ignored (a closed standard error must not end it).
final class StopSignals {
    private static let caught = [SIGINT, SIGTERM, SIGHUP]
    private let first = Locked<Int32?>(nil)
    private let sources: [any DispatchSourceSignal]

    init() {
        signal(SIGPIPE, SIG_IGN)
        let first = self.first
        sources = Self.caught.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { first.withLock { $0 = $0 ?? number } }
            source.resume()
            return source
        }
    }

    /// The first signal received, if any.
    var received: Int32? { first.withLock { $0 } }

    /// The default actions back.
    func restore() {
        for source in sources { source.cancel() }
        for number in Self.caught { signal(number, SIG_DFL) }
    }
}
