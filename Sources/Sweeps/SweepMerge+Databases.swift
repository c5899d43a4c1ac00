import Foundation
import Persistence

extension SweepMerge {
    /// Merges the shards' databases into the merged folder's (empty) one, in key order
    /// (``SweepStore/absorb(databasesAt:)``), up to 10 at once: more shards are merged 10 at a
    /// time into temporary databases in the merged folder, and those again, until 10 or fewer
    /// are left. Each level copies every row once, appending.
    static func mergeDatabases(_ paths: [String], into merged: SweepFolder) throws(SweepError) {
        let fanIn = SweepStore.maximumAbsorbed
        var level = paths
        var temporaries: [String] = []
        defer { for path in temporaries { removeDatabase(at: path) } }
        while level.count > fanIn {
            var next: [String] = []
            for start in stride(from: 0, to: level.count, by: fanIn) {
                let path = "\(merged.path)/.merge-\(temporaries.count).sqlite"
                temporaries.append(path)
                removeDatabase(at: path)
                try absorb(Array(level[start..<min(start + fanIn, level.count)]), into: path)
                next.append(path)
            }
            level = next
        }
        do {
            try merged.store.absorb(databasesAt: level)
        } catch {
            throw SweepError("\(merged.path)/\(SweepFolder.databaseFile): \(error)")
        }
    }

    private static func absorb(_ paths: [String], into path: String) throws(SweepError) {
        do {
            try SweepStore(database: try WorkbenchDatabase.open(.sweep, at: path)).absorb(databasesAt: paths)
        } catch {
            throw SweepError("\(path): \(error)")
        }
    }

    private static func removeDatabase(at path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
