import GRDB

/// The workbench's SQLite databases: what each holds, how it is recognised, how it migrates, and
/// whether it may be thrown away.
public enum DatabaseKind: String, Sendable, CaseIterable {
    /// Watchlist and portfolio: the user's data. Never deleted.
    case appData = "app data"
    /// The persistent chart cache: disposable, rebuilt when damaged.
    case chartCache = "chart cache"
    /// The run history (`workbench history`). Never deleted.
    case runHistory = "run history"
    /// A sweep's cells and their metrics (`sweep.sqlite` in a sweep folder). Never deleted by
    /// opening: a damaged one is an error, and `sweep --force` starts the folder over.
    case sweep = "sweep"

    /// The `PRAGMA application_id` that marks the workbench's files ("BPWA", "BPWC", "BPWH", "BPWS").
    var applicationID: Int32 {
        switch self {
        case .appData: 0x4250_5741
        case .chartCache: 0x4250_5743
        case .runHistory: 0x4250_5748
        case .sweep: 0x4250_5753
        }
    }

    /// Whether a damaged or foreign file may be replaced by an empty database.
    var isDisposable: Bool { self == .chartCache }

    /// The schema's migrations, oldest first. Migrations are append-only: a released one is never
    /// edited, a change is a new one.
    var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        switch self {
        case .appData: AppDataSchema.register(in: &migrator)
        case .chartCache: ChartCacheSchema.register(in: &migrator)
        case .runHistory: RunHistorySchema.register(in: &migrator)
        case .sweep: SweepSchema.register(in: &migrator)
        }
        return migrator
    }
}
