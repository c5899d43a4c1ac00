import AppHosting
import PriceModels
import Simulation
import Testing
import TrackerCore
import WorkbenchFoundation

/// The `bitpal` preset against the published app's code, on small traces worked by hand.
@Suite("The app as built, in the simulator")
struct AppBehaviourTests {
    static let start = AppSimulationTests.start
    static let hour = AppSimulationTests.hour

    /// A run with a fixed 200 ms latency, so every time below is exact. `history`: days of market
    /// before the run (400 by default: a year's changes and extremes on the coin screen).
    static func run(
        policies: AppPolicies = .bitpal, coins: Int = 5, history: Int64 = 400, plan: RateLimitPlan = .seed50,
        hours: Int64 = 1, script: [ScheduledAction] = [], faults: ServerFaults = .none
    ) throws -> RunResult {
        var config = RunConfig(
            seed: 3, market: AppSimulationTests.market(coins: coins, history: history),
            durationMilliseconds: hours * hour,
            server: ServerBehaviour(
                plan: plan, medianLatencyMilliseconds: 200, latencySigma: 0, faults: faults),
            app: AppSetup(policies: policies), script: script)
        config.start = start
        var simulation = try AppSimulation(config: config)
        return simulation.run()
    }

    @Test(
        "fetch-then-sleep: a load, a cache hit, then one request every 30.2 s; the 30 s cache never hits again"
    )
    func priceLoop() throws {
        let metrics = try Self.run().metrics
        // Load at 0 (arrives 200 ms), the loop's first fetch hits the cache the load filled, then
        // a request at 30,200 + k x 30,200 ms for k = 0...118 inside the hour: 1 + 119 requests.
        #expect(metrics["rate_limit.requests"] == 120)
        #expect(metrics["rate_limit.min_gap_ms"] == 30_200)
        #expect(metrics["cache.market.hits"] == 1)
        #expect(metrics["cache.market.misses"] == 120)
        var fixed = AppPolicies.bitpal
        fixed.refreshSchedule = .fixedRate
        let timer = try Self.run(policies: fixed).metrics
        // A fixed 30 s timer from 0: 121 ticks; a response stamps the cache at t + 200 ms, so the
        // next tick finds it 29.8 s old and every other tick hits.
        #expect(timer["cache.market.hits"] == 60)
        #expect(timer["rate_limit.requests"] == 61)
    }

    @Test(
        "the whole watchlist in one URL; past CoinGecko's page of 100 the loop refreshes only the loaded coins"
    )
    func batchingAndPaging() throws {
        // What is counted here is requests and rows, not prices: two days of history are enough
        // (400 days of 300 coins is 35 M ticks to draw).
        let result = try Self.run(coins: 150, history: 2, hours: 1)
        let markets = result.journal.filter { $0.endpoint == "/coins/markets" }
        // One request per refresh, never split (120 as above), however long the URL.
        #expect(markets.count == 120)
        // The app's compactMap leaves the 50 coins without a row off the screen.
        #expect(result.metrics["watchlist.left_off"] == 50)
        // The load asked for 150 ids; the loop asks for the 100 that came back, so its first
        // fetch is a cache hit.
        #expect(result.metrics["cache.market.hits"] == 1)
        var spec = AppPolicies.spec
        spec.refreshSchedule = .fetchThenSleep
        // 300 ids make a URL past 2,000 characters: the spec splits it, the app does not.
        let split = try Self.run(policies: spec, coins: 300, history: 2, hours: 1).journal
        #expect(split.filter { $0.endpoint == "/coins/markets" }.count > 120)
        let single = try Self.run(coins: 300, history: 2, hours: 1).journal
        #expect(single.filter { $0.endpoint == "/coins/markets" }.count == 120)
    }

    @Test("the coin screen asks for the chart only after the detail arrived; a failed detail asks for none")
    func detailThenChart() throws {
        let open = Self.start + 600_000
        let script = [
            ScheduledAction(time: open, action: .openCoin(id: "coin-1"))
        ]
        let journal = try Self.run(script: script).journal.filter {
            $0.time >= open && $0.endpoint != "/coins/markets"
        }
        #expect(journal.map(\.endpoint) == ["/coins/{id}", "/coins/{id}/market_chart"])
        // Detail at 600 s; it arrives 200 ms later and the chart leaves at once (1.2 s after the
        // detail is the limiter's slot).
        #expect(journal[1].time - journal[0].time == 1_200)
        let outage = ServerFaults(outages: [.init(start: open - 1, end: open + 1)])
        let failed = try Self.run(script: script, faults: outage).journal
        #expect(!failed.contains { $0.endpoint == "/coins/{id}/market_chart" })
        var spec = AppPolicies.bitpal
        spec.detailLoadOrder = .concurrent
        let together = try Self.run(policies: spec, script: script).journal.filter {
            $0.time >= open && $0.endpoint != "/coins/markets"
        }
        #expect(together.count == 2 && together[1].time - together[0].time == 1_200)
    }

