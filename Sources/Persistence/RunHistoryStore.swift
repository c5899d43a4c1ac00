import GRDB

/// One stored run: what ran, with which seed and code, and its metrics.
public struct RunRecord: Sendable, Equatable {
    /// The store's id, nil until stored.
    public var id: Int64?
    /// The scenario's name.
    public var scenario: String
    /// The hash of the scenario file's bytes.
    public var scenarioHash: String
    /// The run's root seed.
    public var seed: UInt64
    /// The workbench's version (`git describe`).
    public var codeVersion: String
    /// When the run was recorded, epoch ms (wall clock, passed in by the CLI).
    public var recordedAt: Int64
    /// Where its outputs were written, if anywhere.
    public var output: String?
    /// Metrics by their stable names (`rate_limit.max_per_minute`).
    public var metrics: [String: Double]
    /// Each metric's unit by name (`MetricUnit`'s raw value: `count`, `ratio`, `seconds`...);
    /// missing for runs recorded before units were.
    public var units: [String: String]

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - id: The store's id, nil for a new run.
    ///   - scenario: The scenario's name.
    ///   - scenarioHash: The scenario file's hash.
    ///   - seed: The root seed.
    ///   - codeVersion: The workbench version.
    ///   - recordedAt: When, epoch ms.
    ///   - output: The output directory.
    ///   - metrics: The metrics.
    ///   - units: The metrics' units by name.
    public init(
        id: Int64? = nil,
        scenario: String,
        scenarioHash: String,
        seed: UInt64,
        codeVersion: String,
        recordedAt: Int64,
        output: String? = nil,
        metrics: [String: Double],
        units: [String: String] = [:]
    ) {
        self.id = id
        self.scenario = scenario
        self.scenarioHash = scenarioHash
        self.seed = seed
        self.codeVersion = codeVersion
        self.recordedAt = recordedAt
        self.output = output
        self.metrics = metrics
        self.units = units
    }
}

/// The run history: every run and its metrics, for `workbench history` and `compare`.
public struct RunHistoryStore: Sendable {
    /// The database (of kind ``DatabaseKind/runHistory``).
    public let database: WorkbenchDatabase

    /// Creates the store.
    ///
    /// - Parameter database: A run-history database.
    public init(database: WorkbenchDatabase) {
        precondition(database.kind == .runHistory, "runs live in the run-history database")
        self.database = database
    }

    /// Stores a run and its metrics in one transaction.
    ///
    /// - Parameter run: The run (its `id` is ignored).
    /// - Returns: The run with its new id.
    @discardableResult
    public func record(_ run: RunRecord) throws(StoreError) -> RunRecord {
        try database.write { db in
            var row = RunRow(run)
            try row.insert(db)
            var stored = run
            stored.id = row.id
            for name in run.metrics.keys.sorted() {
                try RunMetricRow(runId: row.id!, name: name, value: run.metrics[name]!, unit: run.units[name])
                    .insert(db)
            }
            return stored
        }
    }

    /// The latest runs, newest first, optionally of one scenario.
    ///
    /// - Parameters:
    ///   - scenario: The scenario name, or nil for all.
    ///   - limit: The most runs returned.
    public func runs(scenario: String? = nil, limit: Int = 50) throws(StoreError) -> [RunRecord] {
        try fetch { db in
            var request = RunRow.order(Column("recorded_at").desc, Column("id").desc).limit(limit)
            if let scenario { request = request.filter(Column("scenario") == scenario) }
            return try request.fetchAll(db)
        }
    }

    /// The names of the scenarios with at least one run, sorted.
    public func scenarioNames() throws(StoreError) -> [String] {
        try database.read { db in
            try RunRow.select(Column("scenario"), as: String.self).distinct().order(Column("scenario"))
                .fetchAll(db)
        }
    }

    /// One run by id.
    ///
    /// - Parameter id: The run's id.
    /// - Throws: ``StoreError/Kind/notFound(_:)`` for an unknown id.
    public func run(id: Int64) throws(StoreError) -> RunRecord {
        guard let run = try fetch({ db in try RunRow.fetchOne(db, key: id).map { [$0] } ?? [] }).first else {
            throw StoreError(.notFound("run \(id)"), path: database.path)
        }
        return run
    }

    /// The runs `rows` selects, each with its metrics.
    private func fetch(_ rows: (Database) throws -> [RunRow]) throws(StoreError) -> [RunRecord] {
        try database.read { db in
            try rows(db).map { row in
                let metrics = try RunMetricRow.filter(Column("run_id") == row.id).fetchAll(db)
                return RunRecord(
                    id: row.id, scenario: row.scenario, scenarioHash: row.scenarioHash,
                    seed: UInt64(bitPattern: row.seed), codeVersion: row.codeVersion,
                    recordedAt: row.recordedAt,
                    output: row.output,
                    metrics: Dictionary(uniqueKeysWithValues: metrics.map { ($0.name, $0.value) }),
                    units: metrics.reduce(into: [:]) { units, metric in units[metric.name] = metric.unit })
            }
        }
    }
}
