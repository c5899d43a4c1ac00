import CommandLineShell
import Datasets
import Foundation
import WorkbenchFoundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A package of the repository that carries one command's heavy dependencies, so that the rest
/// of the workbench neither resolves nor builds them: `Server/` (`workbench serve`: Hummingbird
/// and SwiftNIO) and `Conformance/` (`workbench conformance`: swift-syntax). `workbench` runs its
/// executable, building it in a checkout where it is missing.
///
/// The build runs `swift build` as a child in a session of its own, its output in a log file
/// (`<package>/.build/<product>-build.log`), with one progress line here. It is watched, not
/// waited on blindly: when the build dies (a signal, a crash) or this process is told to stop
/// (SIGINT, SIGTERM, SIGHUP), everything the build started is stopped (the compilers `swift
/// build` runs sit in process groups of their own, so the whole session is), and the command
/// exits with a message naming the log. Writing to a closed standard error does not stop it.
struct ToolPackage {
    /// The package's folder in the repository.
    var package: String
    /// Its executable product.
    var product: String
    /// What the first build builds, for its progress line.
    var builds: String
    /// How to build it ahead.
    var ahead: String

    /// `workbench serve`'s server.
    static let server = ToolPackage(
        package: "Server", product: "workbench-serve", builds: "Hummingbird and SwiftNIO",
        ahead: "scripts/setup.sh --serve")
    /// `workbench conformance`'s tool.
    static let conformance = ToolPackage(
        package: "Conformance", product: "workbench-conformance", builds: "swift-syntax",
        ahead: "scripts/setup.sh --conformance")

    /// The build log's name, in the package's `.build`.
    var logName: String { "\(product)-build.log" }

    /// Runs the executable in place of this process with the arguments after `command` on this
    /// process's command line; returns only when it cannot.
    func exec(after command: String) throws(CLIError) -> Never {
        let executable = try executable()
        let argv = [product] + Self.arguments(after: command, in: CommandLine.arguments)
        var pointers = argv.map { strdup($0) } + [nil]
        StopSignals.unblockForExec()
        execv(executable.path, &pointers)
        throw CLIError.badInput("cannot run \(product): \(String(cString: strerror(errno)))")
    }

    /// The arguments after the first `command` on a command line (its program name aside).
    static func arguments(after command: String, in arguments: [String]) -> [String] {
        guard let index = arguments.dropFirst().firstIndex(of: command) else { return [] }
        return Array(arguments[(index + 1)...])
    }

    /// The executable: in a checkout, the package's build (`<package>/.build/<configuration>`),
    /// built first when it is missing; otherwise the one installed next to this one.
    func executable() throws(CLIError) -> URL {
        let ownPath = Self.ownExecutable()
        guard let root = Self.packageRoot(of: ownPath) else {
            let installed = ownPath.deletingLastPathComponent().appendingPathComponent(product)
            if FileManager.default.isExecutableFile(atPath: installed.path) { return installed }
            throw .badInput(
                "\(product) is not installed next to workbench; build it with `swift build --package-path \(package) --product \(product)` in the repository"
            )
        }
        let folder = root.appendingPathComponent(package)
        let configuration =
            ownPath.deletingLastPathComponent().lastPathComponent == "release" ? "release" : "debug"
        let executable = folder.appendingPathComponent(".build/\(configuration)/\(product)")
        if FileManager.default.isExecutableFile(atPath: executable.path) { return executable }
        try build(package: folder, configuration: configuration)
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw .badInput("the build finished but \(PathNames.shown(executable)) is missing")
        }
        return executable
    }

    /// This executable's path, as Foundation knows it on every platform (`Bundle.main`), else
    /// `argv[0]` resolved against the working directory and `PATH`.
    static func ownExecutable() -> URL {
        if let url = Bundle.main.executableURL, FileManager.default.isExecutableFile(atPath: url.path) {
            return url.resolvingSymlinksInPath()
        }
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

    /// Builds the package's product, watching the build (see the type's documentation).
    ///
    /// - Parameters:
    ///   - package: The package's folder.
    ///   - configuration: `debug` or `release`.
    func build(package: URL, configuration: String) throws(CLIError) {
        let buildFolder = package.appendingPathComponent(".build")
        let log = buildFolder.appendingPathComponent(logName)
        do {
            try FileManager.default.createDirectory(at: buildFolder, withIntermediateDirectories: true)
        } catch {
            throw .badInput("cannot create \(PathNames.shown(buildFolder)): \(error.localizedDescription)")
        }
        let arguments = [
            "swift", "build", "--package-path", package.path, "--configuration", configuration, "--product",
            product,
        ]
        // SIGINT, SIGTERM and SIGHUP stop the build instead of ending this process and leaving the
        // build behind; a closed standard error must not end it (SIGPIPE).
        signal(SIGPIPE, SIG_IGN)
        let stop = StopSignals.shared
        stop.handle { _ in }
        defer { stop.handle(nil) }
        Self.say(
            "building \(product) once (\(builds), a few minutes; the log is in \(PathNames.shown(log)); "
                + "`\(ahead)` builds it ahead)")
        let child: SpawnedProcess
        do {
            child = try SpawnedProcess(
                executable: "/usr/bin/env", arguments: arguments, directory: package.path,
                stdout: .file(log.path), stderr: .standardOutput, newSession: true)
        } catch {
            throw .badInput("cannot start the build of \(product): \(error)")
        }
        let progress = ProgressReporter(label: "building \(product)", quiet: false)
        while true {
            if let signal = stop.received {
                child.stopSession()
                throw CLIError(
                    message:
                        "stopped building \(product) (signal \(signal)); the log so far is in \(PathNames.shown(log))",
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
                    "building \(product) \(how); the last lines of \(PathNames.shown(log)):\n"
                        + Self.lastLines(of: log, count: 8))
            }
            if let fraction = Self.buildFraction(log) { progress.update(fraction) }
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

    /// A line on standard error; a closed standard error is not an error.
    static func say(_ message: String) {
        StandardStreams.error("workbench: \(message)\n")
    }
}
