/// The watchlist screen's refreshes, as a clock-free state machine: lifecycle events and fetch
/// results in, fetches and wakes out. It owns the decisions of
/// Pointwelve/Bitpal-iOS `Bitpal-v2/Bitpal/Features/Watchlist/ViewModels/WatchlistViewModel.swift`
/// that the price loop (``PriceRefreshLoop``) does not:
/// - **which coins a fetch asks for**: the load (`loadWatchlistWithPrices()`) asks for the whole
///   list; the loop (`startPeriodicUpdates()`) and pull-to-refresh (`refreshPrices()`) for the
///   coins on screen, which under ``MissingRowRule/appCompactMap`` are only those the last load
///   returned a row for;
/// - **after a load**, which coins stay on screen (the `compactMap`), and how many it left off;
/// - **pull-to-refresh** invalidates the market cache and fetches beside the loop, and does
///   nothing when no coin is on screen (`guard !watchlistCoins.isEmpty`);
/// - **adding** a coin loads again in a task of its own (`addCoin(coinId:)`: `Task {
///   loadWatchlistWithPrices() }`), not the view's: leaving the tab does not cancel it, the loop
///   already running keeps running until it ends, and when it succeeds it starts the loop again
///   (`startPeriodicUpdates()`), on screen or not (found by `conformance diff`'s
///   `watchlist-screen` rule, issue 66); the duplicate check reads the coins on screen
///   (`watchlistCoins`), so a coin listed but not yet loaded is added again;
///   **removing** one restarts the loop over the rest without a load (`removeCoin(coinId:)`), and
///   an emptied list stops it.
///
/// A shell runs each ``Action/fetch(ids:token:kind:)`` through the market cache and the network and
/// reports the ids that came back with ``fetchFinished(token:kind:answered:succeeded:list:at:)``.
public struct WatchlistScreen: Sendable, Equatable {
    /// Why a fetch runs.
    public enum FetchKind: Sendable, Equatable {
        /// The screen's load.
        case load
        /// A loop iteration.
        case loop
        /// Pull-to-refresh.
        case pull
        /// The load an added coin starts, in a task of its own.
        case addLoad

        /// Whether the fetch is a load (its answer decides the coins on screen).
        public var isLoad: Bool { self == .load || self == .addLoad }
    }

    /// What the shell must do.
    public enum Action: Sendable, Equatable {
        /// Fetch these coins' market data through the market cache; report the end with
        /// ``WatchlistScreen/fetchFinished(token:kind:answered:succeeded:list:at:)``. An empty list means
        /// no fetch: report it at once.
        case fetch(ids: [String], token: Int, kind: FetchKind)
        /// Forget the market cache (`invalidateMarketDataCache()`), before the pull's fetch.
        case invalidateCache
        /// Call ``WatchlistScreen/wake(token:at:)`` at this time.
        case wake(token: Int, at: Int64)
    }

    /// The price loop.
    public private(set) var loop: PriceRefreshLoop
    /// What a missing row does.
    public let missingRows: MissingRowRule
    /// The coins the last successful load returned a row for, in the list's order; nil before
    /// one. The loop and pull-to-refresh ask for these (`startPeriodicUpdates()` takes the coins
    /// the load put on screen).
    public private(set) var loadedIds: [String]?
    /// The loads under way, with the app's loop (``PriceRefreshLoop/loadsFirst``), by token:
    /// whether each is the view's `.task` (cancelled when the screen disappears) rather than an
    /// added coin's `Task` (which nothing cancels). Each is a task of its own, apart from the
    /// loop: a load that succeeds starts the loop again (`startPeriodicUpdates()`), and starting
    /// the loop does not cancel a load.
    private var loads: [Int: Bool] = [:]
    private var nextLoad = 0

    /// Creates a screen not yet shown.
    ///
    /// - Parameters:
    ///   - loop: The price loop (stopped).
    ///   - missingRows: The missing-row rule.
    public init(loop: PriceRefreshLoop, missingRows: MissingRowRule) {
        self.loop = loop
        self.missingRows = missingRows
    }

