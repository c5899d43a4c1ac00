import Foundation

/// Reading the CLI's input files, with errors that name the file.
enum InputFiles {
    /// The bytes of `path`, or of standard input when `path` is nil or `-`.
    ///
    /// - Parameter path: A file path, `-`, or nil.
    /// - Returns: The bytes and the label errors should name.
    static func read(_ path: String?) throws(CLIError) -> (data: Data, source: String) {
        guard let path, path != "-" else {
            return (FileHandle.standardInput.readDataToEndOfFile(), "stdin")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .badInput("\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw .badInput("\(path): is a directory, expected a file") }
        do {
            return (try Data(contentsOf: URL(fileURLWithPath: path)), path)
        } catch {
            throw .badInput("\(path): cannot read: \((error as NSError).localizedDescription)")
        }
    }

    /// Writes `text` to `path`, creating parent directories.
    ///
    /// - Parameters:
    ///   - text: The content.
    ///   - path: The destination.
    static func write(_ text: String, to path: String) throws(CLIError) {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw .badInput("\(path): cannot write: \((error as NSError).localizedDescription)")
        }
    }
}
