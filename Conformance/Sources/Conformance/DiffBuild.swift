import CommandLineShell
import Foundation

/// Builds the scratch package and runs its runner, one process per rule.
enum DiffBuild {
    /// Builds the runner; its path.
    static func build(_ package: DiffPackage, commit: String, progress: (String) -> Void)
        throws(ConformanceError)
        -> URL
    {
        let log = package.folder.appendingPathComponent("build.log")
        progress(
            "building the app's code at \(commit) beside TrackerCore (the first build takes about a minute; "
                + "log: \(log.path))")
        // The workbench is a path dependency: its build plan is made afresh, so that a file
        // added to TrackerCore since the last run is seen (an incremental plan can miss it).
        try? FileManager.default.removeItem(at: package.folder.appendingPathComponent(".build/debug.yaml"))
        let status: Int32
        do {
            let process = try SpawnedProcess(
                executable: "/usr/bin/env",
                arguments: [
                    "swift", "build", "--package-path", package.folder.path, "--product",
                    "conformance-runner",
                ],
                directory: package.folder.path, stdout: .file(log.path), stderr: .standardOutput)
            status = process.waitUntilExit()
        } catch {
            throw ConformanceError("cannot run swift build: \(error)")
        }
        guard status == 0 else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            let error = firstError(in: text, scratch: package.folder.path)
            let whose =
                error.hasPrefix(DiffRule.appFolder)
                ? "the extracted app code at \(commit)"
                : "the harness (Conformance/Harness) with the app code at \(commit)"
            throw ConformanceError("\(whose) does not build: \(error)\n(the whole log: \(log.path))")
        }
        return package.folder.appendingPathComponent(".build/debug/conformance-runner")
    }

    /// The compiler's first error, with scratch paths shown as the app's.
    static func firstError(in log: String, scratch: String) -> String {
        let lines = log.split(separator: "\n")
        guard
            let line = lines.first(where: { $0.contains(": error: ") && $0.hasPrefix("/") })
                ?? lines.first(where: { $0.contains("error:") })
        else {
            return "swift build failed (no compiler error in its output)"
        }
        return String(line)
            .replacingOccurrences(of: "\(scratch)/Sources/BitpalApp/App/", with: DiffRule.appFolder)
            .replacingOccurrences(of: "\(scratch)/", with: "")
    }

    /// How long one rule's runner may take: ten minutes, and a tenth of a second a case (the
    /// default 2,000 cases take seconds).
    static func runnerTimeoutSeconds(randomCases: Int) -> Double { 600 + 0.1 * Double(randomCases) }

    /// Runs one rule.
    static func run(_ runner: URL, rule: DiffRule, seed: UInt64, randomCases: Int, scratch: URL)
        -> Diff.RuleResult
    {
        var result = Diff.RuleResult(
            rule: rule.name, summary: rule.summary, workbench: rule.workbench, verdict: .crashed, cases: 0,
            mismatches: [], reason: nil)
        let output = scratch.appendingPathComponent("\(rule.name).json")
        let errors = scratch.appendingPathComponent("\(rule.name).stderr")
        let status: Int32
        do {
            let process = try SpawnedProcess(
                executable: runner.path, arguments: [rule.name, "\(seed)", "\(randomCases)"],
                directory: scratch.path,
                stdout: .file(output.path), stderr: .file(errors.path))
            guard let exited = process.wait(timeout: runnerTimeoutSeconds(randomCases: randomCases)) else {
                process.signal(SIGKILL)
                process.waitUntilExit()
                result.reason =
                    "the runner took longer than \(Int(runnerTimeoutSeconds(randomCases: randomCases))) s and was stopped"
                return result
            }
            status = exited
        } catch {
            result.reason = "cannot run the runner: \(error)"
            return result
        }
        struct RunnerOutput: Decodable {
            var cases: Int
            var mismatches: [Diff.Mismatch]
        }
        guard status == 0, let data = try? Data(contentsOf: output),
            let decoded = try? JSONDecoder().decode(RunnerOutput.self, from: data)
        else {
            let tail = ((try? String(contentsOf: errors, encoding: .utf8)) ?? "").split(separator: "\n")
                .suffix(5)
            result.reason =
                (status > 128
                    ? "the runner stopped on signal \(status - 128)" : "the runner exited with \(status)")
                + (tail.isEmpty ? "" : ": " + tail.joined(separator: " | "))
            return result
        }
        result.cases = decoded.cases
        result.mismatches = decoded.mismatches
        result.verdict = decoded.mismatches.isEmpty ? .matches : .differs
        return result
    }
}
