/// The app's home-screen widget under WidgetKit, as a clock-free state machine: the app's file
/// writes and reload requests, timeline wakes and the widget's fetch results in; reloads, the
/// widget's request, the entry on the home screen and wakes out.
///
/// WidgetKit's side (``WidgetKitBudget``): a timeline's `.after(date)` reload is budgeted; a
/// reload the app asks for (`WidgetCenter.shared.reloadAllTimelines()`) is done at once and not
/// counted while the app is in the foreground, and budgeted from the background. While a
/// timeline is being made (the branch's fetch in flight), another request is refused: WidgetKit
/// runs one `getTimeline` of a widget at a time. The widget's first timeline, when it is added to
/// the home screen, is not budgeted.
///
/// The widget's side is its ``WidgetBuild``. Both builds show what the portfolio file holds when
/// they have nothing newer, and their views mark an entry stale when the file's `lastUpdated` is
/// more than 60 minutes old at the moment the entry is rendered (`WidgetPortfolioData.isStale`
/// reads the wall clock in the view; WidgetKit renders an entry's views when it receives the timeline,
/// so the mark does not appear later on its own).
///
/// The app's side (Pointwelve/Bitpal-iOS `Bitpal-v2/Bitpal`): after every successful
/// Portfolio-tab load with transactions, `PortfolioViewModel.loadPortfolioWithPrices()` calls
/// `WidgetDataProvider.updateAndReloadWidgets(summary:holdings:)`, which writes the portfolio
/// file (and, on the branch, `refresh_data.json`: the holdings' ids, quantities and costs) and
/// reloads every timeline; `ContentView`'s `scenePhase` handler reloads them as the app goes to
/// the background.
public struct HomeScreenWidget: Sendable, Equatable {
    /// What the home screen shows.
    public enum Entry: Sendable, Equatable {
        /// The empty state ("add holdings in the app").
        case empty
        /// Portfolio data.
        case data(Shown)
    }

    /// Portfolio data on the home screen.
    public struct Shown: Sendable, Equatable {
        /// When its prices were current (the server's data time), epoch ms.
        public var dataTime: Int64
        /// Its `lastUpdated`: when the app or the widget wrote it, epoch ms.
        public var lastUpdated: Int64
        /// The holdings it values.
        public var coins: Int
        /// Whether the views mark it stale.
        public var markedStale: Bool

        /// Creates shown data.
        ///
        /// - Parameters:
        ///   - dataTime: When its prices were current.
        ///   - lastUpdated: When it was written.
        ///   - coins: The holdings it values.
        ///   - markedStale: Whether the views mark it stale.
        public init(dataTime: Int64, lastUpdated: Int64, coins: Int, markedStale: Bool) {
            self.dataTime = dataTime
            self.lastUpdated = lastUpdated
            self.coins = coins
            self.markedStale = markedStale
        }
    }

    /// Whether WidgetKit counted a reload against the budget.
    public enum ReloadKind: String, Sendable, Equatable, CaseIterable {
        /// A timeline's `.after(date)`, or the app asking from the background.
        case budgeted
        /// The app asking from the foreground, or the widget's first timeline.
        case foreground
    }

    /// Why the widget's fetch failed: `rate_limited`, `http_503`, `timeout`, `offline`,
    /// `decoding` as the shell saw it, or the widget's own decoding rules (``nullPrice``,
    /// ``duplicateIds``).
    public struct FetchFailure: Error, Sendable, Equatable {
        /// The cause.
        public var cause: FailureKind

        /// Creates a failure.
        ///
        /// - Parameter cause: The cause.
        public init(_ cause: FailureKind) { self.cause = cause }

        /// A row whose `current_price` is `null`: `CoinMarketData.currentPrice` is a strict
        /// `Decimal`, so `JSONDecoder` fails the whole batch.
        public static let nullPrice = FetchFailure(.nullPrice)
        /// Two rows with one id: `Dictionary(uniqueKeysWithValues:)` in
        /// `WidgetAPIClient.fetchPrices(coinIds:)` traps and the extension dies without a timeline.
        public static let duplicateIds = FetchFailure(.duplicateIds)
    }

