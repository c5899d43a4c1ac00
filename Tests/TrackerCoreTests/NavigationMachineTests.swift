import Foundation
import Testing
import TrackerCore

/// The app's navigation, the Portfolio tab's loop, the search sheet and the coin screen's
/// opening rules, as machines, against the published app's code (Pointwelve/Bitpal-iOS at
/// `da53edf`), each on a trace worked by hand.
@Suite("The app's screens as machines")
struct NavigationMachineTests {
    // Issue 51, items 9 and 12: `PortfolioView.swift` (NavigationLinks to `TransactionHistoryView`
    // and, through `ClosedPositionsSection`, `CoinClosedPositionsView`); `ContentView.swift`,
    // `handleDeepLink(_:)` (`bitpal://portfolio` selects the Portfolio tab).
    @Test("a Portfolio page is a push on that tab's stack; the widget's link selects the Portfolio tab")
    func portfolioPagesAndWidgetLink() {
        var navigation = AppNavigation(active: true)
        _ = navigation.launch()
        #expect(
            navigation.push(page: .transactions) == [
                .disappear(.watchlistRoot), .appear(.portfolioRoot),
                .disappear(.portfolioRoot), .appear(.portfolioPage(.transactions)),
            ])
        #expect(navigation.visibleScreen == .portfolio)
        // Another tab and back: the page is still on top, so the root's .task does not run.
        #expect(
            navigation.select(.watchlist) == [
                .disappear(.portfolioPage(.transactions)), .appear(.watchlistRoot),
            ])
        #expect(
            navigation.select(.portfolio) == [
                .disappear(.watchlistRoot), .appear(.portfolioPage(.transactions)),
            ])
        #expect(navigation.popPage() == [.disappear(.portfolioPage(.transactions)), .appear(.portfolioRoot)])
        #expect(navigation.popPage() == [])
        // A widget tap on a suspended app: the scene resumes, then the link selects the tab.
        _ = navigation.select(.watchlist)
        #expect(navigation.enterBackground() == [.reloadWidgetTimelines, .suspended])
        #expect(navigation.becomeActive() == [.resumed])
        #expect(navigation.select(.portfolio) == [.disappear(.watchlistRoot), .appear(.portfolioRoot)])
        // Cold, from the widget: the app launches on its first tab, then the link moves it.
        var cold = AppNavigation(active: false)
        #expect(cold.becomeActive() == [.appear(.watchlistRoot)])
        #expect(cold.select(.portfolio) == [.disappear(.watchlistRoot), .appear(.portfolioRoot)])
    }

    @Test("SwiftUI's lifecycle: push, pop, tabs, sheets and the scene fire what the app's views see")
    func lifecycle() {
        var navigation = AppNavigation(active: true)
        #expect(navigation.visibleView == nil)
        #expect(navigation.launch() == [.appear(.watchlistRoot)])
        #expect(navigation.launch() == [])
        // A push: the root's .onDisappear, then the coin screen's .task.
        #expect(
            navigation.push(coin: "bitcoin") == [
                .disappear(.watchlistRoot), .appear(.coinScreen(coinId: "bitcoin")),
            ])
        // Another coin while one is on top: back first, then the new push.
        #expect(
            navigation.push(coin: "ethereum") == [
                .disappear(.coinScreen(coinId: "bitcoin")), .popped(coinId: "bitcoin"),
                .appear(.watchlistRoot),
                .disappear(.watchlistRoot), .appear(.coinScreen(coinId: "ethereum")),
            ])
        // A tab switch hides the coin screen (it stays on the stack) and shows the Portfolio tab.
        #expect(
            navigation.select(.portfolio) == [
                .disappear(.coinScreen(coinId: "ethereum")), .appear(.portfolioRoot),
            ])
        #expect(navigation.select(.portfolio) == [])
        #expect(navigation.visibleScreen == .portfolio)
        // A sheet fires nothing for the view under it.
        #expect(navigation.present(.addTransactionPicker) == [.appear(.sheet(.addTransactionPicker))])
        #expect(navigation.visibleScreen == .search)
        #expect(navigation.dismissSheet() == [.disappear(.sheet(.addTransactionPicker))])
        // Back to the watchlist: the coin screen on its stack appears again.
        #expect(
            navigation.select(.watchlist) == [
                .disappear(.portfolioRoot), .appear(.coinScreen(coinId: "ethereum")),
            ])
        #expect(
            navigation.pop() == [
                .disappear(.coinScreen(coinId: "ethereum")), .popped(coinId: "ethereum"),
                .appear(.watchlistRoot),
            ])
        #expect(navigation.pop() == [])
        // The background fires no view event: widgets reload, the process is suspended.
        #expect(navigation.enterBackground() == [.reloadWidgetTimelines, .suspended])
        #expect(navigation.visibleView == nil)
        #expect(navigation.becomeActive() == [.resumed])
        #expect(navigation.visibleView == .watchlistRoot)
    }

    @Test("an app launched in the background shows its first screen at the first foreground")
    func launchInBackground() {
        var navigation = AppNavigation(active: false)
        #expect(navigation.launch() == [])
        #expect(navigation.enterBackground() == [])
        #expect(navigation.becomeActive() == [.appear(.watchlistRoot)])
        #expect(navigation.enterBackground() == [.reloadWidgetTimelines, .suspended])
    }

    @Test(
        "the Portfolio tab: load, then sleep-first every 30 s while shown; a hidden mid-load task leaks its loop"
    )
    func portfolioLoop() {
        var loop = PortfolioRefreshLoop()
        #expect(loop.appear() == [.load(token: 1)])
        // The .task's load ends at 0.2 s: the loop sleeps first.
        #expect(loop.loadFinished(token: 1, at: 200) == [.wake(token: 2, at: 30_200)])
        #expect(loop.wake(token: 2, at: 30_200) == [.load(token: 2)])
        #expect(loop.loadFinished(token: 2, at: 30_400) == [.wake(token: 3, at: 60_400)])
        // A pull loads once more beside the loop.
        #expect(loop.loadOnce() == [.load(token: 4)])
        #expect(loop.loadFinished(token: 4, at: 40_000) == [])
        // Hidden while sleeping: the loop stops, its wake is stale, and the swallowed cancellation
        // (`try? await Task.sleep` in `PortfolioViewModel.startPeriodicUpdates()`) runs one last
        // load at once, in a cancelled task.
        #expect(loop.disappear(at: 50_000) == [.cancelledLoad(token: 5)])
        #expect(loop.isCurrent(token: 5))
        #expect(loop.loadFinished(token: 5, at: 50_000) == [])
        #expect(loop.wake(token: 3, at: 60_400) == [])
        #expect(!loop.loopRuns)
        // Shown again, and hidden while the .task's load is in flight: the load is cancelled,
        // and the .task starts the loop anyway (the app calls startPeriodicUpdates() after the
        // cancelled load returns). No loop was sleeping, so no last load.
        #expect(loop.appear() == [.load(token: 6)])
        #expect(loop.disappear(at: 70_000) == [.wake(token: 7, at: 100_000)])
        #expect(!loop.isCurrent(token: 6))
        #expect(loop.loadFinished(token: 6, at: 70_200) == [])
        #expect(loop.loopRuns && !loop.isVisible)
        #expect(loop.wake(token: 7, at: 100_000) == [.load(token: 7)])
        #expect(loop.loadFinished(token: 7, at: 100_200) == [.wake(token: 8, at: 130_200)])
        // The next visit's load ends, and its startPeriodicUpdates() stops the leaked loop, which
        // was sleeping: its last load runs, then the new loop sleeps.
        #expect(loop.appear() == [.load(token: 9)])
        #expect(
            loop.loadFinished(token: 9, at: 120_200) == [
                .cancelledLoad(token: 10), .wake(token: 11, at: 150_200),
            ])
        #expect(loop.wake(token: 8, at: 130_200) == [])
        // Hidden while the loop's own load is in flight: that load is cancelled, no last load.
        #expect(loop.wake(token: 11, at: 150_200) == [.load(token: 11)])
        #expect(loop.disappear(at: 150_300) == [])
        #expect(!loop.isCurrent(token: 11))
    }

    @Test("the tab asks for every traded coin, and lists those with an open quantity")
    func portfolioCoins() {
        let trades = [
            PortfolioTransaction(coinId: "eth", kind: .buy, quantity: 1, price: 1, fee: 0, time: 0),
            PortfolioTransaction(coinId: "btc", kind: .buy, quantity: 2, price: 1, fee: 0, time: 1),
            PortfolioTransaction(coinId: "eth", kind: .sell, quantity: 1, price: 1, fee: 0, time: 2),
        ]
        #expect(PortfolioRefreshLoop.coinIds(of: trades) == ["btc", "eth"])
        #expect(PortfolioRefreshLoop.heldCoinIds(of: trades, method: .bitpalAverage) == ["btc"])
    }

    @Test("search: the list once, a 300 ms debounce, every match's market data, the top 50 by market cap")
    func searchSession() {
        let coins = [
            CoinListEntry(id: "bitcoin", symbol: "btc", name: "Bitcoin"),
            CoinListEntry(id: "bitcoin-cash", symbol: "bch", name: "Bitcoin Cash"),
            CoinListEntry(id: "wrapped-bitcoin", symbol: "wbtc", name: "Wrapped Bitcoin"),
            CoinListEntry(id: "bitcoin-bep2", symbol: "btcb", name: "Bitcoin (BEP2)"),
            CoinListEntry(id: "ethereum", symbol: "eth", name: "Ethereum"),
        ]
        var session = CoinSearchSession(cachedCoinList: nil)
        #expect(session.open() == [.fetchCoinList])
        session.coinListLoaded(coins)
        // Keystrokes every 150 ms: each cancels the one before; only the last query fires.
        #expect(session.type("b", at: 0) == [.wake(token: 1, at: 300)])
        #expect(session.type("bi", at: 150) == [.wake(token: 2, at: 450)])
        #expect(session.type("bit", at: 300) == [.wake(token: 3, at: 600)])
        #expect(session.debounceEnded(token: 1) == [])
        #expect(session.debounceEnded(token: 2) == [])
        // "bit" matches three coins (the parenthesised variant is dropped); names starting with it
        // first, then by name.
        #expect(
            session.debounceEnded(token: 3) == [
                .fetchMarketData(ids: ["bitcoin", "bitcoin-cash", "wrapped-bitcoin"], token: 3)
            ])
        // Market caps reorder them; a coin without one goes last.
        let shown = session.marketDataArrived(
            token: 3, marketCaps: ["wrapped-bitcoin": 9e9, "bitcoin": 8e11])
        #expect(shown == [.showResults([coins[0], coins[2], coins[1]])])
        // A cached list: no request; nothing matching: no market request, empty results.
        var cached = CoinSearchSession(cachedCoinList: coins)
        #expect(cached.open() == [])
        _ = cached.type("zzz", at: 0)
        #expect(cached.debounceEnded(token: 1) == [.showResults([])])
        #expect(cached.type("", at: 100) == [.showResults([])])
    }

    @Test("the app's ranking: exact name or symbol, then a prefix, then by name; ids match too; 50 shown")
    func ranking() {
        let coins = [
            CoinListEntry(id: "zeth", symbol: "zeth", name: "Zeta Eth"),
            CoinListEntry(id: "ethereum", symbol: "eth", name: "Ethereum"),
            CoinListEntry(id: "ethena", symbol: "ena", name: "Ethena"),
            CoinListEntry(id: "eth-id-only", symbol: "xyz", name: "Something"),
            CoinListEntry(id: "ethereum", symbol: "eth", name: "Ethereum"),
        ]
        #expect(
            AppSearchRanking.rankedMatches(of: "ETH", in: coins).map(\.id) == [
                "ethereum", "ethena", "eth-id-only", "zeth",
            ])
        let many = (0..<80).map { CoinListEntry(id: "c\($0)", symbol: "c\($0)", name: "Coin \($0)") }
        let shown = AppSearchRanking.shown(many, marketCaps: ["c79": 5, "c3": 7])
        #expect(shown.count == 50)
        #expect(shown.prefix(3).map(\.id) == ["c3", "c79", "c0"])
    }

    // Bitpal-v2 `Coin.swift`, `init(from:)` (`Decimal(marketCapDouble)`), and
    // `CoinSearchViewModel.swift`, `sortByMarketCap`: the caps are compared as decimals.
    @Test("search ties: caps that differ as doubles but not as the app's decimals keep the ranking's order")
    func searchTiesAsDecimals() {
        let coins = ["a", "b", "c"].map { CoinListEntry(id: $0, symbol: $0, name: $0) }
        // 1e15 + 0.125 and 1e15 + 0.25 both become 1000000000000000.2048 as decimals: a tie, so
        // the ranking's order (a before b) stands; compared as doubles b would come first.
        let shown = AppSearchRanking.shown(
            coins, marketCaps: ["a": 1e15 + 0.125, "b": 1e15 + 0.25, "c": 2e15])
        #expect(shown.map(\.id) == ["c", "a", "b"])
    }

    @Test("a coin screen opens on 1D with the type last chosen; tapping the selected range does nothing")
    func coinScreenOpening() {
        var screen = CoinDetailLoader(order: .detailThenChart, profile: .bitpal)
        _ = screen.open(coinId: "bitcoin")
        #expect(screen.range == .oneDay && screen.type == .line)
        #expect(screen.switchRange(to: .oneDay) == [])
        #expect(
            screen.switchRange(to: .oneWeek) == [.loadChart(coinId: "bitcoin", type: .line, range: .oneWeek)])
        _ = screen.switchType(to: .candle)
        screen.close()
        // The next coin opens on 1D again, with candles.
        #expect(screen.open(coinId: "ethereum") == [.fetchDetail(coinId: "ethereum", token: 2)])
        #expect(screen.range == .oneDay && screen.type == .candle)
        // Hidden by a tab switch, its detail in flight leads to no chart; it loads again on return.
        screen.cancelLoads()
        #expect(!screen.isCurrent(token: 2))
        #expect(screen.detailFinished(token: 2, succeeded: true) == [])
        #expect(screen.reappear() == [.fetchDetail(coinId: "ethereum", token: 3)])
        // A pull runs beside the screen's load: the first detail still leads to its chart.
        _ = screen.refresh()
        #expect(screen.isCurrent(token: 3) && screen.isCurrent(token: 4))
        #expect(
            screen.detailFinished(token: 3, succeeded: true) == [
                .loadChart(coinId: "ethereum", type: .candle, range: .oneDay)
            ])
    }

    @Test("the price loop restarts without a load when a coin is removed")
    func restartWithoutLoad() {
        var loop = PriceRefreshLoop(schedule: .fetchThenSleep, intervalMilliseconds: 30_000, loadsFirst: true)
        _ = loop.start(at: 0)
        #expect(loop.restartWithoutLoad(at: 5_000) == [.fetch(token: 2)])
        #expect(loop.phase == .fetching)
        #expect(loop.fetchFinished(token: 2, succeeded: true, at: 5_200) == [.wake(token: 2, at: 35_200)])
    }

    @Test("a refresh's missing rows: the app keeps the previous quote and shows a null price as 0")
    func missingRows() throws {
        var app = Watchlist(
            entries: [
                WatchlistEntry(coinId: "a", position: 0, addedAt: 0),
                WatchlistEntry(coinId: "b", position: 1, addedAt: 0),
            ])
        let rows = try CoinMarket.decodeList(
            Array(
                #"[{"id":"a","symbol":"a","name":"A","current_price":null},{"id":"b","symbol":"b","name":"B","current_price":2}]"#
                    .utf8), source: "test")
        #expect(
            app.apply(markets: rows, requested: ["a", "b"], receivedAt: 10, rule: .appCompactMap)
                == MissingRowOutcome(zeroPrice: 1))
        #expect(app.quotes["a"]?.price == 0)
        #expect(
            app.apply(markets: [rows[0]], requested: ["a", "b"], receivedAt: 20, rule: .appCompactMap)
                == MissingRowOutcome(keptPrevious: 1, zeroPrice: 1))
        #expect(app.quotes["b"]?.price == 2 && app.quotes["b"]?.receivedAt == 10)
        #expect(app.unavailable.isEmpty)
        var spec = Watchlist(entries: app.entries)
        #expect(
            spec.apply(markets: [rows[0]], requested: ["a", "b"], receivedAt: 20)
                == MissingRowOutcome(unavailable: 1))
        #expect(spec.quotes["a"]?.price == nil)
    }

    // Issue 67, item 4: the Portfolio tab values a coin whose row has a null price at 0 under
    // the app's rule (`Coin.init(from:)`), and leaves it unpriced under the design documents'.
    @Test("a null price is 0 under the app's rule, in the watchlist and the Portfolio tab alike")
    func nullPriceShown() {
        #expect(MissingRowRule.appCompactMap.shownPrice(nil) == 0)
        #expect(MissingRowRule.appCompactMap.shownPrice(2.5) == 2.5)
        #expect(MissingRowRule.dataUnavailable.shownPrice(nil) == nil)
        let holding = Holding(coinId: "a", quantity: 2, costBasis: 30, realizedPnL: 5, fees: 0)
        let summary = PortfolioSummary(
            holdings: [holding], prices: ["a": Decimal(MissingRowRule.appCompactMap.shownPrice(nil)!)])
        #expect(summary.unpricedCoins.isEmpty)
        #expect(summary.totalValue == 0 && summary.unrealizedPnL == -30)
    }
}

