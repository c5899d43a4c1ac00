import Foundation

/// Golden files under `Tests/Fixtures/golden`, re-recorded when `RECORD_GOLDENS=1` is set.
public enum Golden {
    /// Whether this run records goldens instead of comparing.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

    /// The golden text for `name`, after recording `actual` when recording.
    ///
    /// - Parameters:
    ///   - name: The file name under `Tests/Fixtures/golden`.
    ///   - actual: The output produced now.
    /// - Returns: The stored golden (equal to `actual` right after recording).
    public static func expected(_ name: String, actual: String) throws -> String {
        let url = RepositoryFiles.fixtures.appendingPathComponent("golden/\(name)")
        if isRecording {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
        }
        return String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }
}
