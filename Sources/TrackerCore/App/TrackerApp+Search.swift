extension TrackerApp {
    /// The user opens a search sheet where its goal is done (the watchlist root's "+" for a coin,
    /// the Portfolio tab's "+" and its picker for a transaction); the text is typed after
    /// (``AppWake/keystroke(_:)``, the user's timing).
    mutating func openSearch(goal: SearchGoal, typing text: String, at now: Int64) {
        switch goal {
        case .addCoin: goToWatchlistRoot(at: now)
        case .trade: execute(navigation.select(.portfolio), at: now)
        }
        execute(navigation.present(goal.sheet), at: now)
        search?.goal = goal
        search?.text = text
    }

    /// A search sheet's `.task`: `loadCoinList()`, unless the process holds the list.
    mutating func startSearchSheet(at now: Int64) {
        let cached = coinList.flatMap { now - $0.storedAt < Self.coinListTTLMilliseconds ? $0.coins : nil }
        let session = CoinSearchSession(cachedCoinList: cached)
        sheetsPresented += 1
        search = OpenSearchSheet(session: session, number: sheetsPresented)
        execute(session.open(), at: now)
    }

    /// `CoinGeckoService`'s coin-list cache: 7 days.
    static let coinListTTLMilliseconds: Int64 = 7 * 86_400_000

    /// `/coins/list` arrived: the process keeps it; an open sheet searches in it from now on.
    mutating func coinListLoaded(_ list: [CoinListEntry], at now: Int64) {
        coinList = (list, now)
        search?.session.coinListLoaded(list)
    }

    /// A keystroke in the open sheet.
    mutating func type(_ text: String, at now: Int64) {
        guard var current = search else { return }
        let actions = current.session.type(text, at: now)
        search = current
        execute(actions, at: now)
    }

    /// A keystroke's debounce ended.
    mutating func searchDebounceEnded(token: Int, at now: Int64) {
        guard var current = search else { return }
        let actions = current.session.debounceEnded(token: token)
        search = current
        execute(actions, at: now)
    }

    /// The matches' market data arrived (empty after a failure).
    mutating func searchMarketDataArrived(token: Int, marketCaps: [String: Double], at now: Int64) {
        guard var current = search else { return }
        let actions = current.session.marketDataArrived(token: token, marketCaps: marketCaps)
        search = current
        execute(actions, at: now)
    }

    /// Runs a search's actions.
    mutating func execute(_ actions: [CoinSearchSession.Action], at now: Int64) {
        for action in actions {
            switch action {
            case .fetchCoinList:
                guard let sheet = search?.number else { continue }
                ask(requests.coinsList(), for: .coinList(sheet: sheet), from: .search, at: now)
            case .wake(let token, let time): schedule(.searchDebounce(token: token), at: time)
            case .fetchMarketData(let ids, let token): startFetch(.search(token: token), ids: ids, at: now)
            case .showResults(let results): resultsShown(results, at: now)
            }
        }
    }

    /// The results are on screen: once they are the whole text's (a person still typing does not
    /// tap the results of a query that fired mid-word), the user picks the coin the goal names,
    /// if it is there, and the sheet closes.
    private mutating func resultsShown(_ results: [CoinListEntry], at now: Int64) {
        guard let current = search, !current.session.query.isEmpty, current.session.query == current.text,
            let goal = current.goal
        else { return }
        execute(navigation.dismissSheet(), at: now)
        guard results.contains(where: { $0.id == goal.coinId }) else {
            emit(.failed(.search, .notInResults))
            return
        }
        switch goal {
        case .addCoin(let coin): add(coin, at: now)
        case .trade(let transaction):
            guard record(transaction, throughForm: true, at: now) else { return }
            // `AddTransactionView`'s `onSave`: the Portfolio tab loads again.
            execute(portfolioLoop.loadOnce(), at: now)
        }
    }
}

/// A search sheet on screen: its search, what the user means to do, and the text they type.
struct OpenSearchSheet: Sendable {
    /// The sheet's search.
    var session: CoinSearchSession
    /// Which sheet this is (its coin-list request is its `.task`'s).
    var number: Int
    /// What the user means to do with the results.
    var goal: SearchGoal?
    /// The whole text the user types.
    var text: String?

    /// A sheet just presented.
    init(session: CoinSearchSession, number: Int) { (self.session, self.number) = (session, number) }
}
