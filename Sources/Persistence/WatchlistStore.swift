import GRDB
import TrackerCore

/// The watchlist, persisted: coins in the user's order.
///
/// Positions are kept dense (0, 1, 2, ...) by every change, inside one transaction, so a crash
/// never leaves two coins at one position. All SQL takes its values as arguments.
public struct WatchlistStore: Sendable {
    /// The database (of kind ``DatabaseKind/appData``).
    public let database: WorkbenchDatabase

    /// Creates the store.
    ///
    /// - Parameter database: An app-data database.
    public init(database: WorkbenchDatabase) {
        precondition(database.kind == .appData, "the watchlist lives in the app-data database")
        self.database = database
    }

    /// The entries in the user's order.
    public func entries() throws(StoreError) -> [WatchlistEntry] {
        try database.read { db in try Self.entries(db) }
    }

    /// Appends a coin at the end.
    ///
    /// - Parameters:
    ///   - coinId: The coin.
    ///   - time: When it was added.
    /// - Returns: The new entry.
    /// - Throws: ``StoreError/Kind/alreadyExists(_:)`` if the coin is on the list already;
    ///   nothing is stored then.
    @discardableResult
    public func add(coinId: String, at time: Int64) throws(StoreError) -> WatchlistEntry {
        try database.write { db in
            if try WatchlistRow.exists(db, key: coinId) {
                throw StoreError(.alreadyExists("watchlist coin \"\(coinId)\""), path: database.path)
            }
            let position = try WatchlistRow.fetchCount(db)
            try WatchlistRow(coinId: coinId, position: position, addedAt: time).insert(db)
            return WatchlistEntry(coinId: coinId, position: position, addedAt: time)
        }
    }

    /// Removes a coin; the coins after it move up.
    ///
    /// - Parameter coinId: The coin.
    /// - Throws: ``StoreError/Kind/notFound(_:)`` if it is not on the list.
    public func remove(coinId: String) throws(StoreError) {
        try database.write { db in
            guard try WatchlistRow.deleteOne(db, key: coinId) else {
                throw StoreError(.notFound("watchlist coin \"\(coinId)\""), path: database.path)
            }
            try Self.renumber(db, order: try Self.entries(db).map(\.coinId))
        }
    }

    /// Moves a coin to a position (clamped to the list), shifting the others.
    ///
    /// - Parameters:
    ///   - coinId: The coin.
    ///   - position: The new position, 0 first.
    /// - Throws: ``StoreError/Kind/notFound(_:)`` if it is not on the list.
    public func move(coinId: String, to position: Int) throws(StoreError) {
        try database.write { db in
            var order = try Self.entries(db).map(\.coinId)
            guard let from = order.firstIndex(of: coinId) else {
                throw StoreError(.notFound("watchlist coin \"\(coinId)\""), path: database.path)
            }
            order.remove(at: from)
            order.insert(coinId, at: min(max(position, 0), order.count))
            try Self.renumber(db, order: order)
        }
    }

    private static func entries(_ db: Database) throws -> [WatchlistEntry] {
        try WatchlistRow.order(Column("position")).fetchAll(db).map(\.entry)
    }

    private static func renumber(_ db: Database, order: [String]) throws {
        for (position, coinId) in order.enumerated() {
            try WatchlistRow.filter(key: coinId).updateAll(db, Column("position").set(to: position))
        }
    }
}