    /// The coins the screen shows, of the list in its order.
    ///
    /// - Parameter list: The watchlist's coins.
    public func shown(of list: [String]) -> [String] {
        guard missingRows == .appCompactMap, let loadedIds else { return list }
        return loadedIds
    }

    /// Whether a fetch's answer still matters: a stopped loop's does not (its task was cancelled).
    ///
    /// - Parameters:
    ///   - token: The fetch's token.
    ///   - kind: Why it ran.
    public func isCurrent(token: Int, kind: FetchKind) -> Bool {
        switch kind {
        case .pull: true
        case .load, .addLoad: loop.loadsFirst ? loads[token] != nil : loop.isCurrent(token: token)
        case .loop: loop.isCurrent(token: token)
        }
    }

    /// Whether the app removes a coin: `removeCoin(coinId:)` finds it among the coins on screen
    /// (none before the first load); another rule, among the listed ones.
    ///
    /// - Parameters:
    ///   - coinId: The coin.
    ///   - list: The watchlist's coins.
    public func acceptsRemoving(_ coinId: String, list: [String]) -> Bool {
        guard missingRows == .appCompactMap, loop.loadsFirst else { return list.contains(coinId) }
        return (loadedIds ?? []).contains(coinId)
    }

    /// Whether the app accepts adding a coin: `addCoin(coinId:)` refuses one already on screen
    /// (`watchlistCoins`, the rows the last load put there: none before it); another rule refuses
    /// one already listed.
    ///
    /// - Parameters:
    ///   - coinId: The coin.
    ///   - list: The watchlist's coins.
    public func acceptsAdding(_ coinId: String, list: [String]) -> Bool {
        guard missingRows == .appCompactMap, loop.loadsFirst else { return !list.contains(coinId) }
        return !(loadedIds ?? []).contains(coinId)
    }

    /// The screen's `.task`: it loads (with the app's loop: the whole list), then loops.
    ///
    /// - Parameters:
    ///   - list: The watchlist's coins.
    ///   - now: The time.
    /// - Returns: The first fetch.
    public mutating func appear(list: [String], at now: Int64) -> [Action] {
        guard loop.loadsFirst else { return translate(loop.start(at: now), list: list) }
        return startLoad(list: list, isViewTask: true)
    }

    /// The screen's `.onDisappear` (and its `.task`'s cancellation): the loop stops and the
    /// view's load is cancelled; a fetch of theirs in flight is dropped. An added coin's load
    /// goes on.
    public mutating func disappear() {
        loop.stop()
        loads = loads.filter { !$0.value }
    }

    /// A load of the whole list (`loadWatchlistWithPrices()`): none for an empty list, which the
    /// app shows empty without asking.
    private mutating func startLoad(list: [String], isViewTask: Bool) -> [Action] {
        guard !list.isEmpty else {
            loadedIds = []
            return []
        }
        nextLoad += 1
        loads[nextLoad] = isViewTask
        return [.fetch(ids: list, token: nextLoad, kind: isViewTask ? .load : .addLoad)]
    }

    /// The process ended: the loop is gone and the view model with what it loaded.
    public mutating func processEnded() {
        loop.stop()
        loadedIds = nil
        loads.removeAll()
    }

    /// A loop wake is due.
    ///
    /// - Parameters:
    ///   - token: The wake's token.
    ///   - list: The watchlist's coins.
    ///   - now: The time.
    /// - Returns: The next fetch, if the wake is current.
    public mutating func wake(token: Int, list: [String], at now: Int64) -> [Action] {
        let woken = loop.wake(token: token, at: now)
        return translate(woken, list: list)
    }

    /// Pull-to-refresh: the cache is invalidated and the coins on screen fetched; nothing when the
    /// app shows none (a failed first load).
    ///
    /// - Parameter list: The watchlist's coins.
    /// - Returns: The invalidation and the fetch.
    public func pull(list: [String]) -> [Action] {
        if loop.loadsFirst, loadedIds?.isEmpty ?? true { return [] }
        return [.invalidateCache, .fetch(ids: loopIds(of: list), token: 0, kind: .pull)]
    }