    /// What the shell does.
    public enum Action: Sendable, Equatable {
        /// A timeline reload began.
        case reloaded(ReloadKind)
        /// WidgetKit did not honour the app's request (no budget left, or a timeline is being
        /// made).
        case refused
        /// Send the widget's request for these coins (one `/coins/markets`, past the app's
        /// limiter and cache, 15 s timeout); report it with ``fetchFinished(token:result:at:)``.
        case fetch(ids: [String], token: Int)
        /// The widget's fetch failed.
        case failed(FetchFailure)
        /// Coins the answer had no row for: the recalculation skips them.
        case pricesMissing(Int)
        /// The home screen shows this entry from now on.
        case show(Entry)
        /// Call ``wake(token:at:)`` at this time.
        case wake(token: Int, at: Int64)
    }

    /// The build installed.
    public let build: WidgetBuild
    /// WidgetKit's budget.
    public private(set) var budget: WidgetKitBudget
    /// The portfolio file (`portfolio_data.json`): what the widget can show without the network.
    public private(set) var portfolioFile: Shown?
    /// The branch's `refresh_data.json`: the ids of the holdings to price; nil until the app
    /// writes it (the first run after upgrading has none).
    public private(set) var refreshHoldings: [String]?
    private var fetchInFlight: Int?
    private var wakeToken: Int?
    private var nextToken = 0

    /// Creates the widget of a home screen.
    ///
    /// - Parameters:
    ///   - build: The build installed.
    ///   - budget: WidgetKit's budget for it.
    public init(build: WidgetBuild, budget: WidgetKitBudget) {
        self.build = build
        self.budget = budget
    }

    /// The widget is on the home screen: WidgetKit makes its first timeline (not budgeted).
    ///
    /// - Parameter now: The time.
    /// - Returns: The actions.
    public mutating func add(at now: Int64) -> [Action] {
        reload(.foreground, at: now)
    }

    /// `WidgetDataProvider.updateAndReloadWidgets(summary:holdings:)` wrote the widget's files.
    ///
    /// - Parameters:
    ///   - holdings: The ids of the holdings the load priced (`computeHoldings`: an open
    ///     quantity and a row).
    ///   - dataTime: When the load's prices were current.
    ///   - now: The time.
    public mutating func appWrote(holdings: [String], dataTime: Int64, at now: Int64) {
        portfolioFile = Shown(
            dataTime: dataTime, lastUpdated: Self.fileTime(now), coins: holdings.count, markedStale: false)
        if build == .fetchesPrices { refreshHoldings = holdings }
    }

    /// The app called `WidgetCenter.shared.reloadAllTimelines()`.
    ///
    /// - Parameters:
    ///   - appInForeground: Whether the app's scene is active.
    ///   - now: The time.
    /// - Returns: The actions.
    public mutating func appAskedReload(appInForeground: Bool, at now: Int64) -> [Action] {
        guard fetchInFlight == nil else { return [.refused] }
        if appInForeground { return reload(.foreground, at: now) }
        guard budget.take(at: now) else { return [.refused] }
        return reload(.budgeted, at: now)
    }

    /// A wake is due: the timeline's reload, if the budget allows it now.
    ///
    /// - Parameters:
    ///   - token: The wake's token.
    ///   - now: The time.
    /// - Returns: The actions; nothing for a wake a newer timeline replaced.
    public mutating func wake(token: Int, at now: Int64) -> [Action] {
        guard token == wakeToken else { return [] }
        // `earliestReload` already waits for the next window when this one is spent, so a
        // reload it allows now always finds budget.
        let allowed = budget.earliestReload(notBefore: now, at: now)
        guard allowed <= now, budget.take(at: now) else { return [scheduleWake(at: allowed)] }
        return reload(.budgeted, at: now)
    }

    /// The widget's fetch ended.
    ///
    /// - Parameters:
    ///   - token: The fetch's token.
    ///   - result: The rows answered and their data time, or why it failed.
    ///   - now: The time.
    /// - Returns: The actions.
    public mutating func fetchFinished(
        token: Int, result: Result<(rows: [CoinMarket], dataTime: Int64), FetchFailure>, at now: Int64
    ) -> [Action] {
        guard token == fetchInFlight, let holdings = refreshHoldings else { return [] }
        fetchInFlight = nil
        switch Self.decoded(result) {
        case .success(let (rows, dataTime)):
            let priced = Set(rows.map(\.id))
            let answered = holdings.filter { priced.contains($0) }
            var actions: [Action] = []
            if answered.count < holdings.count {
                actions.append(.pricesMissing(holdings.count - answered.count))
            }
            // `PortfolioRecalculator` values the coins it has prices for and writes the file;
            // the timeline shows the values in memory, to the millisecond.
            portfolioFile = Shown(
                dataTime: dataTime, lastUpdated: Self.fileTime(now), coins: answered.count, markedStale: false
            )
            let fresh = Shown(dataTime: dataTime, lastUpdated: now, coins: answered.count, markedStale: false)
            return actions + finishTimeline(showing: answered.isEmpty ? .empty : .data(fresh), at: now)
        case .failure(.duplicateIds):
            // The extension traps: no timeline, the old entry stays; WidgetKit tries again when
            // its budget next allows.
            return [.failed(.duplicateIds), scheduleWake(at: budget.earliestReload(notBefore: now, at: now))]
        case .failure(let failure):
            return [.failed(failure)] + finishTimeline(showing: entry(at: now), at: now)
        }
    }

