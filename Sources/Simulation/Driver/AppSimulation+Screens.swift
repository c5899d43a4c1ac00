import TrackerCore

extension AppSimulation {
    /// The app's reaction to a user action.
    mutating func perform(_ action: UserAction, at now: Int64) {
        switch action {
        case .openCoin(let id, let type, let range):
            chartOnScreen = nil
            execute(detailScreen.open(coinId: id, type: type, range: range), at: now)
        case .switchRange(let range): execute(detailScreen.switchRange(to: range), at: now)
        case .switchChartType(let type): execute(detailScreen.switchType(to: type), at: now)
        case .refreshCoin: execute(detailScreen.refresh(), at: now)
        case .closeCoin: detailScreen.close()
        case .showChart(let id, let type, let range): showChart(id: id, type: type, range: range, at: now)
        case .pullToRefresh: pullToRefresh(at: now)
        case .addCoin(let coin):
            do {
                try watchlist.add(coin, at: now)
                // The app reloads the watchlist after an add (`WatchlistViewModel.addCoin`).
                if foreground, loop.loadsFirst { execute(loop.start(at: now), at: now) }
            } catch {
                recorder.failures["watchlist.refused_add", default: 0] += 1
            }
        case .removeCoin(let id):
            do {
                try watchlist.remove(coinId: id)
                loopIds?.removeAll { $0 == id }
            } catch {
                recorder.failures["watchlist.refused_remove", default: 0] += 1
            }
        case .background:
            foreground = false
            loop.stop()
        case .foreground:
            guard !foreground else { return }
            foreground = true
            execute(loop.start(at: now), at: now)
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

    /// Runs the coin screen's loads.
    mutating func execute(_ actions: [CoinDetailLoader.Action], at now: Int64) {
        for action in actions {
            switch action {
            case .fetchDetail(let id, let token):
                ask(requests.coinDetail(id: id), for: .detail(id: id, token: token), at: now)
            case .loadChart(let id, let type, let range): showChart(id: id, type: type, range: range, at: now)
            }
        }
    }

    /// Loads a chart (`CoinDetailViewModel.loadLineChartData(forRange:)` and the candle twin):
    /// from the chart cache if fresh, otherwise requested.
    mutating func showChart(id: String, type: ChartType, range requested: ChartTimeRange, at now: Int64) {
        let profile = config.policies.rangeProfile
        let range = profile.closestAvailableRange(to: requested, for: type)
        let key = chartCache.key(coinId: id, type: type, range: range)
        let lookup = chartCache.lookup(coinId: id, type: type, range: range, at: now)
        let trace = recorder.recordLookup(
            cache: "chart", capacity: config.policies.chartCacheCapacity, key: key, at: now,
            ttl: chartCache.ttlMilliseconds(for: range), hit: lookup.isHit)
        if let payload = lookup.freshValue {
            render(payload, id: id, type: type, range: range, at: now)
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
        case .watchlist(let refresh, let ids, let key, let lookup):
            try receiveWatchlist(
                body, request: request, refresh: refresh, ids: ids, key: key, lookup: lookup,
                dataTime: dataTime,
                at: now)
        case .detail(_, let token):
            _ = try CoinGeckoResponseClassifier.decode(body, for: request) {
                body, source throws(LocatedDecodingError) in try CoinDetail.decode(body, source: source)
            }
            execute(detailScreen.detailFinished(token: token, succeeded: true), at: now)
        case .chart(let id, let type, let range, let lookup):
            let chart = try processChart(body, request: request, type: type, range: range, at: now)
            chartCache.store(chart.cached, coinId: id, type: type, range: range, at: now)
            recorder.recordStore(cache: "chart", lookup: lookup, at: now)
            render(chart.drawn, id: id, type: type, range: range, at: now)
        }
    }

    /// A failed request: the watchlist keeps its data (and ages), a chart may show its stale entry.
    mutating func fail(_ purpose: Purpose, _ error: CoinGeckoError, at now: Int64) {
        let name: String
        switch purpose {
        case .watchlist(let refresh, _, _, _):
            name = "watchlist"
            failWatchlist(refresh: refresh, at: now)
        case .detail(_, let token):
            name = "detail"
            execute(detailScreen.detailFinished(token: token, succeeded: false), at: now)
        case .chart(let id, let type, let range, _):
            name = "chart"
            if config.policies.staleIfError,
                let stale = chartCache.serveStale(coinId: id, type: type, range: range, at: now)
            {
                recorder.recordStaleServed(cache: "chart")
                recorder.plots.staleServes["\(range.rawValue).\(type.rawValue)", default: 0] += 1
                render(stale.value, id: id, type: type, range: range, at: now)
            } else {
                recorder.recordChart(ChartKey(range, type)) { $0.failed += 1 }
            }
        }
        recorder.failures["\(name).\(error.kind.metricName)", default: 0] += 1
    }
}
