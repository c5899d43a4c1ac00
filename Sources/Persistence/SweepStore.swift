import GRDB
import TrackerCore
import WorkbenchFoundation

/// One cell of a sweep: a combination of the grid (its index in the plan) and a seed.
public struct SweepCell: Hashable, Sendable, Comparable {
    /// The combination's index in the sweep's plan.
    public var combination: Int
    /// The run's root seed.
    public var seed: UInt64

    /// Creates a cell.
    public init(combination: Int, seed: UInt64) {
        self.combination = combination
        self.seed = seed
    }

    /// Plan order: by combination, then seed.
    public static func < (lhs: SweepCell, rhs: SweepCell) -> Bool {
        (lhs.combination, lhs.seed) < (rhs.combination, rhs.seed)
    }
}

/// One metric of a finished cell.
public struct SweepMetric: Sendable, Equatable {
    /// The metric's stable name.
    public var name: String
    /// Its value.
    public var value: Double
    /// Its unit's name (`MetricUnit`'s raw value).
    public var unit: String

    /// Creates a metric.
    public init(name: String, value: Double, unit: String) {
        self.name = name
        self.value = value
        self.unit = unit
    }
}

/// A sweep's database: which cells are finished and their metrics, so a killed sweep resumes
/// where it stopped and the summaries are computed by SQL with bounded memory.
///
/// A cell is recorded in one transaction, after its `result.json` is in place: a cell the store
/// lists is finished on disk too.
public struct SweepStore: Sendable {
    /// The database (of kind ``DatabaseKind/sweep``).
    public let database: WorkbenchDatabase
    /// Each metric's id in `database`, as committed: names are never renumbered, so a sweep looks
    /// each up once instead of once per cell.
    private let committedMetricIDs = Locked<[String: Int64]>([:])

    /// Creates the store.
    ///
    /// - Parameter database: A sweep database.
    public init(database: WorkbenchDatabase) {
        precondition(database.kind == .sweep, "sweep cells live in a sweep database")
        self.database = database
    }

    /// Records finished cells and their metrics in one transaction, replacing what a cell had.
    /// A NaN value is left out (SQLite cannot store it); percentiles are over the defined values.
    ///
    /// A cell costs a key look-up and one insert per metric, through prepared statements kept by
    /// the connection; a metric's id is looked up once per store (``committedMetricIDs``).
    ///
    /// - Parameter cells: The cells and their metrics.
    public func record(_ cells: [(cell: SweepCell, metrics: [SweepMetric])]) throws(StoreError) {
        let known = committedMetricIDs.withLock { $0 }
        let learned = try database.write { db -> [String: Int64] in
            var ids = known
            let isRecorded = try db.cachedStatement(
                sql: "SELECT 1 FROM cell WHERE combination = ? AND seed = ?")
            let insertCell = try db.cachedStatement(sql: "INSERT INTO cell (combination, seed) VALUES (?, ?)")
            let insertValue = try db.cachedStatement(
                sql: "INSERT INTO cell_metric (combination, metric_id, value, seed) VALUES (?, ?, ?, ?)")
            for (cell, metrics) in cells {
                let key: StatementArguments = [cell.combination, Int64(bitPattern: cell.seed)]
                // A cell already recorded (copied twice) loses its old rows first. The check is a
                // key look-up; the delete scans the combination, so it runs only when needed
                // (running it for every cell made a sweep quadratic in its seeds).
                if try Bool.fetchOne(isRecorded, arguments: key) ?? false {
                    try db.execute(
                        sql: "DELETE FROM cell_metric WHERE combination = ? AND seed = ?", arguments: key)
                } else {
                    try insertCell.execute(arguments: key)
                }
                for metric in metrics where !metric.value.isNaN {
                    let id = try ids[metric.name] ?? Self.metricID(metric, in: db)
                    ids[metric.name] = id
                    try insertValue.execute(
                        arguments: [cell.combination, id, metric.value, Int64(bitPattern: cell.seed)])
                }
            }
            return ids
        }
        // Only ids whose rows are committed are remembered: a rolled-back transaction's are not.
        committedMetricIDs.withLock { $0.merge(learned) { old, _ in old } }
    }

