import WorkbenchFoundation

/// A ``MarketDataRun`` in flight, with who asked for it and the rows it collects for them.
struct MarketDataFetch: Sendable {
    /// Who asked.
    enum Origin: Sendable, Equatable {
        /// The watchlist screen's load, loop fetch or pull-to-refresh.
        case watchlist(token: Int, kind: WatchlistScreen.FetchKind)
        /// A Portfolio-tab load.
        case portfolio(token: Int)
        /// A search's market caps.
        case search(token: Int)

        /// The screen whose code asked.
        var screen: AppScreenKind {
            switch self {
            case .watchlist: .watchlist
            case .portfolio: .portfolio
            case .search: .search
            }
        }

        /// Whether the rows go onto the watchlist screen as they arrive.
        var isWatchlist: Bool { screen == .watchlist }
    }

    var origin: Origin
    /// Whether it runs in a cancelled task: a request it would send fails before it leaves.
    var cancelled = false
    /// The coins asked for, in the order asked (a load's are the list as it was when it began:
    /// the app reads its items before it awaits the answer).
    var ids: [String]
    /// The endpoint the requests go to, so the answers are decoded as what they are.
    var source: WatchlistRefreshSource
    /// The app's decisions: which request next, from the cache or the server, when it ends.
    var run: MarketDataRun
    /// The rows received, for origins that use them at the end.
    var rows: [CoinMarket] = []
    /// When the oldest of those rows was current (the server's data time, or the cache entry's).
    var dataTime: Int64?
    /// A Portfolio-tab load's ledger as it was when the load began:
    /// `PortfolioViewModel.loadPortfolioWithPrices()` fetches the transactions before it awaits
    /// the prices, and computes the holdings it lists from those.
    var ledgerAtStart: LedgerPositions?
}

extension TrackerApp {
    /// Runs the watchlist screen's actions (``WatchlistScreen``: which coins, when).
    mutating func execute(_ actions: [WatchlistScreen.Action], at now: Int64) {
        for action in actions {
            switch action {
            case .fetch(let ids, let token, let kind):
                startFetch(.watchlist(token: token, kind: kind), ids: ids, at: now)
            case .invalidateCache: marketCache.invalidate()
            case .wake(let token, let time): schedule(.priceLoop(token: token), at: time)
            }
        }
    }

    /// Starts a fetch of the given coins (``MarketDataRun``: through the market cache, one
    /// request after the other).
    mutating func startFetch(
        _ origin: MarketDataFetch.Origin, ids: [String], at now: Int64, cancelled: Bool = false
    ) {
        let source = origin.isWatchlist ? policies.refreshSource : .markets
        let run = MarketDataRun(requests: fetchRequests(source, ids: ids), usesCache: source == .markets)
        var fetch = MarketDataFetch(origin: origin, cancelled: cancelled, ids: ids, source: source, run: run)
        if case .portfolio = origin { fetch.ledgerAtStart = ledger }
        let step = run.start()
        guard step != .succeeded else {
            finishFetch(fetch, succeeded: true, at: now)
            return
        }
        let id = nextFetch
        nextFetch += 1
        fetches[id] = fetch
        perform(step, fetch: id, at: now)
    }

    /// The requests of a fetch of `ids` from `source`: those of the fetch before when it asked
    /// for the same ids.
    private mutating func fetchRequests(_ source: WatchlistRefreshSource, ids: [String]) -> [HTTPRequest] {
        guard !ids.isEmpty else { return [] }
        let builder = requests
        return memos.requests(source, ids: ids) { source.requests(for: ids, using: builder) }
    }

