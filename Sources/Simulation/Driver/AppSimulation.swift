import PriceModels
import TrackerCore

/// One run: the app's logic from `TrackerCore` driven on virtual time against the simulated
/// CoinGecko, exactly as the app calls it (request builder -> rate limiter -> transport ->
/// classifier -> decoder -> caches, screens, alerts).
///
/// Single-threaded and event-driven: the only clock is the event queue, events due at the same
/// time run in scheduling order, and all randomness comes from streams derived from the seed, so
/// a run is a pure function of its ``RunConfig``.
public struct AppSimulation: ~Copyable {
    enum Event: Sendable {
        case loopWake(token: Int)
        case portfolioWake(token: Int)
        case searchWake(token: Int)
        /// A widget timeline's reload date (WidgetKit's, outside the app's process).
        case widgetWake(token: Int)
        case keystroke(String)
        case action(UserAction)
        case wake(request: Int)
        case arrival(request: Int, reply: ServerReply)
        case timeout(request: Int)

        /// Whether the event is a sleep ending inside the app's process: iOS suspends the
        /// process in the background, so such an event waits for the foreground (the sleeps are
        /// on a continuous clock: one that fell due meanwhile ends at once).
        var isInProcessWake: Bool {
            switch self {
            case .loopWake, .portfolioWake, .searchWake, .wake: true
            case .widgetWake, .keystroke, .action, .arrival, .timeout: false
            }
        }
    }

    /// What a request is for.
    enum Purpose: Sendable {
        case marketData(fetch: Int, ids: [String], cacheKey: String, lookup: Int?)
        case coinList
        case detail(id: String, token: Int)
        case chart(id: String, type: ChartType, range: ChartTimeRange, lookup: Int)
        /// The home-screen widget's fetch (its own process: no limiter, no cache).
        case widget(token: Int)
    }

    struct Pending {
        var request: HTTPRequest
        var purpose: Purpose
        var askedAt: Int64
        /// The screen whose code asked.
        var screen: AppScreenKind
    }