    /// Copies every cell and metric of another sweep database into this one, in SQL: the other
    /// file is attached and read in one pass of `INSERT ... SELECT`, in bounded memory, whatever
    /// its size. Metrics are matched by name (each file numbers its own). A cell both hold is a
    /// constraint failure, and nothing is copied.
    ///
    /// - Parameter path: The other sweep database.
    public func absorb(databaseAt path: String) throws(StoreError) {
        try database.writeWithoutTransaction { db in
            try db.execute(sql: "ATTACH DATABASE ? AS other", arguments: [path])
            defer { try? db.execute(sql: "DETACH DATABASE other") }
            try db.inTransaction {
                try db.execute(
                    sql: """
                        INSERT INTO metric (name, unit) SELECT name, unit FROM other.metric WHERE true ORDER BY name
                        ON CONFLICT(name) DO NOTHING
                        """)
                try db.execute(
                    sql: "INSERT INTO cell (combination, seed) SELECT combination, seed FROM other.cell")
                try db.execute(
                    sql: """
                        INSERT INTO cell_metric (combination, metric_id, value, seed)
                        SELECT value_row.combination, mine.id, value_row.value, value_row.seed
                        FROM other.cell_metric AS value_row
                        JOIN other.metric AS theirs ON theirs.id = value_row.metric_id
                        JOIN main.metric AS mine ON mine.name = theirs.name
                        """)
                return .commit
            }
        }
    }

