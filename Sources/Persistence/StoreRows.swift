import Foundation
import GRDB
import TrackerCore

/// A row of the `watchlist` table.
struct WatchlistRow: Codable, FetchableRecord, PersistableRecord, SnakeCaseColumns {
    static let databaseTableName = "watchlist"

    var coinId: String
    var position: Int
    var addedAt: Int64

    var entry: WatchlistEntry { WatchlistEntry(coinId: coinId, position: position, addedAt: addedAt) }
}

/// A row of the `chart_cache` table: the payload as ``ChartPayloadCoding`` bytes.
struct ChartCacheRow: Codable, FetchableRecord, PersistableRecord, SnakeCaseColumns {
    static let databaseTableName = "chart_cache"

    var key: String
    /// A blob (Data, not [UInt8], which Codable records would store as JSON text).
    var payload: Data
    var storedAt: Int64
    var ttlMs: Int64
    /// What the payload holds (`ChartCacheContent`'s raw value).
    var content: String
}