    @Test("rapid range switches: three chart loads within 1.2 s, the second and third leave together")
    func rapidSwitches() throws {
        let open = Self.start + 600_000
        let script = [
            ScheduledAction(time: open, action: .openCoin(id: "coin-1")),
            ScheduledAction(time: open + 300, action: .switchRange(.oneWeek)),
            ScheduledAction(time: open + 600, action: .switchRange(.oneMonth)),
        ]
        let journal = try Self.run(script: script).journal.filter {
            $0.time >= open && $0.endpoint != "/coins/markets"
        }
        let times: [Int64] = journal.map(\.time)
        let expected: [Int64] = [open, open + 1_200, open + 1_200, open + 1_200]
        #expect(times == expected)
        var spacing = AppPolicies.bitpal
        spacing.limiter = .spacing
        let paced = try Self.run(policies: spacing, script: script).metrics
        #expect(paced["rate_limit.min_gap_ms"]! >= 1_200)
    }

    @Test(
        "the server caches simple/price 60 s on demo plans and 30 s on paid ones, OHLC 15 min; the header agrees"
    )
    func serverCaches() throws {
        for (plan, simple) in [(RateLimitPlan.demo30, 60), (.pro500, 30)] {
            var server = SimulatedServer(
                source: AppSimulationTests.market(), behaviour: ServerBehaviour(plan: plan),
                seed: StreamSeed(root: 1, stream: "s"))
            let requests = CoinGeckoRequests()
            let cases: [(HTTPRequest, Int)] = [
                (requests.simplePrice(ids: ["coin-1"], vsCurrencies: ["usd"])[0], simple),
                (requests.ohlc(id: "coin-1", days: "7"), 900),
                (requests.marketChart(id: "coin-1", days: "1"), 30),
                (requests.coinsMarkets(ids: ["coin-1"])[0], 30),
            ]
            for (request, seconds) in cases {
                let first = server.handle(request, at: Self.start)
                #expect(
                    first.response?.headers["Cache-Control"] == "public, max-age=\(seconds)",
                    "\(request.path)")
                let maxAge = Int64(seconds) * 1_000
                #expect(server.handle(request, at: Self.start + maxAge - 1).outcome == .cached)
                #expect(
                    server.handle(request, at: Self.start + maxAge).outcome == .served,
                    "\(plan.name) \(request.path)")
            }
        }
    }

    static func listed(_ ids: [String]) -> [CoinListEntry] {
        ids.map { CoinListEntry(id: $0, symbol: $0, name: $0) }
    }

    @Test("seeded users switch ranges and types, pull to refresh and leave mid-load, deterministically")
    func seededUsers() {
        let user = StochasticUser(sessionsPerDay: 24, meanSessionMilliseconds: 300_000, coinsPerSession: 3)
        var first = SplitMix64(seed: 5)
        var second = SplitMix64(seed: 5)
        let actions = user.actions(
            from: Self.start, to: Self.start + 7 * 86_400_000, coins: Self.listed(["a", "b"]),
            profile: .bitpal,
            generator: &first)
        #expect(
            actions
                == user.actions(
                    from: Self.start, to: Self.start + 7 * 86_400_000, coins: Self.listed(["a", "b"]),
                    profile: .bitpal,
                    generator: &second))
        let kinds = actions.map(\.action)
        let switchesRange = kinds.contains { if case .switchRange = $0 { true } else { false } }
        let switchesType = kinds.contains { if case .switchChartType = $0 { true } else { false } }
        let pulls = kinds.filter { $0 == .pullToRefresh }.count
        #expect(switchesRange && switchesType)
        #expect(pulls > 0)
        #expect(zip(actions, actions.dropFirst()).allSatisfy { $0.time <= $1.time })
        // Some session ends within 0.8 s of its last coin opening: mid-load.
        let midLoad = zip(actions, actions.dropFirst()).contains { previous, next in
            if case .openCoin = previous.action, next.action == .background {
                return next.time - previous.time <= 800
            }
            return false
        }
        #expect(midLoad)
        // Sessions are sequences of screens: coin visits end with a pop, the Portfolio tab is
        // visited and left, searches add coins, and (given prices) trades go through the picker.
        let opens = kinds.filter { if case .openCoin = $0 { true } else { false } }.count
        #expect(kinds.filter { $0 == .closeCoin }.count >= opens)
        #expect(kinds.contains(.selectTab(.portfolio)) && kinds.contains(.selectTab(.watchlist)))
        let searches = kinds.filter { if case .search(_, .addCoin) = $0 { true } else { false } }
        #expect(!searches.isEmpty)
        var priced = SplitMix64(seed: 5)
        var trader = user
        trader.habits.tradesPerSession = 0.5
        let withPrices = trader.actions(
            from: Self.start, to: Self.start + 7 * 86_400_000, coins: Self.listed(["a", "b"]),
            profile: .bitpal,
            generator: &priced, price: { _, _ in 40 })
        let trades = withPrices.compactMap { action -> PortfolioTransaction? in
            if case .search(_, .trade(let trade)) = action.action { trade } else { nil }
        }
        #expect(!trades.isEmpty)
        #expect(trades.allSatisfy { $0.kind == .buy && $0.price == 40 && $0.quantity == 2.5 })
        let quiet = StochasticUser(
            sessionsPerDay: 24, meanSessionMilliseconds: 300_000, coinsPerSession: 3, habits: .opensOnly)
        var third = SplitMix64(seed: 5)
        #expect(
            !quiet.actions(
                from: Self.start, to: Self.start + 86_400_000, coins: Self.listed(["a"]), profile: .bitpal,
                generator: &third
            )
            .contains { $0.action == .pullToRefresh })
    }
}
