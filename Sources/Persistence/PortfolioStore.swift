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
            var row = PortfolioTransactionRow(transaction)
            try row.insert(db)
            var stored = transaction
            stored.id = row.id
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
            guard let coinId = try PortfolioTransactionRow.fetchOne(db, key: id)?.coinId else {
                throw StoreError(.notFound("portfolio transaction \(id)"), path: database.path)
            }
            let existing = try Self.transactions(db, coinId: coinId, path: database.path)
            try PortfolioLedger.validateRemoving(id: id, from: existing)
            try PortfolioTransactionRow.deleteOne(db, key: id)
        }
    }

    private static func transactions(_ db: Database, coinId: String?, path: String) throws
        -> [PortfolioTransaction]
    {
        var request = PortfolioTransactionRow.order(Column("time"), Column("id"))
        if let coinId { request = request.filter(Column("coin_id") == coinId) }
        return try request.fetchAll(db).map { row throws(StoreError) in try row.transaction(path: path) }
    }
}
