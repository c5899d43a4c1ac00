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
            var row = PriceAlertRow(alert)
            try row.insert(db)
            var stored = alert
            stored.id = row.id!
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
        try change(id) { db in
            try PriceAlertRow.filter(key: id).updateAll(db, Column("enabled").set(to: enabled))
        }
    }

    /// Records that an alert fired.
    ///
    /// - Parameters:
    ///   - id: The alert.
    ///   - time: When, epoch ms.
    /// - Throws: ``StoreError/Kind/notFound(_:)`` for an unknown id.
    public func recordFiring(id: Int64, at time: Int64) throws(StoreError) {
        try change(id) { db in
            try PriceAlertRow.filter(key: id).updateAll(db, Column("last_fired_at").set(to: time))
        }
    }

    /// Deletes an alert.
    ///
    /// - Parameter id: The alert.
    /// - Throws: ``StoreError/Kind/notFound(_:)`` for an unknown id.
    public func remove(id: Int64) throws(StoreError) {
        try change(id) { db in try PriceAlertRow.deleteOne(db, key: id) ? 1 : 0 }
    }

    /// Runs a change to one alert; no row changed means no such alert.
    private func change(_ id: Int64, _ body: (Database) throws -> Int) throws(StoreError) {
        try database.write { db in
            guard try body(db) == 1 else {
                throw StoreError(.notFound("price alert \(id)"), path: database.path)
            }
        }
    }

    private func rows() throws(StoreError) -> [(alert: PriceAlert, lastFiredAt: Int64?)] {
        let path = database.path
        return try database.read { db in
            try PriceAlertRow.order(Column("id")).fetchAll(db).map { row throws(StoreError) in
                (try row.alert(path: path), row.lastFiredAt)
            }
        }
    }
}
