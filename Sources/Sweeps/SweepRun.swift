import Datasets
import Foundation
import Persistence
import Reports
import Runs
import TrackerCore
import WorkbenchFoundation
import WorkbenchMetrics

/// Running a sweep's pending cells in parallel: each cell's `result.json` is written atomically
/// as it finishes (when ``KeptResults`` keeps it), then the cell and its metrics are recorded in
/// the folder's database, with the cells that finished about then (``CommitPacing``), so a
/// sweep killed at any instant resumes with every recorded cell kept and nothing half-written.
public enum SweepRun {
    /// What a run did.
    public struct Outcome: Sendable, Equatable {
        /// Cells run now.
        public var ran: Int
        /// Cells the folder already had (resumed).
        public var skipped: Int
        /// Whether `stop` ended the run before every pending cell ran (the cells that finished
        /// are recorded; `--resume` runs the rest).
        public var stopped = false
    }

    /// Runs the cells of the plan (or of a shard) the folder has not finished.
    ///
    /// - Parameters:
    ///   - plan: The plan.
    ///   - loaded: Each combination's loaded scenario, in plan order.
    ///   - folder: The prepared folder.
    ///   - shard: The shard to run, nil for every cell.
    ///   - jobs: Cells run at once.
    ///   - kept: Which cells keep their `result.json` (every cell's metrics are recorded).
    ///   - pacing: When finished cells are committed to the database.
    ///   - checkingInvariants: Whether every run checks its invariants after every event (``AppInvariants``).
    ///   - progress: Told the cells finished so far (resumed ones included) and the total.
    ///   - stop: Asked before each cell is taken; true ends the run once the cells under way
    ///     finish (a signal: ``Outcome/stopped``).
    /// - Returns: How many cells ran and how many were already finished.
    /// - Throws: The failure of the first cell in plan order that failed; the cells that
    ///   finished stay recorded.
    public static func run(
        _ plan: SweepPlan, loaded: [ScenarioRun.Loaded], folder: SweepFolder, shard: SweepShard?, jobs: Int,
        kept: KeptResults = .all, pacing: CommitPacing = .everyCell, checkingInvariants: Bool = false,
        progress: @Sendable (_ done: Int, _ total: Int) -> Void, stop: @Sendable () -> Bool = { false }
    ) throws(SweepError) -> Outcome {
        precondition(loaded.count == plan.combinations.count, "one loaded scenario per combination")
        let mine = shard.map { Array($0.positions(of: plan.cellCount)) } ?? Array(0..<plan.cellCount)
        let finished: Set<SweepCell>
        do {
            finished = try folder.store.finishedCells()
        } catch {
            throw SweepError("\(folder.path)/\(SweepFolder.databaseFile): \(error)")
        }
        let pending = mine.filter { !finished.contains(plan.cell(at: $0)) }
        let total = mine.count
        let skipped = total - pending.count
        let state = Locked(Progress(done: skipped))
        progress(skipped, total)
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, pending.count))) { _ in
            while true {
                let stopping = stop()
                let taken = state.withLock { state -> Int? in
                    guard state.next < pending.count, state.failure == nil, !stopping else { return nil }
                    defer { state.next += 1 }
                    return pending[state.next]
                }
                guard let position = taken else { return }
                do throws(SweepError) {
                    let started = pacing.elapsedSeconds()
                    let metrics = try runCell(
                        plan.cell(at: position), plan: plan, loaded: loaded, folder: folder, kept: kept,
                        checkingInvariants: checkingInvariants)
                    let finished = pacing.elapsedSeconds()
                    let (done, due) = state.withLock { state -> (Int, [Finished]) in
                        state.done += 1
                        if state.waiting.isEmpty { (state.waitingSince, state.waitingWork) = (finished, 0) }
                        state.waiting.append((plan.cell(at: position), metrics))
                        state.waitingWork += finished - started
                        guard
                            pacing.isDue(
                                waiting: state.waiting.count, work: state.waitingWork,
                                since: state.waitingSince)
                        else { return (state.done, []) }
                        defer { state.waiting = [] }
                        return (state.done, state.waiting)
                    }
                    if !due.isEmpty { try record(due, in: folder, plan: plan) }
                    progress(done, total)
                } catch {
                    state.withLock { state in
                        if state.failure.map({ position < $0.position }) ?? true {
                            state.failure = (position, error)
                        }
                    }
                }
            }
        }
        // The cells that finished are recorded, failure or not.
        let (waiting, failure, done) = state.withLock { ($0.waiting, $0.failure, $0.done) }
        if !waiting.isEmpty { try record(waiting, in: folder, plan: plan) }
        if let failure { throw failure.error }
        return Outcome(ran: done - skipped, skipped: skipped, stopped: done < total)
    }

    /// A finished cell and its metrics, to record.
    private typealias Finished = (cell: SweepCell, metrics: [SweepMetric])

    /// What the cells share while they run: the next to take, how many are done, the finished
    /// cells not yet committed (when the first finished, and how long their runs took), and the
    /// first failure in plan order.
    private struct Progress {
        var next = 0
        var done: Int
        var waiting: [Finished] = []
        var waitingSince = 0.0
        var waitingWork = 0.0
        var failure: (position: Int, error: SweepError)?
    }

    /// Runs a cell and writes its `result.json` (when kept); returns its metrics, to record.
    private static func runCell(
        _ cell: SweepCell, plan: SweepPlan, loaded: [ScenarioRun.Loaded], folder: SweepFolder,
        kept: KeptResults, checkingInvariants: Bool
    ) throws(SweepError) -> [SweepMetric] {
        let outcome: RunOutcome
        do {
            outcome = try ScenarioRun.execute(
                loaded[cell.combination], seed: cell.seed, checkingInvariants: checkingInvariants)
        } catch {
            throw SweepError("\(plan.name(of: cell)): \(error.description)")
        }
        do {
            let stored = outcome.report.storedMetrics
            let failed = stored.first { $0.name == Metric.failedExpectationsName }?.value ?? 0
            if kept.keeps(failedExpectations: failed) {
                try AtomicFile.write(
                    ResultJSON.render(outcome.report).utf8, to: folder.resultPath(cell, plan: plan))
            }
            return stored.map { SweepMetric(name: $0.name, value: $0.value, unit: $0.unit.rawValue) }
        } catch {
            throw SweepError(error.description)
        }
    }

    /// Commits finished cells (their `result.json` already in place) in one transaction.
    private static func record(
        _ cells: [Finished], in folder: SweepFolder, plan: SweepPlan
    ) throws(SweepError) {
        do {
            try folder.store.record(cells)
        } catch {
            let named = cells.count == 1 ? plan.name(of: cells[0].cell) : "\(cells.count) cells"
            throw SweepError("\(folder.path)/\(SweepFolder.databaseFile): \(named) not recorded: \(error)")
        }
    }
}