/// The watchlist screen's decisions, against `WatchlistViewModel` at `da53edf`.
@Suite("The watchlist screen as a machine")
struct WatchlistScreenMachineTests {
    static func screen(_ rule: MissingRowRule = .appCompactMap) -> WatchlistScreen {
        WatchlistScreen(
            loop: PriceRefreshLoop(schedule: .fetchThenSleep, intervalMilliseconds: 30_000, loadsFirst: true),
            missingRows: rule)
    }

    @Test("a load asks for the whole list; the loop and a pull for the coins it returned")
    func loadThenLoop() {
        var screen = Self.screen()
        let list = ["a", "b", "c"]
        #expect(screen.appear(list: list, at: 0) == [.fetch(ids: list, token: 1, kind: .load)])
        // Only a and c came back: b leaves the screen and the loop.
        let (next, leftOff) = screen.fetchFinished(
            token: 1, kind: .load, answered: ["a", "c"], succeeded: true, list: list, at: 200)
        #expect(leftOff == 1)
        #expect(next == [.fetch(ids: ["a", "c"], token: 1, kind: .loop)])
        #expect(screen.shown(of: list) == ["a", "c"])
        #expect(
            screen.pull(list: list) == [.invalidateCache, .fetch(ids: ["a", "c"], token: 0, kind: .pull)])
        let (sleep, _) = screen.fetchFinished(
            token: 1, kind: .loop, answered: ["a", "c"], succeeded: true, list: list, at: 200)
        #expect(sleep == [.wake(token: 1, at: 30_200)])
        #expect(
            screen.wake(token: 1, list: list, at: 30_200) == [.fetch(ids: ["a", "c"], token: 1, kind: .loop)])
        // The design documents' rule keeps b on screen as "Data unavailable".
        var spec = Self.screen(.dataUnavailable)
        _ = spec.appear(list: list, at: 0)
        _ = spec.fetchFinished(token: 1, kind: .load, answered: ["a"], succeeded: true, list: list, at: 1)
        #expect(spec.shown(of: list) == list)
    }

    @Test("disappearing drops the fetch in flight; a failed load starts no loop and a pull does nothing")
    func disappearAndFailure() {
        var screen = Self.screen()
        _ = screen.appear(list: ["a"], at: 0)
        screen.disappear()
        #expect(!screen.isCurrent(token: 1, kind: .load))
        #expect(
            screen.fetchFinished(token: 1, kind: .load, answered: ["a"], succeeded: true, list: ["a"], at: 1)
                .actions
                == [])
        // The view's load is a task of its own (token 2); failing, it starts no loop.
        #expect(screen.appear(list: ["a"], at: 10) == [.fetch(ids: ["a"], token: 2, kind: .load)])
        let (failed, _) = screen.fetchFinished(
            token: 2, kind: .load, answered: [], succeeded: false, list: ["a"], at: 20)
        #expect(failed == [] && screen.loop.phase == .stopped)
        #expect(screen.pull(list: ["a"]) == [])
    }

    @Test("adding loads again; removing restarts the loop without a load; an empty list stops it")
    func addAndRemove() {
        var screen = Self.screen()
        _ = screen.appear(list: ["a", "b"], at: 0)
        _ = screen.fetchFinished(
            token: 1, kind: .load, answered: ["a", "b"], succeeded: true, list: ["a", "b"], at: 1)
        // The added coin's load is a task of its own: the loop keeps running until it succeeds,
        // then starts again; leaving the screen does not cancel it.
        #expect(
            screen.added(list: ["a", "b", "c"], at: 5) == [
                .fetch(ids: ["a", "b", "c"], token: 2, kind: .addLoad)
            ])
        #expect(screen.loop.isCurrent(token: 1))
        screen.disappear()
        #expect(screen.isCurrent(token: 2, kind: .addLoad))
        #expect(
            screen.fetchFinished(
                token: 2, kind: .addLoad, answered: ["a", "b", "c"], succeeded: true, list: ["a", "b", "c"],
                at: 6
            ).actions == [.fetch(ids: ["a", "b", "c"], token: 3, kind: .loop)])
        #expect(
            screen.removed("c", list: ["a", "b"], at: 7) == [.fetch(ids: ["a", "b"], token: 4, kind: .loop)])
        _ = screen.removed("b", list: ["a"], at: 8)
        #expect(screen.removed("a", list: [], at: 9) == [])
        #expect(screen.loop.phase == .stopped)
        // An empty list: the load asks for nothing and no loop starts.
        var empty = Self.screen()
        #expect(empty.appear(list: [], at: 0) == [])
        #expect(empty.loop.phase == .stopped)
    }
}
