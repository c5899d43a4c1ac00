/// The whole app as one clock-free machine: its screens, loops, caches, search, coin screen,
/// portfolio, the home-screen widget under WidgetKit, and price alerts as the workbench's
/// extension, composed from TrackerCore's machines, with every rule that joins them.
///
/// Inputs are user actions (``perform(_:at:)``), wakes (``wake(_:at:)``), answers
/// (``receive(_:forRequest:dataTime:at:)``) and timeouts (``timedOut(request:at:)``). Outputs
/// are ``AppEffect``s, read with ``takeEffects(into:)``: requests to send, wakes to schedule, and
/// the ``RunEvent``s metrics observe. A shell executes them: the simulator on virtual time,
/// `workbench live` on the wall clock. The machine reads no clock and holds no shell's state, so
/// both shells run the same app.
public struct TrackerApp: Sendable {
    /// What a request is for.
    enum Purpose: Sendable {
        case marketData(fetch: Int, ids: [String], cacheKey: String, lookup: Int?)
        /// `/coins/list` for a search sheet's `.task` (its number), which the dismissal cancels.
        case coinList(sheet: Int)
        case detail(id: String, token: Int)
        /// A chart load; `task` is the coin screen's `.task` load it belongs to (its token), nil
        /// for a range or type switch (a `Task` of its own that nothing cancels).
        case chart(id: String, type: ChartType, range: ChartTimeRange, lookup: Int, task: Int?)
        /// The home-screen widget's fetch (its own process: no limiter, no cache).
        case widget(token: Int)

        /// Whether the widget's extension asked (not the app's session).
        var isWidget: Bool { if case .widget = self { true } else { false } }
    }

    /// A request asked for and not yet answered.
    struct Pending: Sendable {
        var request: HTTPRequest
        var purpose: Purpose
        var askedAt: Int64
        /// The screen whose code asked.
        var screen: AppScreenKind
        /// The HTTP cache's missed lookup this request answers, for its trace.
        var httpLookup: Int?
    }

    /// The app's settings.
    public let policies: AppPolicies
    /// What the effects asked for so far, in order, until the shell takes them.
    var effects: [AppEffect] = []
    /// Every request's way through the client's limiter.
    var requestLifecycle: RequestLifecycle
    let requests: CoinGeckoRequests
    let preparation: ChartPreparation
    /// The watchlist view model's coins and quotes.
    public internal(set) var watchlist: Watchlist {
        didSet { watchlistRevision &+= 1 }
    }
    /// Counts the watchlist's changes, so the screen's rows are built again only when it or the
    /// rows shown changed (``WatchlistRowsShown``).
    var watchlistRevision = 0
    /// The watchlist rows last shown, while they are the last thing shown.
    var watchlistRowsShown: WatchlistRowsShown?
    /// The watchlist screen's refreshes: its price loop and which coins each fetch asks for.
    var watchlistScreen: WatchlistScreen
    var fetches: [Int: MarketDataFetch] = [:]
    var nextFetch = 0
    /// Tabs, the watchlist's stack, sheets and the scene.
    var navigation: AppNavigation
    /// Whether iOS has suspended the process (the app is in the background).
    var suspended = false
    /// In-process wakes that fell due while suspended, in order.
    var heldWakes: [AppWake] = []
    /// Whether iOS ended the process and the app has not launched again since.
    var processEnded = false
    /// The Portfolio tab's loads.
    var portfolioLoop: PortfolioRefreshLoop
    /// The app's home-screen widget under WidgetKit, if one is installed.
    var widget: HomeScreenWidget?
    /// The widget's size: whether its tap opens the Portfolio tab.
    var widgetFamily = WidgetFamily.medium
    /// The market data of the Portfolio tab's last load, by id: the prices its holdings show.
    var portfolioPrices: [String: CoinMarket]?
    /// When the Portfolio tab's last load ended.
    var portfolioLoadedAt: Int64 = 0
    /// What the Portfolio tab's content lists since its last successful load.
    var portfolioContent = PortfolioContent()
    /// The open search sheet and what the user means to do with it.
    var search: OpenSearchSheet?
    /// Search sheets presented so far (each sheet's `.task` asks for the coin list as its own).
    var sheetsPresented = 0
    /// `/coins/list` as `CoinGeckoService.fetchCoinList()` holds it (7 days, for the process).
    var coinList: (coins: [CoinListEntry], storedAt: Int64)?
    var marketCache: MarketDataCache
    var detailScreen: CoinDetailLoader
    /// Chart loads through the chart cache (fresh, request, stale-if-error).
    var chartLoader: ChartLoader
    /// The last point of the chart each type last drew on the open coin screen (the view model's
    /// `lineChartData` and `candleChartData`: a failed load leaves the previous chart drawn);
    /// empty when a coin screen opens.
    var chartsOnScreen: [ChartType: Int64?] = [:]
    /// When the open coin screen was pushed: a chart asked for before (by a popped screen of the
    /// same coin, whose `CoinDetailViewModel.switchTimeRange(to:)` loads in a task of its own)
    /// lands in that screen's view model, not this one's (`CoinDetailView` makes a view model for
    /// each push).
    var coinScreenOpenedAt: Int64 = .min
    /// Lookups so far by cache: the next lookup's place in its trace.
    var lookupCounts: [AppCache: Int] = [:]
    /// The screen on top when last told (for ``RunEvent/screenChanged(_:)``).
    var screenOnTop: AppScreenKind??
    /// Measures the downsampling's wall time, when a shell gives it a timer; never read back.
    public var timer: (any WallTimer)?
    var alerts: AlertEvaluator
    var lastAlertEvaluation: [String: Int64] = [:]
    /// The portfolio's ledger, in the order recorded.
    public internal(set) var transactions: [PortfolioTransaction] = []
    /// The ledger's holdings and closed positions, kept as trades are recorded.
    var ledger = LedgerPositions()
    var pending: [Int: Pending] = [:]
    /// The pending requests waiting for their limiter slot (asked, not yet sent): usually none,
    /// so the check after every input (``giveUpCancelledWaits(at:)``) costs nothing then.
    var waitingForSlot: Set<Int> = []
    /// The HTTP client's cache; nil under ``HTTPCachePolicy/none``.
    var httpCache: ClientHTTPCache?
    /// The widget extension's own `URLSession.shared` cache (another process: it outlives the
    /// app's); nil without a widget or under ``HTTPCachePolicy/none``.
    var widgetHTTPCache: ClientHTTPCache?
    var nextRequest = 0
    /// Whether the device has a network (``UserAction/offline`` and ``UserAction/online``).
    var online = true
    /// Memos of pure functions (request batches, decoded bodies, trace keys): never app state.
    var memos = AppMemos()

