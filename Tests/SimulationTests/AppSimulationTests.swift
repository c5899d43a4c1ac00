import AppHosting
import PriceModels
import Simulation
import Testing
import TrackerCore

@Suite("The app driven on virtual time")
struct AppSimulationTests {
    static let start: Int64 = 1_704_067_200_000
    static let hour: Int64 = 3_600_000

    /// `coins` GBM coins from `history` days before ``start`` to `days` after it.
    static func market(coins: Int = 5, days: Int64 = 2, history: Int64 = 400) -> SimulatedMarket {
        let list = (0..<coins).map { index in
            SyntheticCoin(
                id: "coin-\(index)", symbol: "c\(index)", name: "Coin \(index)",
                circulatingSupply: 1e6 * Double(coins - index),
                startPrice: 100, model: .gbm(GeometricBrownianMotion(drift: 0.1, volatility: 0.8)))
        }
        return try! SimulatedMarket(
            coins: list, rootSeed: 99, start: start - history * 86_400_000, end: start + days * 86_400_000)
    }

    static func config(
        policies: AppPolicies, plan: String = "seed-50", script: [ScheduledAction] = [], hours: Int64 = 2,
        alerts: [PriceAlert] = [], seed: UInt64 = 7
    ) -> RunConfig {
        var config = RunConfig(
            seed: seed, market: market(), durationMilliseconds: hours * hour,
            server: ServerBehaviour(plan: .named(plan)!), app: AppSetup(policies: policies, alerts: alerts),
            script: script)
        config.start = start
        return config
    }

    /// A user opening a coin every second for two minutes: the screens' loads overlap.
    /// Odd seconds tap 1W as the screen appears (the screen always opens on 1D).
    static let busyUser: [ScheduledAction] = (0..<120).flatMap { second -> [ScheduledAction] in
        let time = start + 600_000 + Int64(second) * 1_000
        let open = ScheduledAction(time: time, action: .openCoin(id: "coin-\(second % 5)"))
        guard second % 2 == 1 else { return [open] }
        return [open, ScheduledAction(time: time, action: .switchRange(.oneWeek))]
    }

    @Test("a run is a pure function of its config: two runs give byte-identical metrics and journals")
    func deterministic() throws {
        var first = try AppSimulation(config: Self.config(policies: .bitpal, script: Self.busyUser))
        var second = try AppSimulation(config: Self.config(policies: .bitpal, script: Self.busyUser))
        let (a, b) = (first.run(), second.run())
        #expect(a.metricsJSON == b.metricsJSON)
        #expect(a.journal == b.journal)
        #expect(a == b)
        var other = try AppSimulation(config: Self.config(policies: .bitpal, script: Self.busyUser, seed: 8))
        #expect(other.run().journal.map(\.latencyMilliseconds) != a.journal.map(\.latencyMilliseconds))
    }

    @Test(
        "bitpal's limiter with overlapping screen loads breaks seed-50; spacing and token-bucket never do"
    )
    func limiterComparison() throws {
        // The limiter alone: without URLSession's cache, which answers some of the busy user's
        // repeated requests on the device.
        var app = AppPolicies.bitpal
        app.httpCache = .none
        var bitpal = try AppSimulation(config: Self.config(policies: app, script: Self.busyUser))
        let broken = bitpal.run().metrics
        #expect(broken["rate_limit.max_per_minute"]! > 50)
        #expect(broken["rate_limit.over_limit"]! > 0)
        #expect(broken["rate_limit.status_429"]! > 0)
        #expect(broken["rate_limit.min_gap_ms"] == 0)  // waiting requests leave together
        for limiter in [RateLimitPolicy.spacing, .tokenBucket(burst: 5), .slidingWindow] {
            var policies = app
            policies.limiter = limiter
            var run = try AppSimulation(config: Self.config(policies: policies, script: Self.busyUser))
            let metrics = run.run().metrics
            #expect(metrics["rate_limit.max_per_minute"]! <= 50, "\(limiter)")
            #expect(metrics["rate_limit.over_limit"] == 0, "\(limiter)")
            #expect(metrics["rate_limit.status_429"] == 0, "\(limiter)")
            #expect(metrics["rate_limit.requests"]! > 0)
        }
    }

