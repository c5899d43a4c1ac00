import TrackerCore

/// One run of the app's `fetchMarketData(coinIds:)`: its requests, one after the other (as
/// ``CoinGeckoClient/markets(ids:vsCurrency:)`` sends them), each answered from the market cache
/// when its rule allows.
struct WatchlistRefresh {
    /// Who asked.
    enum Origin: Equatable {
        /// The price loop's fetch (or its initial load).
        case loop(token: Int)
        /// Pull-to-refresh on the watchlist.
        case pull
    }

    var origin: Origin
    var requests: [HTTPRequest]
    var next = 0
    /// Ids that came back with a row.
    var answered: Set<String> = []
}

extension AppSimulation {
    /// Runs the price loop's actions.
    mutating func execute(_ actions: [PriceRefreshLoop.Action], at now: Int64) {
        for action in actions {
            switch action {
            case .fetch(let token): startRefresh(.loop(token: token), at: now)
            case .wake(let token, let time): queue.schedule(.loopWake(token: token), at: time)
            }
        }
    }

    /// Pull-to-refresh on the watchlist (`WatchlistViewModel.refreshPrices()` ->
    /// `PriceUpdateService.refreshPrices(for:)`): the market cache is invalidated and a fetch
    /// starts at once, concurrently with the loop. The app refreshes only the coins on screen,
    /// so after a failed load (nothing on screen) the gesture does nothing.
    mutating func pullToRefresh(at now: Int64) {
        if loop.loadsFirst, loopIds?.isEmpty ?? true { return }
        marketCache.invalidate()
        startRefresh(.pull, at: now)
    }

    /// Starts a refresh of the coins the origin covers: the whole watchlist for the load, the
    /// loaded coins for the app's loop and pull-to-refresh.
    private mutating func startRefresh(_ origin: WatchlistRefresh.Origin, at now: Int64) {
        let isLoad = loop.phase == .loading && origin != .pull
        let ids = isLoad || !loop.loadsFirst ? watchlist.coinIds : (loopIds ?? watchlist.coinIds)
        guard !ids.isEmpty else {
            // The app starts no loop for an empty list.
            if case .loop = origin { loop.stop() }
            return
        }
        let batches = config.policies.refreshSource.requests(for: ids, using: requests)
        let id = nextRefresh
        nextRefresh += 1
        refreshes[id] = WatchlistRefresh(origin: origin, requests: batches)
        continueRefresh(id, at: now)
    }

    /// Sends the refresh's next request, answering from the cache while the rule allows; when
    /// none is left the refresh succeeded.
    mutating func continueRefresh(_ id: Int, at now: Int64) {
        guard var refresh = refreshes[id] else { return }
        while refresh.next < refresh.requests.count {
            let request = refresh.requests[refresh.next]
            refresh.next += 1
            let ids = request.queryList("ids")
            let key = traceKey(for: request, ids: ids)
            guard config.policies.refreshSource == .markets else {
                refreshes[id] = refresh
                ask(request, for: .watchlist(refresh: id, ids: ids, cacheKey: key, lookup: nil), at: now)
                return
            }
            let cached = marketCache.lookup(ids: ids, key: key, at: now)
            let trace = recorder.recordLookup(
                cache: "market", capacity: marketCache.capacity, key: key, at: now,
                ttl: marketCache.ttlMilliseconds, hit: cached != nil)
            if let cached {
                refresh.answered.formUnion(cached.rows.map(\.id))
                showWatchlist(cached.rows, ids: ids, at: now)
                continue
            }
            refreshes[id] = refresh
            ask(request, for: .watchlist(refresh: id, ids: ids, cacheKey: key, lookup: trace), at: now)
            return
        }
        refreshes[id] = nil
        finishRefresh(refresh, succeeded: true, at: now)
    }

    /// A watchlist response: rows into the cache and onto the screen, then the next request.
    mutating func receiveWatchlist(
        _ body: [UInt8], request: HTTPRequest, refresh id: Int, ids: [String], key: String, lookup: Int?,
        dataTime: Int64, at now: Int64
    ) throws(CoinGeckoError) {
        guard let refresh = refreshes[id] else { return }
        if case .loop(let token) = refresh.origin, !loop.isCurrent(token: token) {
            // The loop was stopped meanwhile: the app's cancelled task drops the response.
            refreshes[id] = nil
            return
        }
        if config.policies.refreshSource == .markets {
            let rows: [CoinMarket]
            if let last = lastMarketsDecode, last.body == body {
                rows = last.rows
            } else {
                rows = try CoinGeckoResponseClassifier.decode(body, for: request) {
                    body, source throws(LocatedDecodingError) in
                    try CoinMarket.decodeList(body, source: source)
                }
                lastMarketsDecode = (body, rows)
            }
            marketCache.store(.init(rows: rows, dataTime: dataTime), key: key, at: now)
            if let lookup { recorder.recordStore(cache: "market", lookup: lookup, at: now) }
            refreshes[id]?.answered.formUnion(rows.map(\.id))
            showWatchlist(rows, ids: ids, at: now)
        } else {
            let prices = try CoinGeckoResponseClassifier.decode(body, for: request) {
                body, source throws(LocatedDecodingError) in try SimplePrices.decode(body, source: source)
            }
            watchlist.apply(simplePrices: prices, currency: "usd", requested: ids, receivedAt: now)
            refreshes[id]?.answered.formUnion(ids.filter { prices.quotes[$0]?["usd"] != nil })
            evaluateAlerts(at: now)
        }
        continueRefresh(id, at: now)
    }

    /// The market cache's key in the trace Belady's optimum reads. Under the app's rule the cache
    /// is one entry (rows per id under one time), so every lookup shares one key and the optimum
    /// may count a hit the rule refuses (an id missing): it stays an upper bound. Per request, the
    /// key is the URL (a digest keeps 100-coin keys short).
    private func traceKey(for request: HTTPRequest, ids: [String]) -> String {
        switch marketCache.rule {
        case .allIdsFresh: "markets"
        case .perRequest: "markets-\(ids.count)-\(FNV1a.hex(request.target))"
        }
    }

    /// A watchlist request failed: the refresh stops there, as the client's does.
    mutating func failWatchlist(refresh id: Int, at now: Int64) {
        guard let refresh = refreshes.removeValue(forKey: id) else { return }
        finishRefresh(refresh, succeeded: false, at: now)
    }

    private mutating func finishRefresh(_ refresh: WatchlistRefresh, succeeded: Bool, at now: Int64) {
        guard case .loop(let token) = refresh.origin, loop.isCurrent(token: token) else { return }
        if loop.phase == .loading, succeeded {
            // `startPeriodicUpdates()` takes the coins the load put on screen.
            loopIds = watchlist.coinIds.filter(refresh.answered.contains)
        }
        execute(loop.fetchFinished(token: token, succeeded: succeeded, at: now), at: now)
    }

    /// Puts rows on screen: quotes update, alerts are evaluated.
    mutating func showWatchlist(_ rows: [CoinMarket], ids: [String], at now: Int64) {
        watchlist.apply(markets: rows, requested: ids, receivedAt: now)
        evaluateAlerts(at: now)
    }
}