    /// Creates the app as launched.
    ///
    /// - Parameters:
    ///   - setup: Its settings, stored watchlist and alerts, scene and widget.
    ///   - plan: The CoinGecko plan its key (or none) is on: the limiter paces to it.
    ///   - start: The launch time, epoch ms (when the stored coins count as added).
    ///   - widgetSeed: The seed of WidgetKit's reload budget, if a widget is installed.
    ///   - backoffSeed: The seed of the limiter's backoff jitter.
    /// - Throws: ``AlertError`` for invalid alerts.
    public init(
        setup: AppSetup, plan: RateLimitPlan, start: Int64, widgetSeed: UInt64, backoffSeed: UInt64
    ) throws(AlertError) {
        // The only step that can fail goes first, so a failure never leaves a partial value.
        self.alerts = try AlertEvaluator(alerts: setup.alerts)
        let policies = setup.policies
        self.policies = policies
        var backoff = policies.backoff
        if case .exponential(var exponential) = backoff {
            exponential.seed = backoffSeed
            backoff = .exponential(exponential)
        }
        requestLifecycle = RequestLifecycle(
            limiter: RateLimiter(policy: policies.limiter, plan: plan, backoff: backoff))
        httpCache = policies.httpCache == .urlCache ? ClientHTTPCache() : nil
        widgetHTTPCache = policies.httpCache == .urlCache && setup.hasWidget ? ClientHTTPCache() : nil
        requests = CoinGeckoRequests(
            apiKey: setup.apiKey, timeoutMilliseconds: policies.timeoutMilliseconds,
            maxTargetLength: policies.maxMarketsTargetLength,
            marketsPaging: policies.marketsPaging)
        preparation = policies.chartPreparation
        watchlist = Watchlist(
            entries: (setup.watchlist ?? []).enumerated().map {
                WatchlistEntry(coinId: $1.id, position: $0, addedAt: start)
            },
            coins: setup.watchlist ?? [])
        marketCache = MarketDataCache(
            rule: policies.marketCacheRule, ttlMilliseconds: policies.marketCacheTTLMilliseconds)
        watchlistScreen = WatchlistScreen(
            loop: PriceRefreshLoop(
                schedule: policies.refreshSchedule,
                intervalMilliseconds: policies.refreshIntervalMilliseconds,
                loadsFirst: policies.refreshSchedule == .fetchThenSleep),
            missingRows: policies.missingRows)
        detailScreen = CoinDetailLoader(order: policies.detailLoadOrder, profile: policies.rangeProfile)
        chartLoader = ChartLoader(
            cache: ChartCache(
                profile: policies.rangeProfile, content: policies.chartCacheContent,
                capacity: policies.chartCacheCapacity, freshAtTTL: policies.chartCacheFreshAtTTL),
            staleIfError: policies.staleIfError, requests: requests)
        chartLoader.restore(setup.charts)
        navigation = AppNavigation(active: setup.startsInForeground)
        transactions = setup.transactions
        ledger = LedgerPositions(setup.transactions, method: setup.policies.costMethod)
        portfolioLoop = PortfolioRefreshLoop(intervalMilliseconds: policies.refreshIntervalMilliseconds)
        widgetFamily = setup.widgetFamily
        if setup.hasWidget {
            widget = HomeScreenWidget(
                build: policies.widget, budget: WidgetKitBudget(start: start, seed: widgetSeed))
        }
    }

