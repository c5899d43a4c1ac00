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
            try Row.fetchOne(
                db,
                sql: "SELECT payload, stored_at, ttl_ms FROM chart_cache WHERE key = ? AND content = ?",
                arguments: [key, content.rawValue]
            )
        }
        guard let row else { return .missing }
        let blob: [UInt8] = Array((row["payload"] as Data?) ?? Data())
        guard let payload = ChartPayloadCoding.decode(blob) else {
            try remove(key)
            return .missing
        }
        let age = now - (row["stored_at"] as Int64)
        return age < (row["ttl_ms"] as Int64)
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
        let blob = Data(ChartPayloadCoding.encode(payload))
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO chart_cache (key, payload, stored_at, ttl_ms, content)
                    VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [key, blob, now, ttlMilliseconds, content.rawValue]
            )
        }
    }

    /// Removes an entry.
    ///
    /// - Parameter key: The cache key.
    public func remove(_ key: String) throws(StoreError) {
        try database.write { db in
            try db.execute(sql: "DELETE FROM chart_cache WHERE key = ?", arguments: [key])
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
            try db.execute(
                sql: "DELETE FROM chart_cache WHERE stored_at < ?", arguments: [now - maxAgeMilliseconds])
            return db.changesCount
        }
    }

    /// The number of entries.
    public func count() throws(StoreError) -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM chart_cache") ?? 0 }
    }
}
