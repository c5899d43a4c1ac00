import GRDB

/// A row of the `run` table.
struct RunRow: Codable, FetchableRecord, MutablePersistableRecord, SnakeCaseColumns {
    static let databaseTableName = "run"

    var id: Int64?
    var scenario: String
    var scenarioHash: String
    /// The seed's bits: SQLite integers are signed.
    var seed: Int64
    var codeVersion: String
    var recordedAt: Int64
    var output: String?

    init(_ run: RunRecord) {
        (id, scenario, scenarioHash, seed) = (
            nil, run.scenario, run.scenarioHash, Int64(bitPattern: run.seed)
        )
        (codeVersion, recordedAt, output) = (run.codeVersion, run.recordedAt, run.output)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A row of the `run_metric` table: one metric of one run.
struct RunMetricRow: Codable, FetchableRecord, PersistableRecord, SnakeCaseColumns {
    static let databaseTableName = "run_metric"

    var runId: Int64
    var name: String
    var value: Double
    /// Nil for runs recorded before units were.
    var unit: String?
}
