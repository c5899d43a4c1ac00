import TrackerCore

extension AppSimulation {
    /// The app's reaction to a user action.
    mutating func perform(_ action: UserAction, at now: Int64) {
        switch action {
        case .openCoin(let id, let type, let range):
            ask(requests.coinDetail(id: id), for: .detail(id: id), at: now)
            showChart(id: id, type: type, range: range, at: now)
        case .showChart(let id, let type, let range): showChart(id: id, type: type, range: range, at: now)
        case .pullToRefresh: refreshWatchlist(at: now, force: true)
        case .addCoin(let coin):
            do { try watchlist.add(coin, at: now) } catch {
                recorder.failures["watchlist.refused_add", default: 0] += 1
            }
        case .removeCoin(let id):
            do { try watchlist.remove(coinId: id) } catch {
                recorder.failures["watchlist.refused_remove", default: 0] += 1
            }
        case .background:
            foreground = false
            timerGeneration += 1
        case .foreground:
            guard !foreground else { return }
            foreground = true
            timerGeneration += 1
            queue.schedule(.refreshTick(generation: timerGeneration), at: now)
        case .offline: online = false
        case .online: online = true
        case .trade(let transaction):
            if (try? PortfolioLedger.validateAppending(transaction, to: transactions)) != nil {
                transactions.append(transaction)
            } else {
                recorder.failures["portfolio.refused", default: 0] += 1
            }
        }
    }

    /// One watchlist refresh: each batch from the market cache if fresh, otherwise requested.
    mutating func refreshWatchlist(at now: Int64, force: Bool) {
        let source = config.policies.refreshSource
        for request in watchlist.refreshRequests(using: requests, source: source) {
            let ids = (request.queryValue("ids") ?? "").split(separator: ",").map(String.init)
            // The batch's ids identify the entry; a digest keeps 100-coin keys short in the trace.
            let key = "markets-\(ids.count)-\(FNV1a.hex(request.target))"
            let lookup = marketCache.lookup(key, at: now)
            let ttl = config.policies.marketCacheTTLMilliseconds
            let trace = recorder.recordLookup(
                cache: "market", capacity: 64, key: key, at: now, ttl: ttl, hit: lookup.isHit && !force)
            if !force, let cached = lookup.freshValue {
                showWatchlist(cached.rows, ids: ids, dataTime: cached.dataTime, at: now)
            } else {
                ask(request, for: .watchlist(ids: ids, cacheKey: key, lookup: trace), at: now)
            }
        }
    }

    /// Opens a chart: from the chart cache if fresh, otherwise requested.
    mutating func showChart(id: String, type: ChartType, range requested: ChartTimeRange, at now: Int64) {
        let profile = config.policies.rangeProfile
        let range = profile.closestAvailableRange(to: requested, for: type)
        let key = chartCache.key(coinId: id, type: type, range: range)
        let lookup = chartCache.lookup(coinId: id, type: type, range: range, at: now)
        let trace = recorder.recordLookup(
            cache: "chart", capacity: config.policies.chartCacheCapacity, key: key, at: now,
            ttl: chartCache.ttlMilliseconds(for: range), hit: lookup.isHit)
        if let payload = lookup.freshValue {
            render(
                payload, id: id, type: type, range: range, dataTime: chartDataTimes[key] ?? now, at: now,
                fromCache: true)
            return
        }
        let days = String(profile.settings[range]?.apiDays ?? 1)
        let request =
            type == .line
            ? requests.marketChart(id: id, days: days) : requests.ohlc(id: id, days: days)
        ask(request, for: .chart(id: id, type: type, range: range, lookup: trace), at: now)
    }

    /// A 2xx body: decoded as its endpoint, then applied as the app does.
    mutating func succeed(_ pending: Pending, body: [UInt8], dataTime: Int64, at now: Int64)
        throws(CoinGeckoError)
    {
        let request = pending.request
        switch pending.purpose {
        case .watchlist(let ids, let key, let lookup):
            if config.policies.refreshSource == .markets {
                let rows = try CoinGeckoResponseClassifier.decode(body, for: request) {
                    body, source throws(LocatedDecodingError) in
                    try CoinMarket.decodeList(body, source: source)
                }
                marketCache.insert((rows, dataTime), for: key, at: now)
                recorder.recordStore(cache: "market", lookup: lookup, at: now)
                showWatchlist(rows, ids: ids, dataTime: dataTime, at: now)
            } else {
                let prices = try CoinGeckoResponseClassifier.decode(body, for: request) {
                    body, source throws(LocatedDecodingError) in try SimplePrices.decode(body, source: source)
                }
                watchlist.apply(simplePrices: prices, currency: "usd", requested: ids, receivedAt: now)
                recorder.recordRender(dataTime: dataTime, at: now)
                evaluateAlerts(at: now)
            }
        case .detail:
            _ = try CoinGeckoResponseClassifier.decode(body, for: request) {
                body, source throws(LocatedDecodingError) in try CoinDetail.decode(body, source: source)
            }
        case .chart(let id, let type, let range, let lookup):
            let payload = try processChart(body, request: request, type: type, range: range, at: now)
            chartCache.store(payload, coinId: id, type: type, range: range, at: now)
            recorder.recordStore(cache: "chart", lookup: lookup, at: now)
            chartDataTimes[chartCache.key(coinId: id, type: type, range: range)] = dataTime
            render(payload, id: id, type: type, range: range, dataTime: dataTime, at: now, fromCache: false)
        }
    }

    /// A failed request: the watchlist keeps its data (and ages), a chart may show its stale entry.
    mutating func fail(_ purpose: Purpose, _ error: CoinGeckoError, at now: Int64) {
        let name: String
        switch purpose {
        case .watchlist: name = "watchlist"
        case .detail: name = "detail"
        case .chart(let id, let type, let range, _):
            name = "chart"
            let key = "\(range.rawValue).\(type.rawValue)"
            if config.policies.staleIfError,
                let stale = chartCache.serveStale(coinId: id, type: type, range: range, at: now)
            {
                recorder.recordStaleServed(cache: "chart")
                let dataTime = chartDataTimes[chartCache.key(coinId: id, type: type, range: range)] ?? now
                render(
                    stale.value, id: id, type: type, range: range, dataTime: dataTime, at: now,
                    fromCache: true)
            } else {
                recorder.recordChart(key) { $0.failed += 1 }
            }
        }
        recorder.failures["\(name).\(error.kind.metricName)", default: 0] += 1
    }

    private mutating func showWatchlist(_ rows: [CoinMarket], ids: [String], dataTime: Int64, at now: Int64) {
        watchlist.apply(markets: rows, requested: ids, receivedAt: now)
        recorder.recordRender(dataTime: dataTime, at: now)
        evaluateAlerts(at: now)
    }
}
