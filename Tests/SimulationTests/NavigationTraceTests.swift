import AppHosting
import PriceModels
import Simulation
import Testing
import TrackerCore

/// Which screen is on top decides which requests run: the `bitpal` preset's navigation against
/// the published app's code (Pointwelve/Bitpal-iOS at `da53edf`), on traces worked by hand with a
/// fixed 200 ms latency, so every time below is exact.
@Suite("The app's screens decide which requests run")
struct NavigationTraceTests {
    static let start = AppSimulationTests.start
    static let second: Int64 = 1_000

    /// A run of `seconds` on five coins (`coin-0`...`coin-4`) with the given watchlist.
    static func run(
        seconds: Int64, watchlist: Int = 5, coins: Int = 5, history: Int64 = 400,
        script: [(Int64, UserAction)],
        faults: ServerFaults = .none, plan: RateLimitPlan = .seed50,
        events: ((RunEvent, Int64) -> Void)? = nil
    ) throws -> RunResult {
        let market = AppSimulationTests.market(coins: coins, history: history)
        var config = RunConfig(
            seed: 3, market: market, durationMilliseconds: seconds * second,
            server: ServerBehaviour(
                plan: plan, medianLatencyMilliseconds: 200, latencySigma: 0, faults: faults),
            app: AppSetup(
                policies: .bitpal,
                watchlist: market.coins.prefix(watchlist).map {
                    CoinListEntry(id: $0.id, symbol: $0.symbol, name: $0.name)
                }),
            script: script.map { ScheduledAction(time: start + $0.0, action: $0.1) })
        config.start = start
        var simulation = try AppSimulation(config: config)
        guard let events else { return simulation.run() }
        return simulation.run(events: events)
    }

    /// When each `/coins/markets` request left, ms after the start.
    static func marketsTimes(_ result: RunResult) -> [Int64] {
        result.journal.filter { $0.endpoint == "/coins/markets" }.map { $0.time - start }
    }

    // Issue 51, item 9: a page pushed inside the Portfolio tab stops its loop as the watchlist's
    // push stops the list's (`PortfolioView`'s `.onDisappear`; back, its `.task` loads again).
    @Test("a Portfolio page stops the tab's loop; back, the tab loads again and its loop restarts")
    func portfolioPage() throws {
        let trade = PortfolioTransaction(
            coinId: "coin-0", kind: .buy, quantity: 1, price: 100, fee: 0, time: Self.start + 1_000)
        let result = try Self.run(
            seconds: 240,
            script: [
                (1_000, .trade(trade)), (60_000, .selectTab(.portfolio)),
                (100_000, .openPortfolioPage(.transactions)), (170_000, .closePortfolioPage),
            ])
        let portfolio = result.journal.filter {
            $0.endpoint == "/coins/markets"
                && ($0.target.contains("ids=coin-0&") || $0.target.hasSuffix("ids=coin-0"))
        }
        // The tab's load at 60 s is a hit (the list's fetch at 30.2 s); its loop loads at 90 s (a
        // miss, sent). The page at 100 s stops the loop mid-sleep: its last load at 100 s hits the
        // 90.2 s entry. Back at 170 s, the tab's .task loads (the entry is 79.8 s old: sent), and
        // the loop sleeps first: 200.2 s, then 230.4 s.
        #expect(portfolio.map { $0.time - Self.start } == [90_000, 170_000, 200_200, 230_400])
        #expect(result.metrics["screens.portfolio.visible_s"] == 180)
    }