    /// The finished cells after `cell` in key order, at most `limit` (without their metrics).
    public func cellKeys(after cell: SweepCell?, limit: Int) throws(StoreError) -> [SweepCell] {
        try database.read { db in
            let start: (Int, Int64) = cell.map { ($0.combination, Int64(bitPattern: $0.seed)) } ?? (-1, .min)
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT combination, seed FROM cell WHERE (combination, seed) > (?, ?)
                    ORDER BY combination, seed LIMIT ?
                    """, arguments: [start.0, start.1, limit]
            ).map { SweepCell(combination: $0[0], seed: UInt64(bitPattern: $0[1])) }
        }
    }

    /// How many cells are finished.
    public func cellCount() throws(StoreError) -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM cell") ?? 0 }
    }

    /// Whether a cell is finished.
    public func contains(_ cell: SweepCell) throws(StoreError) -> Bool {
        try database.read { db in
            try Bool.fetchOne(
                db, sql: "SELECT 1 FROM cell WHERE combination = ? AND seed = ?",
                arguments: [cell.combination, Int64(bitPattern: cell.seed)]) ?? false
        }
    }

    /// Every finished cell.
    public func finishedCells() throws(StoreError) -> Set<SweepCell> {
        try database.read { db in
            var cells = Set<SweepCell>()
            let rows = try Row.fetchCursor(db, sql: "SELECT combination, seed FROM cell")
            while let row = try rows.next() {
                cells.insert(SweepCell(combination: row[0], seed: UInt64(bitPattern: row[1])))
            }
            return cells
        }
    }

    /// Finished cells in plan order after `cell` (from the first when nil), at most `limit`, with
    /// their metrics: the way to copy a store in bounded memory.
    ///
    /// - Parameters:
    ///   - cell: The last cell already read, or nil.
    ///   - limit: How many cells at most.
    public func cells(after cell: SweepCell?, limit: Int) throws(StoreError)
        -> [(cell: SweepCell, metrics: [SweepMetric])]
    {
        try database.read { db in
            // Paged in SQL's order of the stored bit patterns; the first page starts below all.
            let start: (Int, Int64) = cell.map { ($0.combination, Int64(bitPattern: $0.seed)) } ?? (-1, .min)
            let cells = try Row.fetchAll(
                db,
                sql: """
                    SELECT combination, seed FROM cell WHERE (combination, seed) > (?, ?)
                    ORDER BY combination, seed LIMIT ?
                    """, arguments: [start.0, start.1, limit]
            ).map { SweepCell(combination: $0[0], seed: UInt64(bitPattern: $0[1])) }
            return try cells.map { cell in
                let metrics = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT metric.name, cell_metric.value, metric.unit FROM cell_metric
                        JOIN metric ON metric.id = cell_metric.metric_id
                        WHERE combination = ? AND seed = ? ORDER BY metric.name
                        """, arguments: [cell.combination, Int64(bitPattern: cell.seed)]
                ).map { SweepMetric(name: $0[0], value: $0[1], unit: $0[2] ?? "") }
                return (cell, metrics)
            }
        }
    }

    /// Nearest-rank percentiles (``NearestRank``) of each metric's values across one
    /// combination's finished cells, read from the ordered key: no value list is loaded.
    ///
    /// - Parameters:
    ///   - combination: The combination's index.
    ///   - fractions: The percentiles wanted, each in 0...1.
    /// - Returns: Each metric the combination has, by name, with one value per fraction.
    public func percentiles(combination: Int, fractions: [Double]) throws(StoreError) -> [(
        name: String, values: [Double]
    )] {
        try database.read { db in
            let counts = try Row.fetchAll(
                db,
                sql: """
                    SELECT metric.id, metric.name, COUNT(*) FROM cell_metric
                    JOIN metric ON metric.id = cell_metric.metric_id
                    WHERE combination = ? GROUP BY metric.id ORDER BY metric.name
                    """, arguments: [combination])
            return try counts.map { row in
                let (id, name, count): (Int64, String, Int) = (row[0], row[1], row[2])
                let values = try fractions.map { fraction in
                    try Double.fetchOne(
                        db,
                        sql: """
                            SELECT value FROM cell_metric WHERE combination = ? AND metric_id = ?
                            ORDER BY value LIMIT 1 OFFSET ?
                            """,
                        arguments: [combination, id, NearestRank.index(count: count, fraction)]) ?? .nan
                }
                return (name, values)
            }
        }
    }

    /// A combination's cells, and the seeds of those whose metric `name` is above 0, in seed
    /// order (at most `limit` of them).
    ///
    /// - Parameters:
    ///   - combination: The combination.
    ///   - name: A metric that counts failures.
    ///   - limit: The most seeds returned.
    /// - Returns: The cells, how many have the metric above 0, and the first of their seeds.
    public func cells(combination: Int, withPositive name: String, limit: Int) throws(StoreError)
        -> (cells: Int, positive: Int, seeds: [UInt64])
    {
        try database.read { db in
            let cells =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM cell WHERE combination = ?", arguments: [combination])
                ?? 0
            let filter = """
                FROM cell_metric JOIN metric ON metric.id = cell_metric.metric_id
                WHERE cell_metric.combination = ? AND metric.name = ? AND cell_metric.value > 0
                """
            let positive =
                try Int.fetchOne(db, sql: "SELECT COUNT(*) \(filter)", arguments: [combination, name]) ?? 0
            let seeds = try Int64.fetchAll(
                db, sql: "SELECT cell_metric.seed \(filter) ORDER BY cell_metric.seed LIMIT ?",
                arguments: [combination, name, limit])
            return (cells, positive, seeds.map { UInt64(bitPattern: $0) })
        }
    }

    /// Each metric's unit by name.
    public func units() throws(StoreError) -> [String: String] {
        try database.read { db in
            var units: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT name, unit FROM metric") {
                units[row[0]] = row[1]
            }
            return units
        }
    }

    private static func metricID(_ metric: SweepMetric, in db: Database) throws -> Int64 {
        try db.execute(
            sql: "INSERT INTO metric (name, unit) VALUES (?, ?) ON CONFLICT(name) DO NOTHING",
            arguments: [metric.name, metric.unit])
        return try Int64.fetchOne(db, sql: "SELECT id FROM metric WHERE name = ?", arguments: [metric.name])!
    }
}