    @Test("hand-computed cache figures: the same chart three times inside its TTL, then after it")
    func chartCacheAndOptimum() throws {
        // spec's 1D line TTL is 300 s: opens at 0, 60 s, 120 s hit after the first miss; at 400 s it expired.
        let script = [0, 60, 120, 400].map { seconds in
            ScheduledAction(
                time: Self.start + 1_000_000 + Int64(seconds) * 1_000,
                action: .showChart(id: "coin-1", type: .line, range: .oneDay))
        }
        var run = try AppSimulation(config: Self.config(policies: .spec, script: script, hours: 1))
        let metrics = run.run().metrics
        #expect(metrics["cache.chart.hits"] == 2 && metrics["cache.chart.misses"] == 2)
        #expect(metrics["cache.chart.hit_ratio"] == 0.5)
        // The optimum is 0.5 too (a refetch at 120 s would serve 400 s but lose 120 s), but the
        // bound, which ignores that trade, counts 400 s as servable: 3 of 4, above the optimum.
        #expect(metrics["cache.chart.opt_hit_ratio"] == 0.75)
        #expect(metrics["charts.1D.line.renders"] == 4)
        // The market cache is stamped when the response arrives, so with a 30 s timer and a 30 s
        // TTL every other refresh is served from it: 60 of the 121 refreshes from 0 s to 3600 s.
        #expect(metrics["cache.market.hits"] == 60 && metrics["cache.market.misses"] == 61)
        #expect(metrics["cache.market.opt_hit_ratio"] == metrics["cache.market.hit_ratio"])
        #expect(metrics["cache.opt_hit_ratio"]! >= metrics["cache.hit_ratio"]!)
    }

    @Test("the stride downsampler overshoots its cap on the app's profile; LTTB never does")
    func overCap() throws {
        let script = [ChartTimeRange.oneDay, .oneWeek, .oneMonth].enumerated().map { index, range in
            ScheduledAction(
                time: Self.start + Int64(index + 1) * 600_000,
                action: .showChart(id: "coin-0", type: .line, range: range))
        }
        var bitpal = try AppSimulation(config: Self.config(policies: .bitpal, script: script))
        let stride = bitpal.run().metrics
        #expect(stride["charts.over_cap"]! > 0)
        var policies = AppPolicies.bitpal
        policies.downsampler = .lttb
        var lttb = try AppSimulation(config: Self.config(policies: policies, script: script))
        let fixed = lttb.run().metrics
        #expect(fixed["charts.over_cap"] == 0 && fixed["charts.renders"] == 3)
        #expect(fixed["charts.1D.line.drawn"]! <= 96)
    }

