import WorkbenchFoundation

extension TrackerApp {
    /// Runs the widget's actions (``HomeScreenWidget``: WidgetKit's reloads and the widget's
    /// timeline).
    mutating func execute(_ actions: [HomeScreenWidget.Action], at now: Int64) {
        for action in actions {
            switch action {
            case .reloaded(let kind): emit(.widgetReloaded(kind))
            case .refused: emit(.widgetReloadRefused)
            case .fetch(let ids, let token): sendWidgetRequest(ids: ids, token: token, at: now)
            case .failed(let failure): emit(.failed(.widget, failure.cause))
            case .pricesMissing(let count): emit(.widgetPricesMissing(count))
            case .show(let entry): emit(.widgetShown(entry))
            case .wake(let token, let time): schedule(.widget(token: token), at: time)
            }
        }
    }

    /// `WidgetCenter.shared.reloadAllTimelines()`: counted, then passed to WidgetKit if a widget
    /// is on the home screen.
    mutating func reloadWidgetTimelines(at now: Int64) {
        emit(.widgetTimelinesReloaded)
        guard widget != nil else { return }
        execute(widget!.appAskedReload(appInForeground: navigation.isActive, at: now), at: now)
    }

    /// `WidgetDataProvider.updateAndReloadWidgets(summary:holdings:)` after a successful
    /// Portfolio-tab load: the holdings it priced go to the widget's files, then every timeline
    /// reloads.
    mutating func updateAndReloadWidgets(pricedIds: Set<String>, dataTime: Int64, at now: Int64) {
        let holdings = holdingsByValue(pricedIds: pricedIds)
        widget?.appWrote(holdings: holdings, dataTime: dataTime, at: now)
        reloadWidgetTimelines(at: now)
    }

    /// The held coins the load priced, in the Portfolio tab's order, which the branch's
    /// `refresh_data.json` keeps and its widget asks for: by current value at the load's prices,
    /// highest first (Pointwelve/Bitpal-iOS `122d91c`,
    /// `PortfolioViewModel.loadPortfolioWithPrices()`: `holdings.sort { $0.currentValue >
    /// $1.currentValue }`, then `WidgetDataProvider.prepareRefreshData`). Equal values keep
    /// `computeHoldings`' order, a dictionary's (the process's hash seed): here by id.
    func holdingsByValue(pricedIds: Set<String>) -> [String] {
        let prices = portfolioPrices ?? [:]
        let valued = ledger.heldCoinIds.filter(pricedIds.contains).map { id -> (id: String, value: Double) in
            let price: Double = policies.missingRows.shownPrice(prices[id]?.currentPrice) ?? 0
            let quantity: Double = (ledger.heldQuantities[id] ?? 0).doubleValue
            return (id, quantity * price)
        }
        return valued.sorted { $0.value != $1.value ? $0.value > $1.value : $0.id < $1.id }.map(\.id)
    }

    /// The widget's own request: past the app's limiter and caches. `WidgetAPIClient` uses
    /// `URLSession.shared` in the extension's process (Pointwelve/Bitpal-iOS `122d91c`,
    /// `BitpalWidget/Services/WidgetAPIClient.swift`, `fetchPrices(coinIds:)`), whose own URL
    /// cache answers a repeated request within CoinGecko's `max-age`; the rest go to the server.
    private mutating func sendWidgetRequest(ids: [String], token: Int, at now: Int64) {
        guard online else {
            widgetFetchFinished(token: token, .failure(.init(.offline)), at: now)
            return
        }
        let request = HomeScreenWidget.request(for: ids)
        if let cached = widgetHTTPCache?.lookup(request.target, at: now) {
            widgetAnswered(token: token, response: cached.response, dataTime: cached.dataTime, at: now)
            return
        }
        let id = nextRequest
        nextRequest += 1
        pending[id] = Pending(request: request, purpose: .widget(token: token), askedAt: now, screen: .widget)
        transmit(id)
    }

    /// The widget's answer: `WidgetAPIClient` takes only a 200, calls a 429 `rateLimited` and
    /// any other status an HTTP error; the rows are decoded, then held to the widget's rules.
    mutating func widgetAnswered(token: Int, response: HTTPResponse, dataTime: Int64, at now: Int64) {
        guard response.status == 200 else {
            let cause: FailureKind = response.status == 429 ? .rateLimited : .httpStatus(response.status)
            widgetFetchFinished(token: token, .failure(.init(cause)), at: now)
            return
        }
        do throws(LocatedDecodingError) {
            let rows = try CoinMarket.decodeList(response.body, source: "widget")
            widgetFetchFinished(token: token, .success((rows, dataTime)), at: now)
        } catch {
            widgetFetchFinished(token: token, .failure(.init(.decoding)), at: now)
        }
    }

    /// Reports the widget's fetch to its machine.
    mutating func widgetFetchFinished(
        token: Int, _ result: Result<(rows: [CoinMarket], dataTime: Int64), HomeScreenWidget.FetchFailure>,
        at now: Int64
    ) {
        guard widget != nil else { return }
        execute(widget!.fetchFinished(token: token, result: result, at: now), at: now)
    }
}
