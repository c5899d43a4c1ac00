/// When a sweep commits its finished cells to `sweep.sqlite`: several cells in one transaction,
/// so the database pages a commit rewrites are written once for many cells, yet soon enough
/// that a kill loses little. A cell killed before its commit is run again on `--resume` and
/// writes the same bytes, so the pacing changes how much a kill costs, never a result.
///
/// The waiting cells are committed as soon as their runs took `seconds` together, or the first
/// of them has waited `seconds`, or `cells` wait: a kill loses at most `seconds` of runs. A cell
/// slower than that is committed on its own, as soon as it finishes.
///
/// Committing every tiny cell alone wrote about 400 kB to the WAL per cell (each of its 57
/// metrics lands on its own index page), which made the million-cell sweep write-bound.
public struct CommitPacing: Sendable {
    /// Commit when this many cells wait.
    public var cells: Int
    /// Commit when the waiting cells' runs took this long together, or the first of them has
    /// waited this long, in seconds.
    public var seconds: Double
    /// Seconds elapsed on a monotonic clock, from the shell (the sweep itself reads no clock).
    public var elapsedSeconds: @Sendable () -> Double

    /// Creates a pacing.
    public init(cells: Int, seconds: Double, elapsedSeconds: @escaping @Sendable () -> Double) {
        precondition(cells >= 1, "a commit holds at least one cell")
        self.cells = cells
        self.seconds = seconds
        self.elapsedSeconds = elapsedSeconds
    }

    /// Each cell committed on its own, as soon as it is finished.
    public static let everyCell = CommitPacing(cells: 1, seconds: 0, elapsedSeconds: { 0 })

    /// Whether `waiting` cells, whose runs took `work` seconds together and the first of which
    /// finished at `since`, are due.
    func isDue(waiting: Int, work: Double, since: Double) -> Bool {
        waiting >= cells || work >= seconds || elapsedSeconds() - since >= seconds
    }
}