    let config: RunConfig
    var queue = EventQueue<Event>()
    var server: SimulatedServer
    /// Every request's way through the client's limiter (TrackerCore's machine).
    var requestLifecycle: RequestLifecycle
    let requests: CoinGeckoRequests
    let preparation: ChartPreparation
    var watchlist: Watchlist {
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
    var heldWakes: [Event] = []
    /// The Portfolio tab's loads.
    var portfolioLoop: PortfolioRefreshLoop
    /// The app's home-screen widget under WidgetKit, if the scenario installs one.
    var widget: HomeScreenWidget?
    /// The market data of the Portfolio tab's last load, by id: the prices its holdings show.
    var portfolioPrices: [String: CoinMarket]?
    /// When the Portfolio tab's last load ended.
    var portfolioLoadedAt: Int64 = 0
    /// The open search sheet and what the user means to do with it.
    var search: (session: CoinSearchSession, goal: SearchGoal?)?
    /// `/coins/list` as `CoinGeckoService.fetchCoinList()` holds it (7 days, for the process).
    var coinList: (coins: [CoinListEntry], storedAt: Int64)?
    var marketCache: MarketDataCache
    var detailScreen: CoinDetailLoader
    /// Chart loads through the chart cache (TrackerCore's rules: fresh, request, stale-if-error).
    var chartLoader: ChartLoader
    /// The last point of the chart each type last drew on the open coin screen (the view model's
    /// `lineChartData` and `candleChartData`: a failed load leaves the previous chart drawn);
    /// empty when a coin screen opens.
    var chartsOnScreen: [ChartType: Int64?] = [:]
    /// Lookups so far by cache: the next lookup's place in its trace.
    var lookupCounts: [String: Int] = [:]
    /// The screen on top when last told (for ``RunEvent/screenChanged(_:)``).
    var screenOnTop: AppScreenKind??
    /// The run's wall timer (``run(timer:progress:)``), kept out of the result.
    var wallTimer: (any WallTimer)?
    var alerts: AlertEvaluator
    var lastAlertEvaluation: [String: Int64] = [:]
    var transactions: [PortfolioTransaction] = []
    /// The coins the Portfolio tab lists as holdings, kept as trades are recorded (the screen is
    /// told its contents after every event).
    var heldCoinIds: [String] = []
    var pending: [Int: Pending] = [:]
    var nextRequest = 0
    var online = true
    /// The metrics recorder and the caller's observer, which every event goes to.
    var observers = RunObservers()
    /// The last `/coins/markets` body decoded for each request (by its cache key) and its rows.
    /// The server often answers a poll with the bytes it sent the poll before (the market has
    /// not ticked): decoding is a pure function of the bytes, so equal bytes reuse the rows. A
    /// watchlist in several batches polls several requests in turn, hence one per request.
    var lastMarketsDecodes: [String: (body: [UInt8], rows: [CoinMarket])] = [:]
    /// The last market-data request's target and its key in the cache trace.
    var lastTraceKey: (target: String, key: String)?
    /// The last market-data fetch's requests and what they were built from: every refresh asks
    /// for the same coins, and building the batches (deduplicating, percent-encoding, joining
    /// the ids) is a pure function of them, 5 % of a year's run when done every time.
    var lastFetchRequests: (source: WatchlistRefreshSource, ids: [String], requests: [HTTPRequest])?

    /// Prepares a run.
    ///
    /// - Parameter config: The run's inputs.
    /// - Throws: ``AlertError`` for invalid alerts.
    public init(config: RunConfig) throws(AlertError) {
        // The only step that can fail goes first, so a failure never leaves a partial value.
        alerts = try AlertEvaluator(alerts: config.alerts)
        self.config = config
        let policies = config.policies
        server = SimulatedServer(
            source: config.market, behaviour: config.server,
            seed: StreamSeed(root: config.seed, stream: "server"))
        var backoff = policies.backoff
        if case .exponential(var exponential) = backoff {
            var stream = StreamSeed.splitMix(root: config.seed, stream: "backoff")
            exponential.seed = stream.next()
            backoff = .exponential(exponential)
        }
        requestLifecycle = RequestLifecycle(
            limiter: RateLimiter(policy: policies.limiter, plan: config.server.plan, backoff: backoff))
        requests = CoinGeckoRequests(
            timeoutMilliseconds: policies.timeoutMilliseconds,
            maxTargetLength: policies.maxMarketsTargetLength,
            marketsPaging: policies.marketsPaging)
        preparation = policies.chartPreparation
        watchlist = Watchlist(
            entries: config.watchlist.enumerated().map {
                WatchlistEntry(coinId: $1.id, position: $0, addedAt: config.start)
            },
            coins: config.watchlist)
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
        navigation = AppNavigation(active: config.startsInForeground)
        portfolioLoop = PortfolioRefreshLoop(intervalMilliseconds: policies.refreshIntervalMilliseconds)
        if config.hasWidget {
            var stream = StreamSeed.splitMix(root: config.seed, stream: "widget")
            widget = HomeScreenWidget(
                build: policies.widget, budget: WidgetKitBudget(start: config.start, seed: stream.next()))
        }
    }

    /// Runs to the end of the simulated span. The timer and progress see the run but never enter
    /// its result.
    ///
    /// - Parameters:
    ///   - timer: Measures the downsampling's wall time, if given.
    ///   - progress: Told the share of simulated time done (0...1), at each whole percent.
    ///   - events: Told every event of the run, with its time, beside the metrics (the CLI's
    ///     `--events` writer); it never changes the result.
    /// - Returns: The result: metrics under their stable names.
    public mutating func run(
        timer: (any WallTimer)? = nil, progress: (@Sendable (Double) -> Void)? = nil,
        events: ((RunEvent, Int64) -> Void)? = nil
    ) -> RunResult {
        wallTimer = timer
        observers.sink = events
        var actions = ActionFeed(
            script: config.script,
            sessions: config.user?.sessions(
                from: config.start, to: config.end, coins: config.watchlist,
                profile: config.policies.rangeProfile,
                generator: StreamSeed.splitMix(root: config.seed, stream: "user"), price: config.truePrice))
        if widget != nil { execute(widget!.add(at: config.start), at: config.start) }
        execute(navigation.launch(), at: config.start)
        updateScreen(at: config.start)
        var reportedPercent = -1
        var processed = 0
        while true {
            let time: Int64
            let event: Event
            if let action = actions.take(dueBy: queue.nextTime) {
                (time, event) = (action.time, .action(action.action))
            } else if let next = queue.next() {
                (time, event) = next
            } else {
                break
            }
            guard time <= config.end else { break }
            processed += 1
            handle(event, at: time)
            updateScreen(at: time)
            if let progress, config.durationMilliseconds > 0 {
                let percent = Int((time - config.start) * 100 / config.durationMilliseconds)
                if percent > reportedPercent {
                    reportedPercent = percent
                    progress(Double(percent) / 100)
                }
            }
        }
        progress?(1)
        // Under the app's rule a coin the last load left out is not on screen at all: left off,
        // not "Data unavailable".
        let shown = Set(watchlistScreen.shown(of: watchlist.coinIds))
        let unavailable = watchlist.rows(sortedBy: .custom, at: config.end).filter {
            $0.isUnavailable && shown.contains($0.coinId)
        }
        emit(
            .finished(
                watchlistCoins: watchlist.entries.count, unavailable: unavailable.count,
                leftOff: watchlist.coinIds.count - shown.count, events: processed), at: config.end)
        return RunResult(
            config: config, recorder: observers.recorder, server: server, transactions: transactions,
            shownPrices: portfolioPrices?.compactMapValues(\.currentPrice))
    }

    private mutating func handle(_ event: Event, at now: Int64) {
        if case .action(let action) = event { emit(.userAction(action), at: now) }
        if suspended, event.isInProcessWake {
            heldWakes.append(event)
            return
        }
        switch event {
        case .loopWake(let token):
            execute(watchlistScreen.wake(token: token, list: watchlist.coinIds, at: now), at: now)
        case .portfolioWake(let token): execute(portfolioLoop.wake(token: token, at: now), at: now)
        case .widgetWake(let token):
            if widget != nil { execute(widget!.wake(token: token, at: now), at: now) }
        case .searchWake(let token): searchDebounceEnded(token: token, at: now)
        case .keystroke(let text): type(text, at: now)
        case .action(let action): perform(action, at: now)
        case .wake(let id): wake(id, at: now)
        case .arrival(let id, let reply): arrive(id, reply: reply, at: now)
        case .timeout(let id):
            guard let request = pending.removeValue(forKey: id) else { return }
            recordAnswer(id, status: nil, at: now)
            fail(request.purpose, RequestLifecycle.timeout(of: request.request), at: now)
        }
    }

    /// Asks the limiter for a slot, as the client does before every request.
    mutating func ask(_ request: HTTPRequest, for purpose: Purpose, from screen: AppScreenKind, at now: Int64)
    {
        guard online else {
            fail(
                purpose, CoinGeckoError(.transport(.connectionFailed("offline")), request: request.target),
                at: now)
            return
        }
        let id = nextRequest
        nextRequest += 1
        pending[id] = Pending(request: request, purpose: purpose, askedAt: now, screen: screen)
        step(id, requestLifecycle.ask(at: now), at: now)
    }

    private mutating func step(_ id: Int, _ step: RequestLifecycle.Step, at now: Int64) {
        switch step {
        case .send: send(id, at: now)
        case .wait(let slot): queue.schedule(.wake(request: id), at: slot)
        }
    }

    private mutating func wake(_ id: Int, at now: Int64) {
        step(id, requestLifecycle.woke(at: now), at: now)
    }

    private mutating func send(_ id: Int, at now: Int64) {
        guard pending[id] != nil else { return }
        requestLifecycle.send(at: now)
        transmit(id, at: now)
    }

    /// A pending request leaves for the server; its answer, or its timeout, is scheduled.
    mutating func transmit(_ id: Int, at now: Int64) {
        guard let request = pending[id] else { return }
        emit(
            .requestSent(
                id: id, askedAt: request.askedAt, screen: request.screen,
                endpoint: request.request.endpoint?.template ?? request.request.path,
                target: request.request.target),
            at: now)
        let reply = server.handle(request.request, at: now)
        if reply.response == nil || reply.latencyMilliseconds >= request.request.timeoutMilliseconds {
            queue.schedule(.timeout(request: id), at: now + request.request.timeoutMilliseconds)
        } else {
            queue.schedule(.arrival(request: id, reply: reply), at: now + reply.latencyMilliseconds)
        }
    }

    /// The answer to a request arrived (`status` nil: none, a timeout), billed as the plan bills it.
    private mutating func recordAnswer(_ id: Int, status: Int?, at now: Int64) {
        emit(
            .answered(id: id, status: status, billed: config.server.plan.billing.bills(status: status)),
            at: now)
    }

    /// Reports an event to the run's observers (the metrics among them).
    mutating func emit(_ event: RunEvent, at now: Int64) { observers.emit(event, at: now) }

    /// Reports a cache lookup; returns its place in the cache's trace.
    mutating func recordLookup(
        cache: String, capacity: Int, key: String, ttl: Int64, hit: Bool, at now: Int64
    ) -> Int {
        let index = lookupCounts[cache, default: 0]
        lookupCounts[cache] = index + 1
        emit(
            .cacheLookup(cache: cache, capacity: capacity, key: key, ttlMilliseconds: ttl, hit: hit), at: now)
        return index
    }

    private mutating func arrive(_ id: Int, reply: ServerReply, at now: Int64) {
        guard let request = pending.removeValue(forKey: id), let response = reply.response else { return }
        recordAnswer(id, status: response.status, at: now)
        if case .widget(let token) = request.purpose {
            if response.status == 429 { emit(.rateLimited(id: id, retryAfterMilliseconds: nil), at: now) }
            widgetAnswered(token: token, response: response, dataTime: reply.dataTime ?? now, at: now)
            return
        }
        switch requestLifecycle.answer(response, to: request.request, at: now) {
        case .success(let body):
            do throws(CoinGeckoError) {
                try succeed(request, body: body, dataTime: reply.dataTime ?? now, at: now)
            } catch {
                fail(request.purpose, error, at: now)
            }
        case .failure(let error):
            if case .rateLimited(let retryAfter, _) = error.kind {
                emit(.rateLimited(id: id, retryAfterMilliseconds: retryAfter), at: now)
            }
            fail(request.purpose, error, at: now)
        }
    }
}
