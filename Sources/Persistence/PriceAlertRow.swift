import GRDB
import TrackerCore

/// A row of the `price_alert` table.
struct PriceAlertRow: Codable, FetchableRecord, MutablePersistableRecord, SnakeCaseColumns {
    static let databaseTableName = "price_alert"

    var id: Int64?
    var coinId: String
    var condition: String
    var target: Double
    var enabled: Bool
    var cooldownMs: Int64
    var retrigger: String
    var lastFiredAt: Int64?

    init(_ alert: PriceAlert) {
        (id, coinId, condition, target) = (nil, alert.coinId, alert.condition.rawValue, alert.target)
        (enabled, cooldownMs, retrigger) = (
            alert.isEnabled, alert.cooldownMilliseconds, alert.retrigger.rawValue
        )
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The alert, refusing a condition or retrigger the store never writes.
    ///
    /// - Parameter path: The database, for errors.
    func alert(path: String) throws(StoreError) -> PriceAlert {
        let id = self.id ?? 0
        guard let condition = PriceAlert.Condition(rawValue: condition),
            let retrigger = PriceAlert.Retrigger(rawValue: retrigger)
        else {
            throw StoreError(
                .invalidStoredValue(
                    "price alert \(id) condition \"\(condition)\" retrigger \"\(retrigger)\""),
                path: path)
        }
        return PriceAlert(
            id: id, coinId: coinId, condition: condition, target: target, isEnabled: enabled,
            cooldownMilliseconds: cooldownMs, retrigger: retrigger)
    }
}
