/// When the market-data cache may answer a watchlist refresh.
public enum MarketCacheRule: String, Sendable, Equatable, CaseIterable, Codable {
    /// The app (Pointwelve/Bitpal-iOS `Bitpal-v2/Bitpal/Services/CoinGeckoService.swift`,
    /// `fetchMarketData(coinIds:)`): rows are kept per id under one cache time, stamped when a
    /// response arrives; a refresh is answered from the cache only when that time is younger
    /// than the TTL *and every requested id* has a row. One id CoinGecko left out (past its
    /// default page of 100 rows, or unknown) means a network request every time.
    case allIdsFresh = "all-ids-fresh"
    /// One entry per request (the batch's URL), each with its own TTL, in an LRU cache.
    case perRequest = "per-request"
}

/// The watchlist's market-data cache, as a clock-free value: rows with the time their data was
/// current, answered under a ``MarketCacheRule``.
public struct MarketDataCache: Sendable {
    /// Rows and the time the data was current (the server's store time), for freshness.
    public struct Snapshot: Sendable, Equatable {
        /// The rows.
        public var rows: [CoinMarket]
        /// When the data was current, epoch ms.
        public var dataTime: Int64

        /// Creates a snapshot.
        ///
        /// - Parameters:
        ///   - rows: The rows.
        ///   - dataTime: When the data was current.
        public init(rows: [CoinMarket], dataTime: Int64) {
            self.rows = rows
            self.dataTime = dataTime
        }
    }

    /// The rule.
    public let rule: MarketCacheRule
    /// The TTL, ms (the app: 30 s).
    public let ttlMilliseconds: Int64
    /// The most entries under ``MarketCacheRule/perRequest``.
    public let capacity: Int
    private var rowsById: [String: CoinMarket] = [:]
    private var storedAt: Int64?
    private var dataTime: Int64 = 0
    private var entries: TTLCache<String, Snapshot>

    /// Creates an empty cache.
    ///
    /// - Parameters:
    ///   - rule: When the cache may answer.
    ///   - ttlMilliseconds: The TTL.
    ///   - capacity: Entries kept under ``MarketCacheRule/perRequest`` (at least 1).
    public init(rule: MarketCacheRule, ttlMilliseconds: Int64, capacity: Int = 64) {
        self.rule = rule
        self.ttlMilliseconds = ttlMilliseconds
        self.capacity = capacity
        entries = TTLCache(capacity: max(capacity, 1), defaultTTLMilliseconds: ttlMilliseconds)
    }

    /// The cached answer to a request for `ids`, or nil when the request must go to the network.
    ///
    /// - Parameters:
    ///   - ids: The ids the request asks for.
    ///   - key: The request's identity (its target), used by ``MarketCacheRule/perRequest``.
    ///   - now: The time.
    /// - Returns: The rows of the requested ids and their data time, when the rule allows a hit.
    public mutating func lookup(ids: [String], key: String, at now: Int64) -> Snapshot? {
        switch rule {
        case .perRequest:
            return entries.lookup(key, at: now).freshValue
        case .allIdsFresh:
            guard let storedAt, now - storedAt < ttlMilliseconds else { return nil }
            var rows: [CoinMarket] = []
            rows.reserveCapacity(ids.count)
            for id in ids {
                guard let row = rowsById[id] else { return nil }
                rows.append(row)
            }
            return Snapshot(rows: rows, dataTime: dataTime)
        }
    }

    /// Stores a response's rows.
    ///
    /// - Parameters:
    ///   - snapshot: The rows and their data time.
    ///   - key: The request's identity.
    ///   - now: The arrival time (the app stamps its cache then).
    public mutating func store(_ snapshot: Snapshot, key: String, at now: Int64) {
        switch rule {
        case .perRequest:
            entries.insert(snapshot, for: key, at: now)
        case .allIdsFresh:
            for row in snapshot.rows { rowsById[row.id] = row }
            storedAt = now
            dataTime = snapshot.dataTime
        }
    }

    /// Whether a request for `ids` could be answered from what is stored now (ignoring age):
    /// under the app's rule, whether every id has a row.
    ///
    /// - Parameters:
    ///   - ids: The ids.
    ///   - key: The request's identity.
    public func covers(ids: [String], key: String) -> Bool {
        switch rule {
        case .perRequest: entries.contains(key)
        case .allIdsFresh: ids.allSatisfy { rowsById[$0] != nil }
        }
    }

    /// Forgets everything (the app's `invalidateMarketDataCache()`, on pull-to-refresh).
    public mutating func invalidate() {
        rowsById.removeAll()
        storedAt = nil
        entries = TTLCache(capacity: max(capacity, 1), defaultTTLMilliseconds: ttlMilliseconds)
    }
}
