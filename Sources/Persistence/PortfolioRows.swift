import Foundation
import GRDB
import TrackerCore

/// A row of the `portfolio_transaction` table: quantities and money as their `Decimal`'s exact
/// text.
struct PortfolioTransactionRow: Codable, FetchableRecord, MutablePersistableRecord, SnakeCaseColumns {
    static let databaseTableName = "portfolio_transaction"

    var id: Int64?
    var coinId: String
    var kind: String
    var quantity: String
    var price: String
    var fee: String
    var time: Int64

    init(_ transaction: PortfolioTransaction) {
        (id, coinId, kind, time) = (nil, transaction.coinId, transaction.kind.rawValue, transaction.time)
        (quantity, price, fee) = (
            transaction.quantity.description, transaction.price.description, transaction.fee.description
        )
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The transaction, refusing text that is not what the store writes.
    ///
    /// - Parameter path: The database, for errors.
    /// - Throws: ``StoreError`` with ``StoreError/Kind/invalidStoredValue(_:)``.
    func transaction(path: String) throws(StoreError) -> PortfolioTransaction {
        let id = self.id ?? 0
        func decimal(_ column: String, _ text: String) throws(StoreError) -> Decimal {
            // Stored text is always a Decimal's description, so it must read back to itself.
            guard let value = Decimal(string: text), !value.isNaN, value.description == text else {
                throw StoreError(.invalidStoredValue("transaction \(id) \(column) \"\(text)\""), path: path)
            }
            return value
        }
        guard let kind = PortfolioTransaction.Kind(rawValue: kind) else {
            throw StoreError(.invalidStoredValue("transaction \(id) kind \"\(self.kind)\""), path: path)
        }
        return PortfolioTransaction(
            id: id, coinId: coinId, kind: kind, quantity: try decimal("quantity", quantity),
            price: try decimal("price", price), fee: try decimal("fee", fee), time: time)
    }
}
