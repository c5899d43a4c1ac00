/// What ``TrackerApp`` remembers only so as not to recompute a pure function: never the app's
/// state. Each memo answers exactly what recomputing would (``TrackerApp/invariantViolations()``
/// checks the requests' against a rebuild), a shell never reads one, and dropping them all changes
/// no result, only the time a run takes.
struct AppMemos: Sendable {
    /// The last market-data fetch's requests and what they were built from: every refresh asks
    /// for the same coins, and building the batches is a pure function of them.
    private(set) var fetchRequests: (source: WatchlistRefreshSource, ids: [String], requests: [HTTPRequest])?
    /// The last `/coins/markets` body decoded for each request (by its cache key) and its rows. A
    /// server often answers a poll with the bytes it sent the poll before: decoding is a pure
    /// function of the bytes, so equal bytes reuse the rows. A watchlist in several batches polls
    /// several requests in turn, hence one per request, and at most ``decodesKept``.
    private var marketsDecodes: [String: (body: [UInt8], rows: [CoinMarket])] = [:]
    /// The last market-data request's target and its key in the cache trace.
    private var traceKey: (target: String, key: String)?

    /// The most decoded bodies kept: a watchlist's batches, and the odd other request, are a handful.
    static let decodesKept = 16

    /// The requests of a fetch: the last fetch's when it asked for the same ids from the same
    /// source, else built.
    ///
    /// - Parameters:
    ///   - source: Where the fetch asks.
    ///   - ids: The coins.
    ///   - build: Builds them.
    mutating func requests(
        _ source: WatchlistRefreshSource, ids: [String], build: () -> [HTTPRequest]
    ) -> [HTTPRequest] {
        if let last = fetchRequests, last.source == source, last.ids == ids { return last.requests }
        let built = build()
        fetchRequests = (source, ids, built)
        return built
    }

    /// The rows of a `/coins/markets` body: the last decode's for the request when the bytes are
    /// the same, else decoded.
    ///
    /// - Parameters:
    ///   - body: The body.
    ///   - key: The request's cache key.
    ///   - decode: Decodes it.
    mutating func markets(
        _ body: [UInt8], key: String, decode: () throws(CoinGeckoError) -> [CoinMarket]
    ) throws(CoinGeckoError) -> [CoinMarket] {
        if let last = marketsDecodes[key], last.body == body { return last.rows }
        let rows = try decode()
        if marketsDecodes.count >= Self.decodesKept { marketsDecodes.removeAll(keepingCapacity: true) }
        marketsDecodes[key] = (body, rows)
        return rows
    }

    /// A request's key in the cache trace: the last one's when the target is the same.
    ///
    /// - Parameters:
    ///   - target: The request's target.
    ///   - make: Makes the key.
    mutating func traceKey(for target: String, make: () -> String) -> String {
        if let last = traceKey, last.target == target { return last.key }
        let key = make()
        traceKey = (target, key)
        return key
    }

    /// The process ended: what was decoded in it goes with it (a relaunch decodes again, as the
    /// app does).
    mutating func processEnded() {
        marketsDecodes = [:]
        traceKey = nil
    }
}
