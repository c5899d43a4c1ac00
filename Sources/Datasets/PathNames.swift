import Foundation

/// Checks on names and paths that come from users' files, so that none can reach outside the
/// folder it belongs in.
public enum PathNames {
    /// Whether `name` is one plain path component: not empty, not `.` or `..` or hidden, no
    /// `/`, `\` or NUL, at most 200 bytes.
    public static func isPlainComponent(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && name.utf8.count <= 200
            && !name.contains(where: { $0 == "/" || $0 == "\\" || $0 == "\0" || $0.isNewline })
    }

    /// Whether `path`, relative to `root` (or absolute), stays inside `root` once `..` and
    /// symbolic links are resolved.
    ///
    /// - Parameters:
    ///   - path: The path.
    ///   - root: The folder it must stay in.
    public static func isInside(_ path: String, root: URL) -> Bool {
        guard !path.isEmpty, !path.contains("\0") else { return false }
        let base = root.standardizedFileURL.resolvingSymlinksInPath().path
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
        let resolved = url.standardizedFileURL.resolvingSymlinksInPath().path
        return resolved == base || resolved.hasPrefix(base.hasSuffix("/") ? base : base + "/")
    }

    /// How a message shows a path: relative to the working directory when it is inside it (`.`
    /// for the working directory itself), otherwise absolute.
    ///
    /// - Parameter url: The file or folder.
    public static func shown(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let here = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        if path == here { return "." }
        let prefix = here.hasSuffix("/") ? here : here + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