    /// The widget's decoding rules over rows the shell decoded leniently.
    static func decoded(_ result: Result<(rows: [CoinMarket], dataTime: Int64), FetchFailure>)
        -> Result<(rows: [CoinMarket], dataTime: Int64), FetchFailure>
    {
        guard case .success(let answer) = result else { return result }
        if answer.rows.contains(where: { $0.currentPrice == nil }) { return .failure(.nullPrice) }
        if Set(answer.rows.map(\.id)).count < answer.rows.count { return .failure(.duplicateIds) }
        return result
    }

    /// `getTimeline(in:completion:)`.
    private mutating func reload(_ kind: ReloadKind, at now: Int64) -> [Action] {
        wakeToken = nil
        let reloaded = Action.reloaded(kind)
        switch build {
        case .readsFile:
            return [reloaded] + finishTimeline(showing: entry(at: now), at: now)
        case .fetchesPrices:
            guard let holdings = refreshHoldings, !holdings.isEmpty else {
                return [reloaded] + finishTimeline(showing: .empty, at: now)
            }
            let token = newToken()
            fetchInFlight = token
            return [reloaded, .fetch(ids: holdings, token: token)]
        }
    }

    /// A `lastUpdated` as the portfolio file keeps it: whole seconds. `AppGroupStorage` writes
    /// it with `JSONEncoder`'s `.iso8601` strategy, which has no fraction of a second
    /// (Pointwelve/Bitpal-iOS `Shared/Services/AppGroupStorage.swift`, `writePortfolioData(_:)`),
    /// so a timeline that falls back to the file shows the second it was written in. Found by
    /// the `widget` rule of `workbench conformance diff`.
    public static func fileTime(_ now: Int64) -> Int64 {
        now - ((now % 1_000) + 1_000) % 1_000
    }

    /// The portfolio file as an entry rendered now; the empty entry without a file or holdings.
    private func entry(at now: Int64) -> Entry {
        guard var shown = portfolioFile, shown.coins > 0 else { return .empty }
        shown.markedStale = now - shown.lastUpdated > WidgetBuild.staleAfterMilliseconds
        return .data(shown)
    }

    /// The timeline's completion: the entry, and the next reload `.after(now + interval)`.
    private mutating func finishTimeline(showing entry: Entry, at now: Int64) -> [Action] {
        let due = budget.earliestReload(notBefore: now + build.reloadAfterMilliseconds, at: now)
        return [.show(entry), scheduleWake(at: due)]
    }

    private mutating func scheduleWake(at time: Int64) -> Action {
        let token = newToken()
        wakeToken = token
        return .wake(token: token, at: time)
    }

    private mutating func newToken() -> Int {
        nextToken += 1
        return nextToken
    }
}

extension HomeScreenWidget {
    /// The widget's request (`WidgetAPIClient.fetchPrices(coinIds:)`): one
    /// `/coins/markets?vs_currency=usd&ids=<all>&price_change_percentage=24h`, without `per_page`
    /// (CoinGecko's 100 rows apply) or a key, with a 15 s timeout.
    ///
    /// The app's own query shape, built by ``CoinGeckoRequests``: one URL however long, CoinGecko's
    /// default page.
    ///
    /// - Parameter ids: The held coins' ids, at least one.
    public static func request(for ids: [String]) -> HTTPRequest {
        let builder = CoinGeckoRequests(
            timeoutMilliseconds: WidgetBuild.requestTimeoutMilliseconds, maxTargetLength: .max,
            marketsPaging: .serverDefault)
        guard let request = builder.coinsMarkets(ids: ids).first else {
            preconditionFailure("the widget fetches only with holdings")
        }
        return request
    }
}
