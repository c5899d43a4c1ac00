import Datasets
import Foundation
import Persistence
import WorkbenchFoundation

/// A sweep's folder on disk: `plan.json` (written first), `sweep.sqlite` (finished cells and
/// their metrics), `<combination>/seed-<n>/result.json` per cell, then `summary.json` and
/// `summary.md`. ``prepare(_:plan:shard:resume:force:)`` decides what an existing folder
/// means: the same plan is resumed (or started over), another plan is refused unless forced,
/// and a folder that is not a sweep's is never cleared.
public struct SweepFolder: Sendable {
    /// The folder.
    public let path: String
    /// Its database: the finished cells and their metrics.
    public let store: SweepStore
    /// Held while the folder is in use: a second sweep (or merge) on it is refused, not mixed in.
    /// (A shard read from read-only storage to be merged has none.)
    let lock: FileLock?

    /// The plan's file name.
    public static let planFile = "plan.json"
    /// The database's file name.
    public static let databaseFile = "sweep.sqlite"
    /// The lock file: held by the one sweep or merge using the folder.
    public static let lockFile = "sweep.lock"

    /// Makes a folder ready to run a plan (or one shard of it).
    ///
    /// - Parameters:
    ///   - path: The folder (created if missing).
    ///   - plan: The plan.
    ///   - shard: The shard this folder runs, nil for all cells.
    ///   - resume: Keep the cells a folder of the same plan and shard has finished.
    ///   - force: Clear a sweep folder of another plan instead of refusing.
    public static func prepare(
        _ path: String, plan: SweepPlan, shard: SweepShard?, resume: Bool, force: Bool
    ) throws(SweepError) -> SweepFolder {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        let existed = manager.fileExists(atPath: path, isDirectory: &isDirectory)
        if existed && !isDirectory.boolValue { throw SweepError("\(path): exists and is not a folder") }
        if !existed {
            do {
                try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw SweepError(
                    "\(path): cannot create the folder: \((error as NSError).localizedDescription)")
            }
        }
        // A folder that is not a sweep's is refused before anything is written into it (a folder
        // with a lock file is a sweep's, perhaps one another process is starting).
        if existed && holdsNoSweep(path, (try? manager.contentsOfDirectory(atPath: path)) ?? []) {
            throw notASweep(path)
        }
        let lock = try lockFolder(path)
        if existed {
            // A sweep killed while it wrote its plan leaves the lock and the plan's temporary
            // file: that folder is a sweep's, taken over here (the leftovers go below).
            let contents = ((try? manager.contentsOfDirectory(atPath: path)) ?? []).filter {
                $0 != lockFile && !AtomicFile.isLeftover($0)
            }
            if !contents.isEmpty {
                let existing = try? readPlan(path)
                guard existing != nil || contents.contains(planFile) else { throw notASweep(path) }
                let same = existing.map { $0.plan == plan && $0.shard == shard } ?? false
                if !same && !force {
                    throw SweepError(
                        "\(path): holds a sweep of another plan (\(existing.map { describe($0.plan, $0.shard) } ?? "an unreadable \(planFile)")); "
                            + "this one is \(describe(plan, shard)). Use --force to clear it, or another --out"
                    )
                }
                if !same || !resume { try clear(path, contents: contents) }
            }
        }
        AtomicFile.removeLeftovers(in: path)
        do {
            try AtomicFile.write(plan.document(shard: shard).utf8, to: "\(path)/\(planFile)")
        } catch {
            throw SweepError(error.description)
        }
        return SweepFolder(path: path, store: try openStore(path), lock: lock)
    }

    /// Opens an existing sweep folder to read it (a shard to merge); refused while a sweep runs
    /// in it.
    ///
    /// - Parameter path: The folder.
    /// - Returns: The folder and its plan and shard.
    public static func open(_ path: String) throws(SweepError) -> (
        folder: SweepFolder, plan: SweepPlan, shard: SweepShard?
    ) {
        let (plan, shard) = try readPlan(path)
        // Refused while a sweep runs there; not held, so a shard named twice reaches the merge's
        // own check ("in two shards").
        try lockFolder(path, unlessReadOnly: true)?.release()
        guard FileManager.default.fileExists(atPath: "\(path)/\(databaseFile)") else {
            throw SweepError("\(path): no \(databaseFile); the sweep never finished a cell there")
        }
        return (SweepFolder(path: path, store: try openStore(path), lock: nil), plan, shard)
    }

    /// Where a cell's `result.json` goes.
    public func resultPath(_ cell: SweepCell, plan: SweepPlan) -> String {
        "\(path)/\(plan.folder(cell.combination))/seed-\(cell.seed)/result.json"
    }

    private static func readPlan(_ path: String) throws(SweepError) -> (plan: SweepPlan, shard: SweepShard?) {
        let file = "\(path)/\(planFile)"
        do {
            return try SweepPlan.read(try CheckedFile.read(file, limit: 64 << 20))
        } catch let error as CheckedFile.Failure {
            throw SweepError("\(file): \(error.reason)")
        } catch let error as SweepError {
            throw SweepError("\(file): \(error.description)")
        } catch {
            throw SweepError("\(file): not a sweep plan: \(error)")
        }
    }

    /// Whether a folder's contents show it is not a sweep's: not empty, with no plan (readable or
    /// not) and no lock file (a sweep starting takes its lock before it writes the plan).
    private static func holdsNoSweep(_ path: String, _ contents: [String]) -> Bool {
        !contents.isEmpty && !contents.contains(planFile) && !contents.contains(lockFile)
            && (try? readPlan(path)) == nil
    }

    /// The refusal of a folder that holds something other than a sweep: it is never cleared.
    private static func notASweep(_ path: String) -> SweepError {
        SweepError(
            "\(path): the folder is not empty and holds no sweep (no \(planFile)); give a new or empty folder with --out"
        )
    }

    /// Takes the folder's lock at once, or says who holds it. A folder this process cannot write
    /// to is read without the lock when `unlessReadOnly`.
    private static func lockFolder(_ path: String, unlessReadOnly: Bool = false) throws(SweepError)
        -> FileLock?
    {
        do {
            return try FileLock(file: "\(path)/\(lockFile)", timeout: 0)
        } catch {
            switch error {
            case .cannotOpen where unlessReadOnly && access(path, W_OK) != 0: return nil
            case .cannotOpen(let reason): throw SweepError("\(path)/\(lockFile): cannot open: \(reason)")
            case .held:
                throw SweepError(
                    "\(path): another sweep or merge is using this folder; wait for it to end, or give another --out"
                )
            }
        }
    }

    private static func openStore(_ path: String) throws(SweepError) -> SweepStore {
        do {
            return SweepStore(database: try WorkbenchDatabase.open(.sweep, at: "\(path)/\(databaseFile)"))
        } catch {
            throw SweepError("\(path)/\(databaseFile): \(error)")
        }
    }

    /// Empties a sweep folder (one that holds a plan file).
    private static func clear(_ path: String, contents: [String]) throws(SweepError) {
        for name in contents {
            do {
                try FileManager.default.removeItem(atPath: "\(path)/\(name)")
            } catch {
                throw SweepError("\(path)/\(name): cannot remove: \((error as NSError).localizedDescription)")
            }
        }
    }

    private static func describe(_ plan: SweepPlan, _ shard: SweepShard?) -> String {
        "\(plan.scenario), seeds \(plan.firstSeed)..\(plan.lastSeed), \(plan.combinations.count) combination(s), "
            + "version \(plan.version)" + (shard.map { ", shard \($0)" } ?? "")
    }
}