    /// Performs a fetch's steps until one waits for the server or ends the fetch: a cache hit
    /// puts its rows where they go and asks for the next step.
    private mutating func perform(_ first: MarketDataRun.Step, fetch id: Int, at now: Int64) {
        var step = first
        var lookup: Int?
        while let fetch = fetches[id] {
            switch step {
            case .lookUp(let request, let ids):
                let key = traceKey(for: request, ids: ids)
                let cached = marketCache.lookup(ids: ids, key: key, at: now)
                let trace = recordLookup(
                    cache: .market, capacity: marketCache.capacity, key: key,
                    ttl: marketCache.ttlMilliseconds, hit: cached != nil)
                guard let cached else {
                    lookup = trace
                    step = fetch.run.cacheMissed()
                    continue
                }
                deliver(cached.rows, ids: ids, dataTime: cached.dataTime, fetch: id, at: now)
                step = fetches[id]!.run.cacheAnswered(ids: cached.rows.map { $0.id })
            case .send(let request, _) where fetch.cancelled:
                // `fetchMarketData` in a cancelled task: `waitForNextRequest()` wakes at once and
                // stamps the limiter, then `session.data` throws `URLError.cancelled`: nothing is
                // sent, and the next caller waits its 1.2 s from now.
                let given = nextRequest
                nextRequest += 1
                requestLifecycle.gaveUpWaiting(at: now)
                emit(.requestGivenUp(id: given, screen: fetch.origin.screen, target: request.target))
                step = fetch.run.failed()
            case .send(let request, let ids):
                let key = traceKey(for: request, ids: ids)
                ask(
                    request, for: .marketData(fetch: id, ids: ids, cacheKey: key, lookup: lookup),
                    from: fetch.origin.screen, at: now)
                return
            case .succeeded, .failed:
                fetches[id] = nil
                finishFetch(fetch, succeeded: step == .succeeded, at: now)
                return
            }
        }
    }

    /// Puts a fetch's rows where its origin wants them: on the watchlist screen as they arrive,
    /// or kept for the end.
    private mutating func deliver(
        _ rows: [CoinMarket], ids: [String], dataTime: Int64, fetch id: Int, at now: Int64
    ) {
        guard let origin = fetches[id]?.origin else { return }
        if origin.isWatchlist {
            showWatchlist(rows, ids: ids, origin: origin, at: now)
        } else {
            fetches[id]?.rows += rows
            let oldest = min(fetches[id]?.dataTime ?? dataTime, dataTime)
            fetches[id]?.dataTime = oldest
        }
    }

    /// Whether a fetch's answer still matters: a stopped loop's or a cancelled `.task`'s does not
    /// (the app's cancelled task drops the response), nor a closed sheet's.
    /// Whether the task that asked still waits for the answer: a market-data fetch whose screen
    /// moved on was cancelled (its `Task`, and so its `URLSession` call).
    func isWanted(_ purpose: Purpose) -> Bool {
        switch purpose {
        case .marketData(let fetch, _, _, _): fetches[fetch].map { isCurrent($0.origin) } ?? false
        // The coin screen's `.task` load (its detail, then its chart) is cancelled by a pop.
        case .detail(_, let token): detailScreen.isCurrent(token: token)
        case .chart(_, _, _, _, let task?): detailScreen.isCurrent(token: task)
        // A search sheet's `.task` (`loadCoinList()`) is cancelled by the dismissal.
        case .coinList(let sheet): search?.number == sheet
        case .chart, .widget: true
        }
    }

    private func isCurrent(_ origin: MarketDataFetch.Origin) -> Bool {
        switch origin {
        case .watchlist(let token, let kind): watchlistScreen.isCurrent(token: token, kind: kind)
        case .portfolio(let token): portfolioLoop.isCurrent(token: token)
        case .search(let token): search.map { $0.session.isCurrent(token: token) } ?? false
        }
    }

    /// A market-data response: rows into the cache and onto the asking screen, then the next
    /// request.
    mutating func receiveMarketData(
        _ body: [UInt8], request: HTTPRequest, fetch id: Int, ids: [String], key: String, lookup: Int?,
        dataTime: Int64, at now: Int64
    ) throws(CoinGeckoError) {
        guard let fetch = fetches[id] else { return }
        guard isCurrent(fetch.origin) else {
            fetches[id] = nil
            return
        }
        if fetch.source == .markets {
            let rows = try memos.markets(body, key: key) { () throws(CoinGeckoError) in
                try CoinGeckoResponseClassifier.decode(body, for: request) {
                    body, source throws(LocatedDecodingError) in
                    try CoinMarket.decodeList(body, source: source)
                }
            }
            marketCache.store(.init(rows: rows, dataTime: dataTime), key: key, at: now)
            if let lookup { emit(.cacheStored(cache: .market, lookup: lookup)) }
            deliver(rows, ids: ids, dataTime: dataTime, fetch: id, at: now)
            perform(fetches[id]!.run.received(answered: rows.map { $0.id }), fetch: id, at: now)
        } else {
            let prices = try CoinGeckoResponseClassifier.decode(body, for: request) {
                body, source throws(LocatedDecodingError) in try SimplePrices.decode(body, source: source)
            }
            watchlist.apply(simplePrices: prices, currency: "usd", requested: ids, receivedAt: now)
            evaluateAlerts(at: now)
            let answered = ids.filter { prices.quotes[$0]?["usd"] != nil }
            perform(fetches[id]!.run.received(answered: answered), fetch: id, at: now)
        }
    }

