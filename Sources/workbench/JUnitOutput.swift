import CommandLineShell
import Foundation
import WorkbenchFoundation

/// `--junit FILE` of `check` and `sweep`: the path checked before the run, so that a bad one
/// fails in a second rather than after the work, and the report written atomically.
enum JUnitOutput {
    /// Refuses an empty path and a directory (``JUnitPath/problem(_:)``).
    static func check(_ path: String) throws(CLIError) {
        if let problem = JUnitPath.problem(path) { throw .badInput(problem) }
    }

    /// Writes the report.
    static func write(_ report: JUnitReport, to path: String) throws(CLIError) {
        do {
            try InputFiles.write(report.xml, to: path)
        } catch {
            throw .badInput("--junit: \(error.message)")
        }
    }
}
