import TrackerCore
import WorkbenchFoundation

extension AppSimulation {
    /// The app's reaction to a user action. Each verb is done where the app offers it: a coin
    /// row, adding and removing on the watchlist tab's root; a transaction on the Portfolio tab.
    mutating func perform(_ action: UserAction, at now: Int64) {
        switch action {
        case .openCoin(let id): execute(navigation.push(coin: id), at: now)
        case .closeCoin: execute(navigation.pop(), at: now)
        case .selectTab(let tab): execute(navigation.select(tab), at: now)
        case .switchRange(let range): execute(detailScreen.switchRange(to: range), at: now)
        case .switchChartType(let type): execute(detailScreen.switchType(to: type), at: now)
        case .refreshCoin: execute(detailScreen.refresh(), at: now)
        case .showChart(let id, let type, let range): showChart(id: id, type: type, range: range, at: now)
        case .pullToRefresh:
            switch navigation.visibleView {
            case .watchlistRoot: execute(watchlistScreen.pull(list: watchlist.coinIds), at: now)
            case .portfolioRoot: execute(portfolioLoop.loadOnce(), at: now)
            case .coinScreen: execute(detailScreen.refresh(), at: now)
            case .sheet, nil: break
            }
        case .search(let text, let goal): openSearch(text: text, goal: goal, at: now)
        case .addCoin(let coin):
            goToWatchlistRoot(at: now)
            add(coin, at: now)
        case .removeCoin(let id):
            goToWatchlistRoot(at: now)
            remove(id, at: now)
        case .background: execute(navigation.enterBackground(), at: now)
        case .foreground: execute(navigation.becomeActive(), at: now)
        case .offline: online = false
        case .online: online = true
        case .trade(let transaction): _ = record(transaction, at: now)
        }
    }

    /// Pops a coin screen and selects the watchlist tab, where the list's own verbs are.
    mutating func goToWatchlistRoot(at now: Int64) {
        execute(navigation.select(.watchlist), at: now)
        execute(navigation.pop(), at: now)
    }

    /// `WatchlistViewModel.addCoin(coinId:)`: the coin is stored, then `loadWatchlistWithPrices()`
    /// runs in a task of its own (a load, then a new loop).
    mutating func add(_ coin: CoinListEntry, at now: Int64) {
        do {
            try watchlist.add(coin, at: now)
            if navigation.isActive {
                execute(watchlistScreen.added(list: watchlist.coinIds, at: now), at: now)
            }
        } catch {
            emit(.failed(screen: "watchlist", kind: "refused_add"), at: now)
        }
    }

    /// `WatchlistViewModel.removeCoin(coinId:)`: the row leaves and `startPeriodicUpdates()` starts
    /// the loop again over the rest, without a load; an empty list stops it.
    mutating func remove(_ id: String, at now: Int64) {
        do {
            try watchlist.remove(coinId: id)
            execute(watchlistScreen.removed(id, list: watchlist.coinIds, at: now), at: now)
        } catch {
            emit(.failed(screen: "watchlist", kind: "refused_remove"), at: now)
        }
    }

    /// Runs what SwiftUI fires as the navigation changes: each view's `.task` and `.onDisappear`.
    mutating func execute(_ events: [AppNavigation.Lifecycle], at now: Int64) {
        for event in events {
            switch event {
            case .appear(.watchlistRoot):
                execute(watchlistScreen.appear(list: watchlist.coinIds, at: now), at: now)
            case .disappear(.watchlistRoot): watchlistScreen.disappear()
            case .appear(.coinScreen(let id)):
                if detailScreen.coinId == id {
                    execute(detailScreen.reappear(), at: now)
                } else {
                    chartsOnScreen = [:]
                    execute(detailScreen.open(coinId: id), at: now)
                }
            case .disappear(.coinScreen): detailScreen.cancelLoads()
            case .popped: detailScreen.close()
            case .appear(.portfolioRoot): execute(portfolioLoop.appear(), at: now)
            case .disappear(.portfolioRoot): execute(portfolioLoop.disappear(at: now), at: now)
            case .appear(.sheet): startSearchSheet(at: now)
            case .disappear(.sheet): search = nil
            case .reloadWidgetTimelines: reloadWidgetTimelines(at: now)
            case .suspended: suspended = true
            case .resumed:
                suspended = false
                for event in heldWakes { queue.schedule(event, at: now) }
                heldWakes = []
            }
        }
    }

