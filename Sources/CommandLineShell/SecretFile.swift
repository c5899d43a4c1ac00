import Foundation

/// A secret the user keeps in a file (`--api-key-file`, `--admin-token-file`), so that it is in
/// neither the process list nor the shell's history.
public enum SecretFile {
    /// The file's content without surrounding whitespace (possibly empty: the caller says what
    /// it needs). At most `maximumBytes` are read: a larger file is refused without being read
    /// whole. Messages name the option and the path, never the content.
    ///
    /// - Parameters:
    ///   - path: The file, as the user gave it.
    ///   - option: The option that named it, for messages.
    ///   - maximumBytes: The most bytes the file may have.
    /// - Throws: ``CLIError`` (bad input) when the file cannot be read or is larger.
    public static func read(_ path: String, option: String, maximumBytes: Int) throws(CLIError) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .badInput("\(option) \(path): cannot read it")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            throw .badInput("\(option) \(path): cannot read it")
        }
        guard data.count <= maximumBytes else {
            throw .badInput("\(option) \(path): over \(maximumBytes) bytes, more than a key or token has")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