    /// Moves the effects asked for so far into `buffer` (emptied first), in order.
    ///
    /// - Parameter buffer: Where they go; its storage is kept, so a shell that passes the same
    ///   buffer each time allocates nothing.
    public mutating func takeEffects(into buffer: inout [AppEffect]) {
        buffer.removeAll(keepingCapacity: true)
        swap(&buffer, &effects)
    }

    /// Launches the app: the widget is on the home screen, then the first tab appears.
    ///
    /// - Parameter now: The launch time.
    public mutating func launch(at now: Int64) {
        if widget != nil { execute(widget!.add(at: now), at: now) }
        execute(navigation.launch(), at: now)
    }

    /// A wake the app asked for (``AppEffect/schedule(_:at:)``) came. One inside the process
    /// waits while the process is suspended, and runs when it resumes.
    ///
    /// - Parameters:
    ///   - wake: Which.
    ///   - now: When.
    public mutating func wake(_ wake: AppWake, at now: Int64) {
        // The ended process's sleeps died with it.
        if processEnded, wake.isInProcess { return }
        if suspended, wake.isInProcess {
            heldWakes.append(wake)
            return
        }
        switch wake {
        case .priceLoop(let token):
            execute(watchlistScreen.wake(token: token, list: watchlist.coinIds, at: now), at: now)
        case .portfolioLoop(let token): execute(portfolioLoop.wake(token: token, at: now), at: now)
        case .widget(let token):
            if widget != nil { execute(widget!.wake(token: token, at: now), at: now) }
        case .searchDebounce(let token): searchDebounceEnded(token: token, at: now)
        case .keystroke(let text): type(text, at: now)
        case .requestSlot(let id):
            // A request given up while it waited has no slot to take.
            guard pending[id] != nil else { return }
            step(id, requestLifecycle.woke(at: now), at: now)
        }
    }

    /// The chart ranges the coin screen offers for each chart type (the user picks among them).
    public var chartRanges: ChartRangeProfile { policies.rangeProfile }

    /// Every coin's holding after the ledger, by the app's cost method (its Portfolio tab's
    /// figures).
    ///
    /// - Throws: ``PortfolioError`` when the ledger cannot be valued.
    func portfolioHoldings() throws(PortfolioError) -> [Holding] {
        try PortfolioLedger.holdings(transactions, method: policies.costMethod)
    }

    /// Whether a search sheet is open (the user can type in it).
    public var isSearching: Bool { search != nil }

    /// Reports an event to the shell.
    mutating func emit(_ event: RunEvent) { effects.append(.event(event)) }

    /// Asks the shell for a wake.
    mutating func schedule(_ wake: AppWake, at time: Int64) { effects.append(.schedule(wake, at: time)) }

    /// Reports a cache lookup; returns its place in the cache's trace.
    mutating func recordLookup(cache: AppCache, capacity: Int, key: String, ttl: Int64, hit: Bool) -> Int {
        let index = lookupCounts[cache, default: 0]
        lookupCounts[cache] = index + 1
        emit(.cacheLookup(cache: cache, capacity: capacity, key: key, ttlMilliseconds: ttl, hit: hit))
        return index
    }

    /// The run's end: the watchlist's coins, those shown "Data unavailable" and those left off.
    ///
    /// - Parameters:
    ///   - events: How many events the shell processed.
    ///   - now: The end.
    public mutating func finish(events: Int, at now: Int64) {
        // Under the app's rule a coin the last load left out is not on screen at all: left off,
        // not "Data unavailable".
        let holdings: Result<[Holding], PortfolioError>
        do throws(PortfolioError) {
            holdings = .success(try portfolioHoldings())
        } catch {
            holdings = .failure(error)
        }
        emit(
            .portfolioAtEnd(
                PortfolioAtEnd(
                    transactions: transactions, holdings: holdings,
                    shownPrices: portfolioPrices?.compactMapValues {
                        policies.missingRows.shownPrice($0.currentPrice)
                    })))
        let shown = Set(watchlistScreen.shown(of: watchlist.coinIds))
        let unavailable = watchlist.rows(sortedBy: .custom, at: now).filter {
            $0.isUnavailable && shown.contains($0.coinId)
        }
        emit(
            .finished(
                watchlistCoins: watchlist.entries.count, unavailable: unavailable.count,
                leftOff: watchlist.coinIds.count - shown.count, events: events))
    }
}