    /// Runs the coin screen's loads.
    mutating func execute(_ actions: [CoinDetailLoader.Action], at now: Int64) {
        for action in actions {
            switch action {
            case .fetchDetail(let id, let token):
                ask(requests.coinDetail(id: id), for: .detail(id: id, token: token), from: .coin, at: now)
            case .loadChart(let id, let type, let range): showChart(id: id, type: type, range: range, at: now)
            }
        }
    }

    /// Loads a chart (`CoinDetailViewModel.loadLineChartData(forRange:)` and the candle twin):
    /// from the chart cache if fresh, otherwise requested.
    mutating func showChart(id: String, type: ChartType, range requested: ChartTimeRange, at now: Int64) {
        let range = chartLoader.resolvedRange(requested, for: type)
        let (outcome, hit) = chartLoader.load(coinId: id, type: type, range: range, at: now)
        let trace = recordLookup(
            cache: "chart", capacity: config.policies.chartCacheCapacity,
            key: chartLoader.cache.key(coinId: id, type: type, range: range),
            ttl: chartLoader.cache.storedTTLMilliseconds(for: range), hit: hit, at: now)
        switch outcome {
        case .draw(let payload): render(payload, id: id, type: type, range: range, at: now)
        case .request(let request):
            ask(request, for: .chart(id: id, type: type, range: range, lookup: trace), from: .coin, at: now)
        }
    }

    /// A 2xx body: decoded as its endpoint, then applied as the app does.
    mutating func succeed(_ pending: Pending, body: [UInt8], dataTime: Int64, at now: Int64)
        throws(CoinGeckoError)
    {
        let request = pending.request
        switch pending.purpose {
        case .marketData(let fetch, let ids, let key, let lookup):
            try receiveMarketData(
                body, request: request, fetch: fetch, ids: ids, key: key, lookup: lookup, dataTime: dataTime,
                at: now)
        case .coinList:
            let list = try CoinGeckoResponseClassifier.decode(body, for: request) {
                body, source throws(LocatedDecodingError) in
                try CoinListEntry.decodeList(body, source: source)
            }
            coinListLoaded(list, at: now)
        case .detail(_, let token):
            _ = try CoinGeckoResponseClassifier.decode(body, for: request) {
                body, source throws(LocatedDecodingError) in try CoinDetail.decode(body, source: source)
            }
            execute(detailScreen.detailFinished(token: token, succeeded: true), at: now)
        case .widget:
            preconditionFailure("the widget's answers do not go through the app's client")
        case .chart(let id, let type, let range, let lookup):
            let chart = try processChart(body, request: request, type: type, range: range, at: now)
            chartLoader.store(chart.cached, coinId: id, type: type, range: range, at: now)
            emit(.cacheStored(cache: "chart", lookup: lookup), at: now)
            render(chart.drawn, id: id, type: type, range: range, at: now)
        }
    }

    /// A failed request: the watchlist keeps its data (and ages), a chart may show its stale entry.
    mutating func fail(_ purpose: Purpose, _ error: CoinGeckoError, at now: Int64) {
        let name: String
        switch purpose {
        case .widget(let token):
            // The widget's own failure, reported by its machine.
            widgetFetchFinished(token: token, .failure(.init(error.kind.metricName)), at: now)
            return
        case .marketData(let fetch, _, _, _):
            name = fetches[fetch]?.origin.screen.rawValue ?? "watchlist"
            failMarketData(fetch: fetch, at: now)
        case .coinList:
            name = "search"
        case .detail(_, let token):
            name = "detail"
            execute(detailScreen.detailFinished(token: token, succeeded: false), at: now)
        case .chart(let id, let type, let range, _):
            name = "chart"
            switch chartLoader.failed(coinId: id, type: type, range: range, at: now) {
            case .drawStale(let stale, _):
                emit(.staleServed(cache: "chart", chart: ChartKey(range, type)), at: now)
                render(stale, id: id, type: type, range: range, at: now)
            case .failed: emit(.chartFailed(ChartKey(range, type)), at: now)
            }
        }
        emit(.failed(screen: name, kind: error.kind.metricName), at: now)
    }
}