    // Issue 51, item 6: the loop's last load runs in a cancelled task: a miss sends nothing.
    @Test("leaving the tab mid-sleep: the last load misses a coin traded since, and fails unsent")
    func cancelledLastLoad() throws {
        let trade = { (coin: String, at: Int64) in
            PortfolioTransaction(
                coinId: coin, kind: .buy, quantity: 1, price: 100, fee: 0, time: Self.start + at)
        }
        // coin-4 is held, not listed; the tab's load at 60 s asks for it (sent, answered 60.2 s)
        // and its loop sleeps until 90.2 s. coin-5 is bought at 70 s (no load). Leaving at 80 s
        // runs the last load for coin-4 and coin-5: coin-5 has no row, so it would be a request,
        // and in a cancelled task it fails before it leaves.
        let result = try Self.run(
            seconds: 100, watchlist: 4, coins: 6,
            script: [
                (1_000, .trade(trade("coin-4", 1_000))), (60_000, .selectTab(.portfolio)),
                (70_000, .trade(trade("coin-5", 70_000))), (80_000, .selectTab(.watchlist)),
            ])
        #expect(result.metrics["failures.portfolio.cancelled"] == 1)
        #expect(!result.journal.contains { $0.target.contains("coin-5") })
        #expect(
            result.journal.filter { $0.target.contains("coin-4") }.map { $0.time - Self.start } == [60_000])
    }

    // Issue 51, item 12: a widget tap opens the app on the Portfolio tab.
    @Test("a widget tap on the suspended app resumes it on the Portfolio tab, which loads")
    func openFromWidget() throws {
        let trade = PortfolioTransaction(
            coinId: "coin-0", kind: .buy, quantity: 1, price: 100, fee: 0, time: Self.start + 1_000)
        let result = try Self.run(
            seconds: 240, script: [(1_000, .trade(trade)), (60_000, .background), (150_000, .openFromWidget)])
        let portfolio = result.journal.filter {
            $0.endpoint == "/coins/markets"
                && ($0.target.contains("ids=coin-0&") || $0.target.hasSuffix("ids=coin-0"))
        }
        // At 150 s the process resumes first: the list's loop, asleep since 30.4 s (due 60.4 s),
        // fetches at once. Then the link selects the tab, whose .task load misses (the list's
        // answer is not back) and waits for the app's limiter: 151.2 s. Its loop sleeps 30 s
        // after the answer (151.4 s): 181.4 s, 211.6 s.
        #expect(Self.marketsTimes(result).filter { $0 >= 150_000 }.first == 150_000)
        #expect(portfolio.map { $0.time - Self.start } == [151_200, 181_400, 211_600])
        #expect(result.metrics["failures.user.open_widget_in_background"] == nil)
    }

    // Issue 51, item 8: `URLSession`'s cache answers a repeated URL within `max-age`.
    @Test("a pull within 30 s of the loop's answer is served by the device's HTTP cache, not sent")
    func pullServedByHTTPCache() throws {
        // The loop fetches at 30.2 s (the answer, max-age=30, arrives at 30.4 s). The pull at
        // 45 s invalidates the app's market cache and asks for the same URL: URLSession answers
        // it from its cache (15 s old), so no request leaves and the rows keep their data time.
        let result = try Self.run(seconds: 60, script: [(45_000, .pullToRefresh)])
        #expect(Self.marketsTimes(result) == [0, 30_200])
        #expect(result.metrics["cache.http.hits"] == 1)
        #expect(result.metrics["cache.http.misses"] == 2)
        // The app's own caches' total leaves the HTTP cache out.
        #expect(result.metrics["cache.hit_ratio"] == result.metrics["cache.market.hit_ratio"])
    }

    // Issue 51, item 10: iOS ends the suspended app; the next open is a cold launch.
    @Test("a cold launch: the market cache and the coin list are gone, the first tab loads, sleeps died")
    func coldLaunch() throws {
        let bitcoin = CoinListEntry(id: "coin-0", symbol: "c0", name: "Coin 0")
        let result = try Self.run(
            seconds: 300,
            script: [
                (10_000, .search(text: "c0", goal: .addCoin(bitcoin))), (60_000, .background),
                (90_000, .terminated), (150_000, .foreground),
                (200_000, .search(text: "c0", goal: .addCoin(bitcoin))),
            ])
        #expect(result.metrics["app.cold_launches"] == 1)
        // Two searches, two coin lists: the first process's copy died with it.
        #expect(result.metrics["rate_limit.requests./coins/list"] == 2)
        // Back at 150 s: the launch's load is sent (the market cache is gone), not the loop's
        // overdue sleep (it died with the process); then the loop, 30.2 s apart.
        let after = Self.marketsTimes(result).filter { $0 >= 150_000 && $0 < 200_000 }
        #expect(after == [150_000, 180_200])
    }

    // Issue 51, item 14: a tap the run itself made impossible is counted and named.
    @Test("a tap while the app is in the background does nothing and is named as a failure")
    func tapInBackground() throws {
        // At 60 s the app goes to the background; the open at 120 s cannot happen, the pull at
        // 200 s after the foreground at 180 s can.
        let result = try Self.run(
            seconds: 240,
            script: [
                (60_000, .background), (120_000, .openCoin(id: "coin-0")), (180_000, .foreground),
                (200_000, .pullToRefresh),
            ])
        #expect(result.metrics["failures.user.open_in_background"] == 1)
        #expect(result.metrics["rate_limit.requests.by_screen.coin"] == 0)
        #expect(result.metrics["failures.user.pull_to_refresh_in_background"] == nil)
    }

    @Test("ten minutes: two on the list, five on a coin screen, three back: 10 requests, 2 market-cache hits")
    func tenMinuteSession() throws {
        let result = try Self.run(
            seconds: 600, script: [(120_000, .openCoin(id: "coin-0")), (420_000, .closeCoin)])
        // The load at 0 (arrives 0.2 s), the loop's first fetch hits the cache it filled, then one
        // fetch every 30.2 s; the push at 120 s stops the loop sleeping until 120.8 s. The pop at
        // 420 s loads again (the cache is 329 s old), the loop's first fetch hits, then 30.2 s apart.
        #expect(
            Self.marketsTimes(result) == [
                0, 30_200, 60_400, 90_600, 420_000, 450_200, 480_400, 510_600, 540_800, 571_000,
            ])
        #expect(result.metrics["cache.market.hits"] == 2)
        #expect(result.metrics["rate_limit.requests.by_screen.watchlist"] == 10)
        // The coin screen: its detail, then its 1D chart.
        #expect(result.metrics["rate_limit.requests.by_screen.coin"] == 2)
        #expect(result.metrics["screens.watchlist.visible_s"] == 300)
        #expect(result.metrics["screens.coin.visible_s"] == 300)
    }

    @Test(
        "the Portfolio tab: its own loads through the shared cache; the list comes back to a re-stamped cache"
    )
    func portfolioTab() throws {
        let trade = PortfolioTransaction(
            coinId: "coin-0", kind: .buy, quantity: 1, price: 100, fee: 0, time: Self.start + 1_000)
        let result = try Self.run(
            seconds: 240,
            script: [
                (1_000, .trade(trade)), (60_000, .selectTab(.portfolio)), (180_000, .selectTab(.watchlist)),
            ])
        let journal = result.journal.filter { $0.endpoint == "/coins/markets" }
        let portfolio = journal.filter {
            $0.target.contains("ids=coin-0&") || $0.target.hasSuffix("ids=coin-0")
        }
        // At 60 s the list's loop stops (it slept until 60.4 s); the tab's load finds the cache the
        // 30.2 s fetch stamped at 30.4 s (29.6 s old) with coin-0 in it: a hit. Then it sleeps
        // first: 90 s (a miss), 120.2 s (stamped at 90.2: exactly 30 s old, a miss), 150.4 s.
        #expect(portfolio.map { $0.time - Self.start } == [90_000, 120_200, 150_400])
        #expect(result.metrics["rate_limit.requests.by_screen.portfolio"] == 3)
        // Back on the list at 180 s: its load asks for all five coins; the portfolio's fetch at
        // 150.4 s re-stamped the cache (arrived 150.6 s) and every id has a row, so the load and the
        // loop's first fetch are hits, with coin-1...4 rows from 30.4 s. The next fetch is 210 s.
        // Leaving the tab at 180 s stops its loop mid-sleep (it would wake at 180.6 s): the
        // swallowed cancellation (`PortfolioViewModel.startPeriodicUpdates()`, `try? await
        // Task.sleep`) runs one last load at once, a hit on the 29.4 s-old entry: 5 hits in all.
        #expect(Self.marketsTimes(result).filter { $0 >= 180_000 } == [210_000])
        #expect(result.metrics["cache.market.hits"] == 5)
        #expect(result.metrics["failures.portfolio.cancelled"] == nil)
        #expect(result.metrics["screens.portfolio.visible_s"] == 120)
        #expect(result.metrics["portfolio.shown_value"] != nil)
    }

    @Test("the same ten minutes, read off the event stream: the list's requests pause under the coin screen")
    func tenMinutesAsEvents() throws {
        let market = AppSimulationTests.market()
        var config = RunConfig(
            seed: 3, market: market, durationMilliseconds: 600_000,
            server: ServerBehaviour(plan: .seed50, medianLatencyMilliseconds: 200, latencySigma: 0),
            app: AppSetup(policies: .bitpal),
            script: [
                ScheduledAction(time: Self.start + 120_000, action: .openCoin(id: "coin-0")),
                ScheduledAction(time: Self.start + 420_000, action: .closeCoin),
            ])
        config.start = Self.start
        var simulation = try AppSimulation(config: config)
        var sent: [(time: Int64, screen: AppScreenKind)] = []
        var screens: [(time: Int64, screen: AppScreenKind?)] = []
        let result = simulation.run(events: { event, time in
            switch event {
            case .requestSent(_, _, let screen, _, _): sent.append((time - Self.start, screen))
            case .screenChanged(let screen): screens.append((time - Self.start, screen))
            default: break
            }
        })
        #expect(sent.filter { $0.screen == .watchlist }.map(\.time) == Self.marketsTimes(result))
        #expect(sent.filter { $0.screen == .coin }.map(\.time) == [120_000, 121_200])
        #expect(screens.map(\.time) == [0, 120_000, 420_000])
        #expect(screens.map(\.screen) == [.watchlist, .coin, .watchlist])
    }

    @Test("the Portfolio tab hidden mid-load: its loop keeps loading every 30 s behind the watchlist")
    func portfolioLeak() throws {
        // coin-4 is held but not on the watchlist, so the shared cache never answers the tab.
        let trade = PortfolioTransaction(
            coinId: "coin-4", kind: .buy, quantity: 1, price: 100, fee: 0, time: Self.start + 1_000)
        // The tab appears at 100 s (a request) and is left at 100.1 s, before the answer: the load
        // is cancelled and the .task starts the loop anyway, which loads at 130.1 s (a request:
        // the cancelled answer was dropped). From then on coin-4's row stays in the shared cache,
        // which the watchlist's loop re-stamps every 30.2 s: the leaked loop's loads at 160.3 and
        // 190.3 s are hits.
        let result = try Self.run(
            seconds: 200, watchlist: 4,
            script: [
                (1_000, .trade(trade)), (100_000, .selectTab(.portfolio)), (100_100, .selectTab(.watchlist)),
            ])
        let portfolio = result.journal.filter { $0.target.contains("coin-4") }.map { $0.time - Self.start }
        #expect(portfolio == [100_000, 130_100])
        #expect(result.metrics["rate_limit.requests.by_screen.portfolio"] == 2)
        // Hits: the list's first loop fetch, its load and loop fetch on return at 100.1 s (the
        // cache stamped at 90.8 s), and the leaked loop's two.
        #expect(result.metrics["cache.market.hits"] == 5)
        #expect(result.metrics["screens.portfolio.visible_s"] == 0.1)
    }

    @Test("background: no view event; the loop's sleep ends at the foreground; a failed load is not retried")
    func background() throws {
        let result = try Self.run(
            seconds: 400, script: [(45_000, .background), (300_000, .foreground)])
        // The loop slept until 60.4 s; suspended, the wake waits for 300 s: no load, one fetch.
        #expect(Self.marketsTimes(result) == [0, 30_200, 300_000, 330_200, 360_400, 390_600])
        #expect(result.metrics["widget.timeline_reloads"] == 1)
        #expect(result.metrics["screens.watchlist.visible_s"] == 145)
        let outage = ServerFaults(outages: [.init(start: Self.start - 1, end: Self.start + 1)])
        let dead = try Self.run(
            seconds: 400, script: [(45_000, .background), (300_000, .foreground)], faults: outage)
        #expect(Self.marketsTimes(dead) == [0])
    }

    @Test("search: /coins/list once per process, one market request per debounced query, then the add loads")
    func searchAddsACoin() throws {
        let result = try Self.run(
            seconds: 240, watchlist: 4,
            script: [
                (
                    100_000,
                    .search(
                        text: "c4", goal: .addCoin(CoinListEntry(id: "coin-4", symbol: "c4", name: "Coin 4")))
                ),
                (
                    200_000,
                    .search(
                        text: "c3", goal: .addCoin(CoinListEntry(id: "coin-3", symbol: "c3", name: "Coin 3")))
                ),
            ])
        let search = result.journal.filter {
            $0.time - Self.start >= 100_000 && $0.time - Self.start < 100_900
        }
        // The sheet at 100 s asks for the list; "c" at 100 s, "c4" at 100.15 s, the query at
        // 100.45 s asks for coin-4 alone (the limiter's slot: 101.2 s).
        #expect(
            result.journal.filter { $0.endpoint == "/coins/list" }.map { $0.time - Self.start } == [100_000])
        #expect(search.map(\.endpoint) == ["/coins/list"])
        let coin4 = result.journal.first { $0.target.contains("coin-4") }
        #expect(coin4.map { $0.time - Self.start } == 101_200)
        #expect(coin4.map { !$0.target.contains("coin-0") } == true)
        #expect(result.metrics["watchlist.coins"] == 5)
        // The second sheet reuses the list; coin-3 is on the list already: the app refuses it.
        #expect(result.metrics["failures.watchlist.refused_add"] == 1)
        #expect(result.metrics["rate_limit.requests./coins/list"] == 1)
        #expect(result.metrics["rate_limit.requests.by_screen.search"]! >= 2)
    }

    @Test("a trade through the picker: the Portfolio tab shows, the trade is saved, the tab loads again")
    func tradeThroughPicker() throws {
        let trade = PortfolioTransaction(
            coinId: "coin-2", kind: .buy, quantity: 3, price: 100, fee: 0, time: Self.start + 60_000)
        let result = try Self.run(seconds: 120, script: [(60_000, .search(text: "c2", goal: .trade(trade)))])
        #expect(result.metrics["portfolio.value"] != nil)
        #expect(result.metrics["screens.portfolio.visible_s"]! > 50)
        #expect(result.journal.contains { $0.endpoint == "/coins/list" })
        #expect(result.metrics["failures.portfolio.refused"] == nil)
    }

    @Test("removing a coin restarts the loop over the rest without a load")
    func removeRestarts() throws {
        let result = try Self.run(seconds: 120, script: [(45_000, .removeCoin(id: "coin-4"))])
        // The restart's first fetch at 45 s hits the cache stamped at 30.4 s; then 75 s, 105.2 s.
        #expect(Self.marketsTimes(result) == [0, 30_200, 75_000, 105_200])
        #expect(result.journal.last?.target.contains("coin-4") == false)
    }

    // Found by `conformance diff`'s watchlist-screen rule once it compared what each screen
    // shows (issue 66): `WatchlistViewModel.loadWatchlistWithPrices()` joins the items it fetched
    // before its request, so a coin removed while that load is under way is back on screen when
    // it ends, with the load's price, and `startPeriodicUpdates()` refreshes it (Pointwelve/
    // Bitpal-iOS `da53edf`, `Features/Watchlist/ViewModels/WatchlistViewModel.swift`).
    @Test("a coin removed while the list loads is shown again when the load ends, and refreshed")
    func removedMidLoadShownAgain() throws {
        var shown: [(at: Int64, rows: [String])] = []
        var sent: [(at: Int64, target: String)] = []
        _ = try Self.run(
            seconds: 100, watchlist: 2,
            script: [
                (10_000, .selectTab(.portfolio)),
                // Back on the list at 40 s: its `.task` loads (the 30 s market cache is stale), and
                // the coin is removed while that load waits for its answer.
                (40_000, .removeCoin(id: "coin-1")),
            ],
            events: { event, time in
                switch event {
                case .screenShown(.watchlist?, let items):
                    shown.append((time - Self.start, items.filter { $0.dataTime != nil }.map(\.key)))
                case .requestSent(_, _, _, _, let target): sent.append((time - Self.start, target))
                default: break
                }
            })
        // Removed at 40 s (the row goes), back at 40.2 s with the load's answer.
        #expect(shown.last { $0.at == 40_000 }?.rows == ["coin-0"])
        #expect(shown.last { $0.at == 40_200 }?.rows == ["coin-0", "coin-1"])
        // The tab stopped the first loop at 10 s; the one the 40 s load starts asks for both.
        #expect(sent.map(\.at) == [0, 40_000, 70_200])
        #expect(sent.last?.target.contains("coin-1") == true)
    }

    // Found by `conformance diff`'s coin-screen rule once it compared what each screen shows
    // (issue 66): `CoinDetailView` makes a `CoinDetailViewModel` for each push, and a range
    // switch loads in a task of its own (`switchTimeRange(to:)`), which the pop does not cancel:
    // its chart lands in the popped screen's view model, not in the next screen's of the same
    // coin (Pointwelve/Bitpal-iOS `da53edf`, `Features/CoinDetail/ViewModels/CoinDetailViewModel.swift`).
    @Test("a range switched on a popped coin screen is not drawn on the next screen of the same coin")
    func poppedSwitchNotDrawn() throws {
        var shown: [(at: Int64, dataTime: Int64?)] = []
        var monthSent: Int64?
        _ = try Self.run(
            seconds: 60, watchlist: 2,
            script: [
                (10_000, .openCoin(id: "coin-0")), (20_000, .switchRange(.oneMonth)),
                // Popped and pushed again before the 1M answer comes.
                (20_050, .closeCoin), (20_100, .openCoin(id: "coin-0")),
            ],
            events: { event, time in
                switch event {
                case .screenShown(.coin?, let items):
                    shown.append((time - Self.start, items.first?.dataTime ?? nil))
                case .requestSent(_, _, _, _, let target) where target.contains("days=30"):
                    monthSent = monthSent ?? time - Self.start
                default: break
                }
            })
        // The 1M chart was asked for by the first screen and answered after the second opened.
        let sent = try #require(monthSent)
        #expect(sent >= 20_000 && sent < 20_100)
        // The second screen never shows it: what it shows from 20.1 s on is its own 1D chart,
        // the same as the first screen showed before the switch.
        let before = try #require(shown.last { $0.at < 20_000 && $0.dataTime != nil }?.dataTime)
        let after = shown.filter { $0.at >= 20_100 && $0.dataTime != nil }.map(\.dataTime)
        #expect(!after.isEmpty && after.allSatisfy { $0 == before }, "\(shown)")
    }

    @Test("requests by screen add up to the server's journal; time on screens to the time in the foreground")
    func screensAddUp() throws {
        let trade = PortfolioTransaction(
            coinId: "coin-2", kind: .buy, quantity: 1, price: 100, fee: 0, time: Self.start + 200_000)
        let result = try Self.run(
            seconds: 900, watchlist: 4,
            script: [
                (60_000, .openCoin(id: "coin-0")), (61_000, .switchRange(.oneWeek)), (120_000, .closeCoin),
                (180_000, .selectTab(.portfolio)), (200_000, .search(text: "c2", goal: .trade(trade))),
                (
                    300_000,
                    .search(
                        text: "c4", goal: .addCoin(CoinListEntry(id: "coin-4", symbol: "c4", name: "Coin 4")))
                ),
                (400_000, .background), (700_000, .foreground), (750_000, .openCoin(id: "coin-1")),
            ])
        let metrics = result.metrics
        let byScreen = ["watchlist", "portfolio", "search", "coin"].map {
            metrics["rate_limit.requests.by_screen.\($0)"]!
        }
        // The server's own journal, not the recorder's count, is the independent side.
        #expect(byScreen.reduce(0, +) == Double(result.journal.count))
        #expect(byScreen.allSatisfy { $0 > 0 })
        let visible = ["watchlist", "portfolio", "search", "coin"].map { metrics["screens.\($0).visible_s"]! }
        // 900 s less the 300 s in the background, counted from the script alone.
        #expect(abs(visible.reduce(0, +) - 600) < 1e-9)
        #expect(metrics["screens.coin.visible_s"] == 210)  // 60 s on coin-0, 150 s on coin-1
    }

    @Test("past CoinGecko's page of 100 the load leaves coins off the screen, counted as such")
    func leftOff() throws {
        // Rows are counted, not prices: two days of history draw 150 coins quickly.
        let result = try Self.run(seconds: 60, watchlist: 150, coins: 150, history: 2, script: [])
        #expect(result.metrics["watchlist.left_off"] == 50)
        #expect(result.metrics["watchlist.unavailable"] == 0)
        #expect(result.metrics["watchlist.kept_previous"] == 0)
    }
}
