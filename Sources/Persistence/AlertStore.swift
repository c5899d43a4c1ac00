import GRDB
import TrackerCore

/// Price alerts, persisted with each alert's last firing time (the app keeps `lastTriggered`, so
/// the one-hour cooldown survives a restart).
public struct AlertStore: Sendable {
    /// The database (of kind ``DatabaseKind/appData``).
    public let database: WorkbenchDatabase

    /// Creates the store.
    ///
    /// - Parameter database: An app-data database.
    public init(database: WorkbenchDatabase) {
        precondition(database.kind == .appData, "price alerts live in the app-data database")
        self.database = database
    }

    /// Every alert, by id.
    ///
    /// - Throws: ``StoreError`` if a stored row cannot be read back.
    public func alerts() throws(StoreError) -> [PriceAlert] {
        try rows().map(\.alert)
    }

    /// The last firing time of every alert that has fired, by id: pass it to
    /// `AlertEvaluator(alerts:lastFiredAt:)`.
    public func lastFiredAt() throws(StoreError) -> [Int64: Int64] {
        Dictionary(
            uniqueKeysWithValues: try rows().compactMap { row in row.lastFiredAt.map { (row.alert.id, $0) } })
    }

    /// Stores a new alert after validating it.
    ///
    /// - Parameter alert: The alert; its `id` is ignored.
    /// - Returns: The alert with its new id.
    /// - Throws: ``AlertError`` for an invalid alert (nothing is stored), ``StoreError``.
    public func add(_ alert: PriceAlert) throws -> PriceAlert {
        try alert.validate()
        return try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO price_alert (coin_id, condition, target, enabled, cooldown_ms, retrigger)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    alert.coinId, alert.condition.rawValue, alert.target, alert.isEnabled,
                    alert.cooldownMilliseconds, alert.retrigger.rawValue,
                ])
            var stored = alert
            stored.id = db.lastInsertedRowID
            return stored
        }
    }

    /// Turns an alert on or off.
    ///
    /// - Parameters:
    ///   - id: The alert.
    ///   - enabled: On or off.
    /// - Throws: ``StoreError/Kind/notFound(_:)`` for an unknown id.
    public func setEnabled(id: Int64, _ enabled: Bool) throws(StoreError) {
        try update("UPDATE price_alert SET enabled = ? WHERE id = ?", [enabled, id], id: id)
    }

    /// Records that an alert fired.
    ///
    /// - Parameters:
    ///   - id: The alert.
    ///   - time: When, epoch ms.
    /// - Throws: ``StoreError/Kind/notFound(_:)`` for an unknown id.
    public func recordFiring(id: Int64, at time: Int64) throws(StoreError) {
        try update("UPDATE price_alert SET last_fired_at = ? WHERE id = ?", [time, id], id: id)
    }

    /// Deletes an alert.
    ///
    /// - Parameter id: The alert.
    /// - Throws: ``StoreError/Kind/notFound(_:)`` for an unknown id.
    public func remove(id: Int64) throws(StoreError) {
        try update("DELETE FROM price_alert WHERE id = ?", [id], id: id)
    }

    private func update(_ sql: String, _ arguments: StatementArguments, id: Int64) throws(StoreError) {
        try database.write { db in
            try db.execute(sql: sql, arguments: arguments)
            guard db.changesCount == 1 else {
                throw StoreError(.notFound("price alert \(id)"), path: database.path)
            }
        }
    }

    private func rows() throws(StoreError) -> [(alert: PriceAlert, lastFiredAt: Int64?)] {
        let path = database.path
        return try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, coin_id, condition, target, enabled, cooldown_ms, retrigger, last_fired_at
                    FROM price_alert ORDER BY id
                    """
            ).map { row in
                let id: Int64 = row["id"]
                let conditionText: String = row["condition"]
                let retriggerText: String = row["retrigger"]
                guard let condition = PriceAlert.Condition(rawValue: conditionText),
                    let retrigger = PriceAlert.Retrigger(rawValue: retriggerText)
                else {
                    throw StoreError(
                        .invalidStoredValue(
                            "price alert \(id) condition \"\(conditionText)\" retrigger \"\(retriggerText)\""),
                        path: path)
                }
                let alert = PriceAlert(
                    id: id, coinId: row["coin_id"], condition: condition, target: row["target"],
                    isEnabled: row["enabled"], cooldownMilliseconds: row["cooldown_ms"], retrigger: retrigger)
                return (alert, row["last_fired_at"])
            }
        }
    }
}
