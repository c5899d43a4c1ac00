import GRDB

/// The watchlist and portfolio tables: what the app's SwiftData container keeps of them. A
/// price-alert table, created by `v2-price-alert` and never read, is dropped by `v3-no-price-alert`
/// (price alerts are a workbench extension the published app does not store).
enum AppDataSchema {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v1-watchlist") { db in
            try db.create(table: "watchlist") { table in
                table.primaryKey("coin_id", .text)
                table.column("position", .integer).notNull()
                table.column("added_at", .integer).notNull()
            }
        }
        migrator.registerMigration("v1-portfolio") { db in
            try db.create(table: "portfolio_transaction") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("coin_id", .text).notNull().indexed()
                table.column("kind", .text).notNull().check { ["buy", "sell"].contains($0) }
                table.column("quantity", .text).notNull()
                table.column("price", .text).notNull()
                table.column("fee", .text).notNull()
                table.column("time", .integer).notNull()
            }
        }
        migrator.registerMigration("v2-price-alert") { db in
            try db.create(table: "price_alert") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("coin_id", .text).notNull().indexed()
                table.column("condition", .text).notNull().check { ["above", "below"].contains($0) }
                table.column("target", .double).notNull().check { $0 > 0 }
                table.column("enabled", .boolean).notNull()
                table.column("cooldown_ms", .integer).notNull().check { $0 >= 0 }
                table.column("retrigger", .text).notNull().check { ["cooldown", "crossing"].contains($0) }
                table.column("last_fired_at", .integer)
            }
        }
        migrator.registerMigration("v3-no-price-alert") { db in
            try db.drop(table: "price_alert")
        }
    }
}

/// The persistent chart cache. v2 records what an entry holds (processed points or a raw
/// response), so a cache written in one mode is not read in the other.
enum ChartCacheSchema {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v1-chart-cache") { db in
            try db.create(table: "chart_cache") { table in
                table.primaryKey("key", .text)
                table.column("payload", .blob).notNull()
                table.column("stored_at", .integer).notNull()
                table.column("ttl_ms", .integer).notNull()
            }
        }
        migrator.registerMigration("v2-chart-cache-content") { db in
            try db.alter(table: "chart_cache") { table in
                table.add(column: "content", .text).notNull().defaults(to: "processed")
            }
            try db.create(index: "chart_cache_stored_at", on: "chart_cache", columns: ["stored_at"])
        }
    }
}

/// Runs and their metrics.
enum RunHistorySchema {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v1-runs") { db in
            try db.create(table: "run") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("scenario", .text).notNull()
                table.column("scenario_hash", .text).notNull()
                table.column("seed", .integer).notNull()
                table.column("code_version", .text).notNull()
                table.column("recorded_at", .integer).notNull()
                table.column("output", .text)
            }
            try db.create(table: "run_metric") { table in
                table.column("run_id", .integer).notNull().references("run", onDelete: .cascade)
                table.column("name", .text).notNull()
                table.column("value", .double).notNull()
                table.primaryKey(["run_id", "name"])
            }
        }
        migrator.registerMigration("v2-metric-units") { db in
            try db.alter(table: "run_metric") { table in table.add(column: "unit", .text) }
        }
    }
}

/// A sweep's finished cells and their metrics. `cell_metric` is keyed by (combination, metric,
/// value, seed) without a row id, so one combination's values of one metric are read in order
/// straight from the key: a percentile is an `OFFSET` into it, whatever the number of seeds.
enum SweepSchema {
    static func register(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v1-sweep") { db in
            try db.create(table: "metric") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("name", .text).notNull().unique()
                table.column("unit", .text)
            }
            try db.create(table: "cell", options: [.withoutRowID]) { table in
                table.column("combination", .integer).notNull()
                table.column("seed", .integer).notNull()
                table.primaryKey(["combination", "seed"])
            }
            try db.create(table: "cell_metric", options: [.withoutRowID]) { table in
                table.column("combination", .integer).notNull()
                table.column("metric_id", .integer).notNull().references("metric")
                table.column("value", .double).notNull()
                table.column("seed", .integer).notNull()
                table.primaryKey(["combination", "metric_id", "value", "seed"])
            }
        }
    }
}
