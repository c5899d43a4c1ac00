/// What the app keeps between launches, and how a launch reads it back: the rules of persistence,
/// for every shell. The app's SwiftData container (Pointwelve/Bitpal-iOS
/// `Bitpal-v2/Bitpal/App/BitpalApp.swift`, `BitpalApp.body`'s `.modelContainer(for:)`) holds
/// `WatchlistItem`, `Transaction` and `CachedChartData` (``ChartLoader``'s cache). `workbench live
/// --state` executes these rules against its databases; the simulator's cold launch keeps exactly
/// ``Stored/of(_:)`` and forgets the process's state (quotes, the market cache, screens).
public enum AppStorage {
    /// What is stored.
    public struct Stored: Sendable, Equatable {
        /// The watchlist's coins in the user's order, with when each was added.
        public var watchlist: [WatchlistEntry]
        /// The ledger, in store order.
        public var transactions: [PortfolioTransaction]
        /// The chart cache, least recently used first.
        public var charts: [StoredChart]

        /// Creates stored state.
        ///
        /// - Parameters:
        ///   - watchlist: The watchlist's entries in order.
        ///   - transactions: The ledger.
        ///   - charts: The chart cache, least recently used first.
        public init(
            watchlist: [WatchlistEntry], transactions: [PortfolioTransaction], charts: [StoredChart] = []
        ) {
            self.watchlist = watchlist
            self.transactions = transactions
            self.charts = charts
        }

        /// What the app has stored now: its watchlist's entries, its ledger and its chart cache
        /// (quotes, the market-data cache and screens are the process's and die with it).
        ///
        /// - Parameter app: The app.
        public static func of(_ app: TrackerApp) -> Stored {
            Stored(
                watchlist: app.watchlist.entries, transactions: app.transactions,
                charts: app.chartLoader.cache.storedCharts)
        }
    }

    /// One chart the cache keeps (a `CachedChartData` row): its key, what it holds, when it was
    /// stored and for how long it is fresh.
    public struct StoredChart: Sendable, Equatable {
        /// The cache key (``ChartCache/key(coinId:type:range:)``).
        public var key: String
        /// The points, candles or response.
        public var payload: ChartCache.Payload
        /// When it was stored, epoch ms.
        public var storedAt: Int64
        /// Its TTL, ms.
        public var ttlMilliseconds: Int64

        /// Creates a stored chart.
        ///
        /// - Parameters:
        ///   - key: The cache key.
        ///   - payload: What it holds.
        ///   - storedAt: When it was stored.
        ///   - ttlMilliseconds: Its TTL.
        public init(key: String, payload: ChartCache.Payload, storedAt: Int64, ttlMilliseconds: Int64) {
            self.key = key
            self.payload = payload
            self.storedAt = storedAt
            self.ttlMilliseconds = ttlMilliseconds
        }
    }

    /// One write that brings a store to the app's state.
    public enum Change: Sendable, Equatable {
        /// A coin left the watchlist.
        case remove(coinId: String)
        /// A coin joined the watchlist at this time.
        case add(coinId: String, addedAt: Int64)
        /// A listed coin is at this place.
        case move(coinId: String, to: Int)
        /// A trade was recorded.
        case append(PortfolioTransaction)
        /// A chart was cached (or cached again).
        case storeChart(StoredChart)
        /// A chart left the cache (evicted).
        case removeChart(key: String)
    }

    /// The launch with what was stored. A stored watchlist replaces the scenario's (a coin the
    /// scenario does not list keeps its id as its symbol and name); the stored ledger and chart
    /// cache replace the scenario's. An empty store changes nothing but the ledger and the charts
    /// (then empty too).
    ///
    /// - Parameters:
    ///   - setup: The scenario's launch.
    ///   - stored: What was stored.
    /// - Returns: The launch.
    public static func launch(_ setup: AppSetup, restoring stored: Stored) -> AppSetup {
        var setup = setup
        if !stored.watchlist.isEmpty {
            let known = Dictionary(
                (setup.watchlist ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            setup.watchlist = stored.watchlist.map {
                known[$0.coinId] ?? CoinListEntry(id: $0.coinId, symbol: $0.coinId, name: $0.coinId)
            }
        }
        setup.transactions = stored.transactions
        setup.charts = stored.charts
        return setup
    }

    /// The writes that make a store holding `stored` hold the app as it ended: coins removed,
    /// coins added, then every coin moved to its place (so a failure part way never leaves the
    /// stored list emptied), the trades recorded after the first `storedTransactions`, then the
    /// charts that left the cache and those cached anew.
    ///
    /// - Parameters:
    ///   - stored: What the store holds.
    ///   - ended: What the app holds at the end (``Stored/of(_:)``).
    ///   - storedTransactions: How many of the app's transactions came from the store.
    /// - Returns: The writes, in order.
    public static func changes(from stored: Stored, to ended: Stored, storedTransactions: Int) -> [Change] {
        let endedIds = Set(ended.watchlist.map(\.coinId))
        var kept = Set<String>()
        var changes: [Change] = []
        for entry in stored.watchlist {
            if endedIds.contains(entry.coinId) {
                kept.insert(entry.coinId)
            } else {
                changes.append(.remove(coinId: entry.coinId))
            }
        }
        for entry in ended.watchlist where !kept.contains(entry.coinId) {
            changes.append(.add(coinId: entry.coinId, addedAt: entry.addedAt))
        }
        for (position, entry) in ended.watchlist.enumerated() {
            changes.append(.move(coinId: entry.coinId, to: position))
        }
        changes += ended.transactions.dropFirst(storedTransactions).map { .append($0) }
        let endedCharts = Set(ended.charts.map(\.key))
        let storedCharts = Dictionary(
            stored.charts.map { ($0.key, $0) }, uniquingKeysWith: { _, last in last })
        changes += stored.charts.filter { !endedCharts.contains($0.key) }.map { .removeChart(key: $0.key) }
        changes += ended.charts.filter { storedCharts[$0.key] != $0 }.map { .storeChart($0) }
        return changes
    }
}
