import TrackerCore
import WorkbenchFoundation

/// The `/coins/markets` bodies a grid market has written, kept while its ticks stay the same.
///
/// A body depends only on the query and on which ticks fall in the last 24 hours (the all-time
/// extremes run to the last of them; other windows and the sparkline's hours are whole numbers of
/// steps before it when the step divides an hour). On a grid those are two tick indices, so every request between two ticks gets the same bytes. The
/// app polls every 30 s or so and the market ticks every few minutes: most bodies are the one
/// written for the request before. The memo returns identical bytes, so it changes no result;
/// it is bounded and shared safely by copies of the market.
final class MarketsBodyMemo: Sendable {
    /// What a body depends on. Compared field by field, the tick first: a memo of a few bodies
    /// is searched in order, without hashing a hundred ids for each request.
    struct Key: Equatable {
        /// The grid index of the last tick at or before the request.
        var lastTick: Int
        /// The grid index of the tick that opens its 24-hour window.
        var firstTick: Int
        /// The page size.
        var perPage: Int
        /// Whether the sparkline was asked for.
        var sparkline: Bool
        /// The change windows asked for (`price_change_percentage`).
        var windows: [String]
        /// The ids asked for, in order.
        var ids: [String]
    }

    /// Bodies kept besides a whole refresh's pages (``capacity``): other page sizes, a search's
    /// ids, a screen's few coins.
    static let otherBodies = 8

    /// The most bodies kept; the memo starts over beyond it. Only bodies of the latest tick
    /// asked are kept: a run's clock moves forward, and a body of an earlier tick (100 coins'
    /// is 70 kB) would wait for a request that does not come. A clock set back writes again.
    /// A refresh of the whole market must fit: 10,000 coins are asked as 40 pages of 250 (220 kB
    /// each), and a memo of fewer bodies than that never hits, each page pushing out one the
    /// next refresh asks for (8 bodies wrote every page of every refresh). The bodies of the
    /// tick are mostly the CDN cache's own, the same buffers.
    let capacity: Int

    /// A memo for a market of `coins` simulated coins: room for all their pages of
    /// ``CoinGeckoRequests/maximumPageSize`` ids and ``otherBodies`` more.
    init(coins: Int) {
        let pageSize = CoinGeckoRequests.maximumPageSize
        capacity = (max(coins, 0) + pageSize - 1) / pageSize + Self.otherBodies
    }

    private let bodies = Locked<[(key: Key, body: [UInt8])]>([])

    /// The body for `key`, written by `write` only when the memo does not hold it.
    func body(for key: Key, write: () -> [UInt8]) -> [UInt8] {
        if let body = bodies.withLock({ $0.first { $0.key == key }?.body }) { return body }
        let body = write()
        bodies.withLock { bodies in
            if bodies.count >= capacity {
                bodies.removeAll(keepingCapacity: true)
            } else {
                bodies.removeAll { $0.key.lastTick != key.lastTick || $0.key == key }
            }
            bodies.append((key, body))
        }
        return body
    }
}
