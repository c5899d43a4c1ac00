import Foundation

/// The `--junit FILE` option of `check`, `sweep` and `conformance diff`, checked before any work:
/// a bad path fails in a second, not after the run.
public enum JUnitPath {
    /// What is wrong with the path, nil when a report may be written there: it must not be empty
    /// or name an existing directory.
    public static func problem(_ path: String) -> String? {
        guard !path.trimmingCharacters(in: .whitespaces).isEmpty else {
            return "--junit: the path is empty; give a file such as out/junit.xml"
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "--junit \(path): is a directory; give a file such as \(path)/junit.xml"
        }
        return nil
    }
}
