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
            let isRecorded = try db.cachedStatement(sql: Self.isRecordedSQL)
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

    /// Whether a cell is recorded: a key look-up.
    private static let isRecordedSQL = "SELECT 1 FROM cell WHERE combination = ? AND seed = ?"

    /// The most databases ``absorb(databasesAt:)`` takes at once: SQLite attaches at most 10.
    public static let maximumAbsorbed = 10

    /// Copies every cell and metric of other sweep databases into this one, in SQL and in key
    /// order: the files are attached, and each (combination, metric)'s values are read from all
    /// of them at once, merged by `ORDER BY`, so into an empty store every row is appended
    /// (inserting one file after another landed each row at a random place in a growing index:
    /// 9 shards of 100,000 cells, 100 s one after another, 32 s together). Bounded memory
    /// whatever the sizes. Metrics are matched by name (each file numbers its own). A cell two
    /// files hold is a constraint failure, and nothing is copied.
    ///
    /// - Parameter paths: The other databases, at most ``maximumAbsorbed``.
    public func absorb(databasesAt paths: [String]) throws(StoreError) {
        precondition(paths.count <= Self.maximumAbsorbed, "SQLite attaches at most 10 databases")
        let shards = paths.indices.map { "shard\($0)" }
        try database.writeWithoutTransaction { db in
            for (path, shard) in zip(paths, shards) {
                try db.execute(sql: "ATTACH DATABASE ? AS \(shard)", arguments: [path])
            }
            defer { for shard in shards { try? db.execute(sql: "DETACH DATABASE \(shard)") } }
            try db.inTransaction {
                try Self.copyInKeyOrder(from: shards, in: db)
                return .commit
            }
        }
    }

    private static func copyInKeyOrder(from shards: [String], in db: Database) throws {
        for shard in shards {
            try db.execute(
                sql: """
                    INSERT INTO metric (name, unit) SELECT name, unit FROM \(shard).metric WHERE true ORDER BY name
                    ON CONFLICT(name) DO NOTHING
                    """)
        }
        let cells = shards.map { "SELECT combination, seed FROM \($0).cell" }.joined(separator: " UNION ALL ")
        try db.execute(
            sql: "INSERT INTO cell (combination, seed) SELECT * FROM (\(cells)) ORDER BY combination, seed")
        let combinations = try Int.fetchAll(
            db, sql: "SELECT DISTINCT combination FROM main.cell ORDER BY combination")
        let metrics = try Row.fetchAll(db, sql: "SELECT id, name FROM main.metric ORDER BY id")
        for metric in metrics {
            let (mine, name): (Int64, String) = (metric[0], metric[1])
            // Each file's own id for the metric, where it has it.
            let theirs = try shards.compactMap { shard in
                try Int64.fetchOne(
                    db, sql: "SELECT id FROM \(shard).metric WHERE name = ?", arguments: [name]
                )
                .map { (shard, $0) }
            }
            for combination in combinations {
                let values = theirs.map { shard, id in
                    "SELECT value, seed FROM \(shard).cell_metric WHERE combination = \(combination) AND metric_id = \(id)"
                }.joined(separator: " UNION ALL ")
                try db.execute(
                    sql: """
                        INSERT INTO cell_metric (combination, metric_id, value, seed)
                        SELECT \(combination), \(mine), value, seed FROM (\(values)) ORDER BY value, seed
                        """)
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

    /// Whether a cell is finished.
    public func contains(_ cell: SweepCell) throws(StoreError) -> Bool {
        try database.read { db in
            try Bool.fetchOne(
                db, sql: Self.isRecordedSQL, arguments: [cell.combination, Int64(bitPattern: cell.seed)])
                ?? false
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
            // Counted from the key alone, then named: joining every row to its metric took
            // 19 s of a million-cell merge's summary, this 3 s.
            let counts = try Row.fetchAll(
                db,
                sql: """
                    SELECT metric.id, metric.name, counted.count FROM (
                        SELECT metric_id, COUNT(*) AS count FROM cell_metric WHERE combination = ? GROUP BY metric_id
                    ) AS counted JOIN metric ON metric.id = counted.metric_id ORDER BY metric.name
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