    /// The market cache's key in the trace Belady's optimum reads. Under the app's rule the cache
    /// is one entry (rows per id under one time), so every lookup shares one key and the optimum
    /// may count a hit the rule refuses (an id missing): it stays an upper bound. Per request, the
    /// key is the URL (a digest keeps 100-coin keys short).
    private mutating func traceKey(for request: HTTPRequest, ids: [String]) -> String {
        switch marketCache.rule {
        case .allIdsFresh: return "markets"
        case .perRequest:
            // A refresh looks its request up, then sends it; the next refresh asks the same.
            return memos.traceKey(for: request.target) { "markets-\(ids.count)-\(FNV1a.hex(request.target))" }
        }
    }

    /// A market-data request failed: the run decides what follows (it stops, as the client's does).
    mutating func failMarketData(fetch id: Int, at now: Int64) {
        guard let fetch = fetches[id] else { return }
        guard isCurrent(fetch.origin) else {
            fetches[id] = nil
            return
        }
        perform(fetch.run.failed(), fetch: id, at: now)
    }

    private mutating func finishFetch(_ fetch: MarketDataFetch, succeeded: Bool, at now: Int64) {
        switch fetch.origin {
        case .portfolio(let token):
            if succeeded {
                // The app rebuilds its holdings from this answer alone: a coin without a row drops out.
                portfolioPrices = Dictionary(fetch.rows.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
                portfolioLoadedAt = now
                portfolioContent = PortfolioContent(
                    fetch.ledgerAtStart ?? ledger, priced: Set(fetch.rows.map(\.id)))
                // `loadPortfolioWithPrices()` returns before this with no transactions.
                if !transactions.isEmpty {
                    updateAndReloadWidgets(
                        pricedIds: Set(fetch.rows.map(\.id)), dataTime: fetch.dataTime ?? now, at: now)
                }
            }
            execute(portfolioLoop.loadFinished(token: token, at: now), at: now)
        case .search(let token):
            searchMarketDataArrived(
                token: token,
                marketCaps: fetch.rows.reduce(into: [:]) { caps, row in caps[row.id] = row.marketCap },
                at: now)
        case .watchlist(let token, let kind):
            // A load keeps the coins it asked for, in that order (`loadWatchlistWithPrices()`'s
            // `compactMap` over the items it read before the request).
            let (actions, leftOff) = watchlistScreen.fetchFinished(
                token: token, kind: kind, answered: fetch.run.answered, succeeded: succeeded,
                list: kind.isLoad ? fetch.ids : watchlist.coinIds, at: now)
            if leftOff > 0 { emit(.leftOffByLoad(leftOff)) }
            execute(actions, at: now)
        }
    }

    /// Puts rows on the watchlist screen: quotes update, alerts are evaluated.
    mutating func showWatchlist(
        _ rows: [CoinMarket], ids: [String], origin: MarketDataFetch.Origin, at now: Int64
    ) {
        let outcome = watchlist.apply(
            markets: rows, requested: ids, receivedAt: now, rule: policies.missingRows)
        // After a load the app leaves coins without a row off the screen; later refreshes keep
        // their previous quote.
        let isLoad: Bool
        if case .watchlist(_, let kind) = origin { isLoad = kind.isLoad } else { isLoad = false }
        if outcome.zeroPrice > 0 || (!isLoad && outcome.keptPrevious > 0) {
            emit(
                .rowsApplied(zeroPrices: outcome.zeroPrice, keptPrevious: isLoad ? 0 : outcome.keptPrevious))
        }
        evaluateAlerts(at: now)
    }
}
