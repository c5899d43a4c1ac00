import Foundation
import GRDB
import TrackerCore

/// The chart cache on disk: survives restarts, keyed and timed like ``ChartCache``.
///
/// A cache is disposable: a damaged or foreign file is replaced by an empty one when opened (see
/// ``WorkbenchDatabase/rebuildNotice``), and an unreadable entry is dropped and counted as a miss.
/// Entries remember what they hold (processed points or a raw response), so a cache written in
/// one mode is never read in the other.
public struct PersistentChartCache: Sendable {
    /// The database (of kind ``DatabaseKind/chartCache``).
    public let database: WorkbenchDatabase
    /// What this cache holds.
    public let content: ChartCache.Content

    /// Opens the cache file, rebuilding it if it is damaged or not a chart cache.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - content: What the cache holds.
    /// - Throws: ``StoreError`` only when no cache can be created at the path at all.
    public init(path: String, content: ChartCache.Content = .processedPoints) throws(StoreError) {
        self.database = try WorkbenchDatabase.open(.chartCache, at: path)
        self.content = content
    }

    /// Looks an entry up.
    ///
    /// - Parameters:
    ///   - key: The cache key (``ChartCache/key(coinId:type:range:)``).
    ///   - now: The current time.
    /// - Returns: Fresh, expired or missing, by the entry's own TTL.
    public func lookup(_ key: String, at now: Int64) throws(StoreError) -> CacheLookup<
        ChartCache.Payload
    > {
        let row = try database.read { db in
            try ChartCacheRow.filter(key: key).filter(Column("content") == content.rawValue).fetchOne(db)
        }
        guard let row else { return .missing }
        guard let payload = ChartPayloadCoding.decode([UInt8](row.payload)) else {
            try remove(key)
            return .missing
        }
        let age = now - row.storedAt
        return age < row.ttlMs
            ? .fresh(payload, ageMilliseconds: age) : .expired(payload, ageMilliseconds: age)
    }

    /// Stores an entry, replacing any under the key.
    ///
    /// - Parameters:
    ///   - payload: The chart.
    ///   - key: The cache key.
    ///   - ttlMilliseconds: Its TTL.
    ///   - now: The storing time.
    public func store(
        _ payload: ChartCache.Payload,
        for key: String,
        ttlMilliseconds: Int64,
        at now: Int64
    ) throws(StoreError) {
        let row = ChartCacheRow(
            key: key, payload: Data(ChartPayloadCoding.encode(payload)), storedAt: now,
            ttlMs: ttlMilliseconds,
            content: content.rawValue)
        try database.write { db in try row.insert(db, onConflict: .replace) }
    }

    /// Removes an entry.
    ///
    /// - Parameter key: The cache key.
    public func remove(_ key: String) throws(StoreError) {
        try database.write { db in
            _ = try ChartCacheRow.deleteOne(db, key: key)
        }
    }

    /// Removes entries older than `maxAgeMilliseconds` (expired entries are kept for stale-if-error
    /// until then).
    ///
    /// - Parameters:
    ///   - maxAgeMilliseconds: The oldest age kept.
    ///   - now: The current time.
    /// - Returns: How many entries were removed.
    @discardableResult
    public func prune(olderThan maxAgeMilliseconds: Int64, at now: Int64) throws(StoreError) -> Int {
        try database.write { db in
            try ChartCacheRow.filter(Column("stored_at") < now - maxAgeMilliseconds).deleteAll(db)
        }
    }

    /// Every readable entry of this cache's content, oldest stored first (the file keeps no
    /// recency, so a launch rebuilds the cache in storing order); an unreadable one is dropped.
    public func entries() throws(StoreError) -> [AppStorage.StoredChart] {
        let rows = try database.read { db in
            try ChartCacheRow.filter(Column("content") == content.rawValue)
                .order(Column("stored_at"), Column("key")).fetchAll(db)
        }
        var entries: [AppStorage.StoredChart] = []
        for row in rows {
            guard let payload = ChartPayloadCoding.decode([UInt8](row.payload)) else {
                try remove(row.key)
                continue
            }
            entries.append(
                AppStorage.StoredChart(
                    key: row.key, payload: payload, storedAt: row.storedAt, ttlMilliseconds: row.ttlMs))
        }
        return entries
    }

    /// The number of entries.
    public func count() throws(StoreError) -> Int {
        try database.read { db in try ChartCacheRow.fetchCount(db) }
    }
}