    /// A coin was added: the list loads again in a task of its own; the loop already running
    /// keeps running, and a successful load starts it again (``fetchFinished(token:kind:answered:succeeded:list:at:)``).
    ///
    /// - Parameters:
    ///   - list: The watchlist's coins, the new one included.
    ///   - now: The time.
    /// - Returns: The load.
    public mutating func added(list: [String], at now: Int64) -> [Action] {
        guard loop.loadsFirst else { return [] }
        return startLoad(list: list, isViewTask: false)
    }

    /// A coin was removed: the loop starts again over the rest without a load; an empty list stops
    /// it.
    ///
    /// - Parameters:
    ///   - coinId: The coin.
    ///   - list: The watchlist's coins, without it.
    ///   - now: The time.
    /// - Returns: The restarted loop's first fetch.
    public mutating func removed(_ coinId: String, list: [String], at now: Int64) -> [Action] {
        loadedIds?.removeAll { $0 == coinId }
        guard loop.loadsFirst else { return [] }
        guard !loopIds(of: list).isEmpty else {
            loop.stop()
            return []
        }
        let restarted = loop.restartWithoutLoad(at: now)
        return translate(restarted, list: list)
    }

    /// A fetch ended.
    ///
    /// - Parameters:
    ///   - token: Its token.
    ///   - kind: Why it ran.
    ///   - answered: The ids that came back with a row; asked only at the end of a load (a year's
    ///     refreshes built the set for nothing: 3 % of its run).
    ///   - succeeded: Whether every request succeeded.
    ///   - list: The watchlist's coins.
    ///   - now: The time.
    /// - Returns: What to do next, and how many coins a successful load left off the screen.
    public mutating func fetchFinished(
        token: Int, kind: FetchKind, answered: @autoclosure () -> Set<String>, succeeded: Bool,
        list: [String], at now: Int64
    ) -> (actions: [Action], leftOff: Int) {
        if kind.isLoad, loop.loadsFirst {
            guard loads.removeValue(forKey: token) != nil, succeeded else { return ([], 0) }
            let answered = answered()
            loadedIds = list.filter(answered.contains)
            let leftOff = missingRows == .appCompactMap ? list.count - (loadedIds?.count ?? 0) : 0
            // `loadWatchlistWithPrices()` ends with `startPeriodicUpdates()`, wherever the user
            // is; over no coins it only stops the loop.
            guard !loopIds(of: list).isEmpty else {
                loop.stop()
                return ([], leftOff)
            }
            return (translate(loop.restartWithoutLoad(at: now), list: list), leftOff)
        }
        guard kind != .pull, loop.isCurrent(token: token) else { return ([], 0) }
        var leftOff = 0
        if kind == .load, succeeded {
            let answered = answered()
            loadedIds = list.filter(answered.contains)
            leftOff = missingRows == .appCompactMap ? list.count - (loadedIds?.count ?? 0) : 0
        }
        let next = loop.fetchFinished(token: token, succeeded: succeeded, at: now)
        return (translate(next, list: list), leftOff)
    }

    /// The coins a loop fetch or a pull asks for: with the app's loop, those the load returned.
    private func loopIds(of list: [String]) -> [String] {
        loop.loadsFirst ? (loadedIds ?? list) : list
    }

    /// The loop's actions with the coins each fetch asks for. A fetch of no coins is none: the
    /// app starts no loop for an empty list (`startPeriodicUpdates(for:)`'s guard, the load's
    /// early return), so the loop stops.
    private mutating func translate(_ actions: [PriceRefreshLoop.Action], list: [String]) -> [Action] {
        var translated: [Action] = []
        for action in actions {
            switch action {
            case .fetch(let token):
                let kind: FetchKind = loop.phase == .loading ? .load : .loop
                let ids = kind == .load ? list : loopIds(of: list)
                guard !ids.isEmpty else {
                    loop.stop()
                    return []
                }
                translated.append(.fetch(ids: ids, token: token, kind: kind))
            case .wake(let token, let time): translated.append(.wake(token: token, at: time))
            }
        }
        return translated
    }
}
