import Foundation
import GRDB
import TrackerCore

/// The portfolio's transactions, persisted. Quantities and money are stored as the exact decimal
/// text of their `Decimal` (never as floating point).
public struct PortfolioStore: Sendable {
    /// The database (of kind ``DatabaseKind/appData``).
    public let database: WorkbenchDatabase

    /// Creates the store.
    ///
    /// - Parameter database: An app-data database.
    public init(database: WorkbenchDatabase) {
        precondition(database.kind == .appData, "the portfolio lives in the app-data database")
        self.database = database
    }

    /// Every transaction, or one coin's, in time order (ties by id).
    ///
    /// - Parameter coinId: The coin, or nil for all.
    /// - Throws: ``StoreError`` if a stored number cannot be read back.
    public func transactions(coinId: String? = nil) throws(StoreError) -> [PortfolioTransaction] {
        try database.read { db in try Self.transactions(db, coinId: coinId, path: database.path) }
    }

    /// Appends a transaction after `PortfolioLedger.validateAppending` accepts it, in one write
    /// transaction: a refused transaction (selling more than was held at its time, a negative
    /// price, ...) stores nothing.
    ///
    /// - Parameter transaction: The transaction (its `id` is ignored).
    /// - Returns: The transaction with its new id.
    /// - Throws: `PortfolioError` when refused, ``StoreError`` when the database fails.
    public func append(_ transaction: PortfolioTransaction) throws -> PortfolioTransaction {
        try database.writePassingThrough { db in
            let existing = try Self.transactions(db, coinId: transaction.coinId, path: database.path)
            try PortfolioLedger.validateAppending(transaction, to: existing)
            try db.execute(
                sql: """
                    INSERT INTO portfolio_transaction (coin_id, kind, quantity, price, fee, time)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    transaction.coinId, transaction.kind.rawValue, transaction.quantity.description,
                    transaction.price.description, transaction.fee.description, transaction.time,
                ]
            )
            var stored = transaction
            stored.id = db.lastInsertedRowID
            return stored
        }
    }

    /// Deletes a transaction, unless a later sell needs the coins it bought.
    ///
    /// - Parameter id: Its id.
    /// - Throws: ``StoreError/Kind/notFound(_:)`` for an unknown id;
    ///   `PortfolioError.removalLeavesOversell` when refused (nothing is deleted).
    public func delete(id: Int64) throws {
        try database.writePassingThrough { db in
            guard
                let coinId = try String.fetchOne(
                    db, sql: "SELECT coin_id FROM portfolio_transaction WHERE id = ?", arguments: [id])
            else {
                throw StoreError(.notFound("portfolio transaction \(id)"), path: database.path)
            }
            let existing = try Self.transactions(db, coinId: coinId, path: database.path)
            try PortfolioLedger.validateRemoving(id: id, from: existing)
            try db.execute(sql: "DELETE FROM portfolio_transaction WHERE id = ?", arguments: [id])
        }
    }

    private static func transactions(_ db: Database, coinId: String?, path: String) throws
        -> [PortfolioTransaction]
    {
        let columns = "id, coin_id, kind, quantity, price, fee, time"
        let rows =
            if let coinId {
                try Row.fetchAll(
                    db,
                    sql: "SELECT \(columns) FROM portfolio_transaction WHERE coin_id = ? ORDER BY time, id",
                    arguments: [coinId]
                )
            } else {
                try Row.fetchAll(db, sql: "SELECT \(columns) FROM portfolio_transaction ORDER BY time, id")
            }
        return try rows.map { row in
            let id: Int64 = row["id"]
            func decimal(_ column: String) throws -> Decimal {
                let text: String = row[column]
                // Stored text is always a Decimal's description, so it must read back to itself.
                guard let value = Decimal(string: text), !value.isNaN, value.description == text else {
                    throw StoreError(
                        .invalidStoredValue("transaction \(id) \(column) \"\(text)\""), path: path)
                }
                return value
            }
            let kindText: String = row["kind"]
            guard let kind = PortfolioTransaction.Kind(rawValue: kindText) else {
                throw StoreError(
                    .invalidStoredValue("transaction \(id) kind \"\(kindText)\""), path: path)
            }
            return PortfolioTransaction(
                id: id,
                coinId: row["coin_id"],
                kind: kind,
                quantity: try decimal("quantity"),
                price: try decimal("price"),
                fee: try decimal("fee"),
                time: row["time"]
            )
        }
    }
}
