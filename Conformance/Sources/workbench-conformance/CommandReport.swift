import CommandLineShell
import Foundation

/// How `drift` and `diff` end: the report's text on standard output, its Markdown, HTML and
/// JSON in `--out` (created), and exit 1 with a message when something did not hold.
enum CommandReport {
    /// Prints, writes and exits as the command's result says.
    ///
    /// - Parameters:
    ///   - name: The files' name, before `.md`, `.html` and `.json`.
    ///   - out: The folder the user gave, if any.
    ///   - failure: The message for exit 1, nil when everything held.
    static func finish(
        text: String, name: String, markdown: String, html: String, json: String, out: String?,
        failure: String?
    ) throws(CLIError) {
        print(text, terminator: "")
        if let out {
            do {
                try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
                for (suffix, content) in [("md", markdown), ("html", html), ("json", json)] {
                    try content.write(toFile: "\(out)/\(name).\(suffix)", atomically: true, encoding: .utf8)
                }
            } catch {
                throw CLIError.badInput("--out \(out): \(error.localizedDescription)")
            }
        }
        if let failure { throw CLIError(message: failure, exitCode: CLIError.failedCheckCode) }
    }
}
