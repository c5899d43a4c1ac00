/// Which cells of a sweep keep their `result.json` (about 13 kB each). Every cell's metrics go to
/// `sweep.sqlite` whatever is kept, and the summary is computed from them there.
public enum KeptResults: String, Sendable, CaseIterable {
    /// Every cell's.
    case all
    /// Only the cells that did not meet an expectation: the ones to look into.
    case failed
    /// None.
    case none

    /// The most cells a process runs before the default keeps only the failed cells' results.
    public static let allUpTo = 1_000

    /// The default for a process that runs `cells` cells: every result up to ``allUpTo``, then
    /// only the failed cells' (100,000 cells would leave 1.3 GB of them).
    public static func byDefault(forCells cells: Int) -> KeptResults {
        cells <= allUpTo ? .all : .failed
    }

    /// Whether a cell's `result.json` is kept.
    ///
    /// - Parameter failedExpectations: How many expectations the cell did not meet.
    public func keeps(failedExpectations: Double) -> Bool {
        switch self {
        case .all: true
        case .failed: failedExpectations > 0
        case .none: false
        }
    }

    /// What the summary line says.
    public var sentence: String {
        switch self {
        case .all: "every cell's result.json kept"
        case .failed: "result.json kept for the cells that failed an expectation only"
        case .none: "no result.json kept"
        }
    }
}
