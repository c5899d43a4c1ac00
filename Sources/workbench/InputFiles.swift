import CommandLineShell
import Datasets
import Foundation
import WorkbenchFoundation

/// Reading the CLI's input files and writing its outputs, with errors that name the file.
enum InputFiles {
    /// The bytes of `path`, or of standard input when `path` is nil or `-`.
    ///
    /// - Parameter path: A file path, `-`, or nil.
    /// - Returns: The bytes and the label errors should name.
    /// - Throws: ``CLIError`` (bad input) for an empty path, anything but a regular file, an
    ///   unreadable one, or more than ``CheckedFile/defaultLimit`` bytes.
    static func read(_ path: String?) throws(CLIError) -> (data: Data, source: String) {
        guard let path, path != "-" else { return (try readStandardInput(), "stdin") }
        do {
            return (Data(try CheckedFile.read(path)), path)
        } catch {
            throw .badInput("\(path.isEmpty ? "''" : path): \(error.reason)")
        }
    }

    /// The bytes of a JSON file (or standard input), refused unless they are UTF-8 text: JSON is
    /// UTF-8 (RFC 8259), and another encoding is named, not decoded into replacement characters.
    ///
    /// - Parameter path: A file path, `-`, or nil.
    /// - Returns: The bytes and the label errors should name.
    /// - Throws: ``CLIError`` as ``read(_:)`` does, and for text that is not UTF-8.
    static func readJSON(_ path: String?) throws(CLIError) -> (data: Data, source: String) {
        let (data, source) = try read(path)
        if let problem = TextEncoding.problem(in: data) {
            throw .badInput("\(source): \(problem); JSON is UTF-8 text (RFC 8259)")
        }
        return (data, source)
    }

    /// Standard input, up to the limit; a directory or closed descriptor is an error.
    private static func readStandardInput() throws(CLIError) -> Data {
        let limit = CheckedFile.defaultLimit
        let way = "pipe a file in, or name it with --input FILE"
        var status = stat()
        if fstat(STDIN_FILENO, &status) != 0 {
            throw .badInput("stdin: is closed (\(String(cString: strerror(errno)))); \(way)")
        }
        if status.st_mode & S_IFMT == S_IFDIR { throw .badInput("stdin: is a directory; \(way)") }
        do {
            let data = try FileHandle.standardInput.read(upToCount: limit + 1) ?? Data()
            guard data.count <= limit else { throw CheckedFile.tooLarge(data.count, limit: limit) }
            return data
        } catch let failure as CheckedFile.Failure {
            throw .badInput("stdin: \(failure.reason)")
        } catch {
            // Foundation wraps the read's errno; any other cause keeps Foundation's own words.
            let cause = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            let reason = cause.flatMap {
                $0.domain == NSPOSIXErrorDomain ? String(cString: strerror(Int32($0.code))) : nil
            }
            throw .badInput("stdin: cannot read: \(reason ?? (error as NSError).localizedDescription)")
        }
    }

    /// Writes `text` to `path` atomically (``AtomicFile``: a killed run leaves the old file or the
    /// new one, never half), creating parent directories.
    ///
    /// - Parameters:
    ///   - text: The content.
    ///   - path: The destination.
    static func write(_ text: String, to path: String) throws(CLIError) {
        // An empty path would resolve to the working directory: refused for every output.
        guard !path.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .badInput("--out: the path is empty; give a file such as out/result.json")
        }
        do throws(AtomicFile.Failure) {
            try AtomicFile.write(text.utf8, to: path)
        } catch {
            throw .badInput(error.description)
        }
    }

    /// A directory the user named, for output or to read: not empty (which would mean the
    /// working directory) and not an existing file.
    ///
    /// - Parameters:
    ///   - given: The user's path.
    ///   - option: The option's name, for errors.
    ///   - example: A path to suggest.
    static func givenDirectory(_ given: String, option: String, example: String = "out/run") throws(CLIError)
        -> String
    {
        guard !given.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .badInput("\(option): the directory is empty; give a path such as \(example)")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: given, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw .badInput("\(option): '\(given)' is a file, not a directory")
        }
        return given
    }

    /// A file the user named for output: not empty (which would mean the working directory) and
    /// not an existing directory. Checked before any work, so a bad path costs nothing.
    ///
    /// - Parameters:
    ///   - given: The user's path.
    ///   - option: The option's name, for errors.
    ///   - example: A file name to suggest.
    static func givenFile(_ given: String, option: String, example: String) throws(CLIError) -> String {
        guard !given.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw .badInput("\(option): the path is empty; give a file such as out/\(example)")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: given, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .badInput("\(option): \(given) is a directory; give a file such as \(given)/\(example)")
        }
        return given
    }

    /// The directory a command writes into: the one given, or `defaultParent/name`.
    ///
    /// - Parameters:
    ///   - given: The user's `--out` (or similar), if any.
    ///   - option: The option's name, for errors.
    ///   - defaultParent: The parent of the default directory (`out`).
    ///   - name: The default directory's name (a scenario's name).
    /// - Throws: ``CLIError`` (bad input) for an empty directory, or a name that is not a single
    ///   plain path component (so the default cannot escape `defaultParent`).
    static func outputDirectory(_ given: String?, option: String, defaultParent: String, name: String)
        throws(CLIError) -> String
    {
        if let given { return try givenDirectory(given, option: option) }
        guard PathNames.isPlainComponent(name) else {
            throw .badInput(
                "the name '\(name)' cannot be a folder under \(defaultParent)/ (it is empty, hidden or has a "
                    + "'/'); rename it or pass \(option)")
        }
        return "\(defaultParent)/\(name)"
    }
}
