import Datasets
import Foundation
import Persistence

/// Merging the folders of a sweep's shards into the folder one machine would have written:
/// the same plan, every cell exactly once, the same `result.json` files, database and summary.
public enum SweepMerge {
    /// Cells copied per database transaction.
    static let batch = 500

    /// Merges shard folders.
    ///
    /// - Parameters:
    ///   - shards: The shards' folders.
    ///   - out: The merged folder (new, empty, or a sweep folder to replace with `force`).
    ///   - force: Clear a sweep folder of another plan at `out`.
    /// - Returns: The plan and the merged folder, whose summary is still to be written.
    /// - Throws: ``SweepError`` naming the folder whose plan differs, or the cell that is
    ///   missing or in two shards.
    public static func merge(_ shards: [String], into out: String, force: Bool) throws(SweepError) -> (
        plan: SweepPlan, folder: SweepFolder
    ) {
        guard !shards.isEmpty else { throw SweepError("merge: give the shards' folders") }
        let resolved = URL(fileURLWithPath: out).standardizedFileURL.path
        let opened = try shards.map { path throws(SweepError) in
            guard URL(fileURLWithPath: path).standardizedFileURL.path != resolved else {
                throw SweepError("\(path): a shard cannot be merged into itself; give another --out")
            }
            return try SweepFolder.open(path)
        }
        let plan = opened[0].plan
        if let other = opened.first(where: { $0.plan != plan }) {
            throw SweepError(
                "\(other.folder.path): its plan differs from \(opened[0].folder.path)'s (scenario, grid, seeds or version)"
            )
        }
        try checkEachCellOnce(opened.map(\.folder), plan: plan)
        let merged = try SweepFolder.prepare(out, plan: plan, shard: nil, resume: false, force: force)
        for shard in opened { try copyResults(shard.folder, into: merged, plan: plan) }
        try mergeDatabases(opened.map { $0.folder.store.database.path }, into: merged)
        return (plan, merged)
    }

    /// Checks that every cell of the plan is in exactly one shard, reading each shard's cells a
    /// page at a time into one bit per plan position (``PlanPositions``).
    private static func checkEachCellOnce(_ shards: [SweepFolder], plan: SweepPlan) throws(SweepError) {
        guard plan.cellCount <= PlanPositions.maximumCount else {
            throw SweepError(
                "the plan has \(plan.cellCount) cells, more than a merge checks (\(PlanPositions.maximumCount))"
            )
        }
        var claimed = PlanPositions(count: plan.cellCount)
        var held = 0
        for (index, shard) in shards.enumerated() {
            var last: SweepCell?
            while true {
                let cells = try cellKeys(of: shard, after: last)
                guard let final = cells.last else { break }
                for cell in cells {
                    guard let position = plan.index(of: cell) else {
                        throw SweepError(
                            "\(shard.path): holds \(plan.name(of: cell)), which the plan has not")
                    }
                    guard claimed.insert(position) else {
                        var first = shard
                        for other in shards[..<index] where try holds(other, cell) {
                            first = other
                            break
                        }
                        throw SweepError(
                            "\(plan.name(of: cell)) is in two shards: \(first.path) and \(shard.path)")
                    }
                }
                held += cells.count
                last = final
            }
        }
        if let missing = claimed.firstMissing() {
            throw SweepError(
                "\(plan.name(of: plan.cell(at: missing))) is in no shard (\(plan.cellCount - held) cell(s) missing); "
                    + "run its shard, or resume it with sweep --resume")
        }
    }

    private static func cellKeys(of shard: SweepFolder, after cell: SweepCell?) throws(SweepError)
        -> [SweepCell]
    {
        do {
            return try shard.store.cellKeys(after: cell, limit: batch)
        } catch {
            throw SweepError("\(shard.path)/\(SweepFolder.databaseFile): \(error)")
        }
    }

    private static func holds(_ shard: SweepFolder, _ cell: SweepCell) throws(SweepError) -> Bool {
        do {
            return try shard.store.contains(cell)
        } catch {
            throw SweepError("\(shard.path)/\(SweepFolder.databaseFile): \(error)")
        }
    }

    /// Copies a shard's result files (those it kept), a batch of cells at a time: bounded memory.
    private static func copyResults(_ shard: SweepFolder, into merged: SweepFolder, plan: SweepPlan)
        throws(SweepError)
    {
        var last: SweepCell?
        while true {
            let cells = try cellKeys(of: shard, after: last)
            guard let final = cells.last else { break }
            // A shard that kept only some results (`--keep-results`) has only those to copy.
            for cell in cells where FileManager.default.fileExists(atPath: shard.resultPath(cell, plan: plan))
            {
                do {
                    let bytes = try CheckedFile.read(shard.resultPath(cell, plan: plan), limit: 256 << 20)
                    try AtomicFile.write(bytes, to: merged.resultPath(cell, plan: plan))
                } catch let error as CheckedFile.Failure {
                    throw SweepError("\(shard.resultPath(cell, plan: plan)): \(error.reason)")
                } catch let error as AtomicFile.Failure {
                    throw SweepError(error.description)
                } catch {
                    throw SweepError("\(error)")
                }
            }
            last = final
        }
    }
}
