import Foundation

/// The folder a scenario's relative paths resolve against (`market.directory`,
/// `market.universe.from`, `market.listed`, `calibrate`), and which they must stay inside: the
/// nearest folder at or above the scenario file's own that holds a `datasets` folder, as git finds
/// its repository; when none does, the scenario file's folder. So `scenarios/quickstart.yaml` of
/// this repository resolves against the repository from any working directory, and a scenario
/// kept beside its own data resolves against its own folder. (`extends` is relative to the
/// extending file, and `--set` values resolve as the file's own would.)
public enum ProjectFolder {
    /// The marker: a folder of this name makes its parent a project folder.
    public static let marker = "datasets"

    /// The project folder of a scenario file.
    ///
    /// - Parameter scenario: The scenario file's path, as given (relative to the working
    ///   directory, or absolute).
    /// - Returns: The folder, absolute.
    public static func of(scenario: String) -> URL {
        let own = URL(fileURLWithPath: scenario).standardizedFileURL.deletingLastPathComponent()
        var folder = own
        while true {
            var isDirectory: ObjCBool = false
            let candidate = folder.appendingPathComponent(marker).path
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory),
                isDirectory.boolValue
            {
                return folder
            }
            let parent = folder.deletingLastPathComponent()
            guard parent.path != folder.path else { return own }
            folder = parent
        }
    }
}
