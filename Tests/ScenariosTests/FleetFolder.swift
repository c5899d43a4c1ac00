import Foundation
import TestSupport

/// A temporary folder holding a copy of the library's `fleets/user-day.yaml`, for a fleet file
/// under test to name as its scenario.
enum FleetFolder {
    /// Makes the folder; the caller removes it.
    static func withUserDay() throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        try FileManager.default.copyItem(
            atPath: RepositoryFiles.root.appendingPathComponent("fleets/user-day.yaml").path,
            toPath: folder.path("user-day.yaml"))
        return folder
    }
}
