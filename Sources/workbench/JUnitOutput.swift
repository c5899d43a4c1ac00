import CommandLineShell
import Foundation
import WorkbenchFoundation

/// `--junit FILE` of `check` and `sweep`: the path checked before the run, so that a bad one
/// fails in a second rather than after the work, and the report written atomically.
enum JUnitOutput {
    /// Refuses an empty path and a directory.
    static func check(_ path: String) throws(CLIError) {
        guard !path.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .badInput("--junit: the path is empty; give a file such as out/junit.xml")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .badInput("--junit \(path): is a directory; give a file such as \(path)/junit.xml")
        }
    }

    /// Writes the report.
    static func write(_ report: JUnitReport, to path: String) throws(CLIError) {
        do {
            try InputFiles.write(report.xml, to: path)
        } catch {
            throw .badInput("--junit \(path): \(error.message)")
        }
    }
}