    @Test("freshness: a row is as old as its last tick (5 min apart) plus at most a minute of caches")
    func freshness() throws {
        var run = try AppSimulation(config: Self.config(policies: .spec, hours: 3))
        let metrics = run.run().metrics
        // `last_updated` is the coin's last 5-minute tick; the app's 30 s cache over the CDN's
        // 30 s adds at most about a minute.
        #expect(metrics["freshness.max_age_s"]! <= 300 + 61)
        #expect(metrics["freshness.max_age_s"]! > 300)
        #expect(abs(metrics["freshness.visible_s"]! - 3 * 3600) < 1e-6)
        #expect(metrics["freshness.p50_age_s"]! >= 0)
        // 360 refreshes in 3 h; every other one is answered from the app's own cache.
        #expect(
            metrics["rate_limit.requests./coins/markets"] == 180
                || metrics["rate_limit.requests./coins/markets"] == 181)
    }

    @Test(
        "an outage: failed refreshes are counted, the watchlist's data ages, and charts fall back to stale entries"
    )
    func outage() throws {
        var config = Self.config(
            policies: .spec,
            script: [
                ScheduledAction(
                    time: Self.start + 600_000, action: .showChart(id: "coin-2", type: .line, range: .oneDay)),
                ScheduledAction(
                    time: Self.start + 2_400_000,
                    action: .showChart(id: "coin-2", type: .line, range: .oneDay)),
            ], hours: 1)
        config.server.faults = ServerFaults(
            outages: [ServerFaults.Window(start: Self.start + 1_200_000, end: Self.start + 3_000_000)])
        var run = try AppSimulation(config: config)
        let metrics = run.run().metrics
        #expect(metrics["failures.watchlist.http_503"]! >= 55)
        #expect(metrics["cache.stale_served"] == 1 && metrics["charts.renders"] == 2)
        #expect(metrics["freshness.max_age_s"]! >= 1_790)
    }

    @Test("alerts fire on refreshes and their delay from the true crossing is measured")
    func alerts() throws {
        let truth = Self.market()
        let now = try #require(truth.price(of: "coin-0", at: Self.start))
        let alerts = [
            PriceAlert(id: 1, coinId: "coin-0", condition: .above, target: now * 0.5),
            PriceAlert(id: 2, coinId: "coin-0", condition: .below, target: now * 2),
        ]
        var run = try AppSimulation(config: Self.config(policies: .bitpal, hours: 3, alerts: alerts))
        let metrics = run.run().metrics
        // Both hold from the start: each fires at the first refresh and again every hour (the app's cooldown).
        #expect(metrics["alerts.fired"] == 6)
        // A first firing is seen at the first refresh; a re-fire at the first refresh after the hour.
        #expect(metrics["alerts.p95_delay_s"]! <= 31)
    }

    @Test("portfolio figures at the end, at the true prices")
    func portfolio() throws {
        let buy = PortfolioTransaction(
            coinId: "coin-3", kind: .buy, quantity: 2, price: 100, time: Self.start)
        var run = try AppSimulation(
            config: Self.config(
                policies: .spec, script: [ScheduledAction(time: Self.start, action: .trade(buy))], hours: 48))
        let metrics = run.run().metrics
        let price = try #require(Self.market().price(of: "coin-3", at: Self.start + 48 * Self.hour))
        #expect(abs(metrics["portfolio.value"]! - 2 * price) < 1e-6)
        #expect(abs(metrics["portfolio.unrealized_pnl"]! - (2 * price - 200)) < 1e-6)
        #expect(metrics["portfolio.realized_pnl"] == 0)
        #expect(metrics["portfolio.volatility"] != nil)
    }

    @Test(
        "the downsampling is handed to the wall timer once per line chart fetched, and the result does not change"
    )
    func wallTimer() throws {
        final class CountingTimer: WallTimer, @unchecked Sendable {
            var labels: [String] = []
            func measure(_ label: String, _ body: () -> Void) {
                labels.append(label)
                body()
            }
        }
        let timer = CountingTimer()
        var timed = try AppSimulation(config: Self.config(policies: .spec, script: Self.busyUser))
        var plain = try AppSimulation(config: Self.config(policies: .spec, script: Self.busyUser))
        let result = timed.run(timer: timer)
        #expect(result.metricsJSON == plain.run().metricsJSON)
        let fetched = result.metrics.charts.keys.filter { $0.type == .line }.count
        #expect(fetched > 0 && timer.labels.count >= fetched && Set(timer.labels) == ["downsampling"])
    }

    @Test("a raw chart cache counts the fetched points once and draws the entry again at each render")
    func rawChartCache() throws {
        let script = [0, 60].map { seconds in
            ScheduledAction(
                time: Self.start + 1_000_000 + Int64(seconds) * 1_000,
                action: .showChart(id: "coin-1", type: .line, range: .oneDay))
        }
        var processed = try AppSimulation(config: Self.config(policies: .spec, script: script, hours: 1))
        var rawPolicies = AppPolicies.spec
        rawPolicies.chartCacheContent = .rawResponse
        var raw = try AppSimulation(config: Self.config(policies: rawPolicies, script: script, hours: 1))
        let (a, b) = (processed.run().metrics, raw.run().metrics)
        #expect(a["charts.1D.line.renders"] == 2 && b["charts.1D.line.renders"] == 2)
        #expect(a["cache.chart.hits"] == 1 && b["cache.chart.hits"] == 1)
        // Fetched once in both modes: redrawing a raw entry is not a fetch.
        #expect(a["charts.1D.line.fetched"] == b["charts.1D.line.fetched"])
        #expect(b["charts.1D.line.fetched"]! > 250)
    }
}
