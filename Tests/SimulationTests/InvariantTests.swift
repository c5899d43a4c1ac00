import PriceModels
import Testing
import TrackerCore

@testable import AppHosting
@testable import Simulation

/// The invariants checked after every input (``AppInvariants``): they hold on real runs, checking
/// them changes nothing, and each event rule catches the shell bug it names.
@Suite("Invariants after every input")
struct InvariantTests {
    @Test("a busy run holds every invariant, and checking them changes nothing in its result")
    func busyRunHolds() throws {
        for policies in [AppPolicies.bitpal, .spec] {
            let config = AppSimulationTests.config(policies: policies, script: AppSimulationTests.busyUser)
            var checked = try AppSimulation(config: config, checkingInvariants: true)
            var unchecked = try AppSimulation(config: config)
            let (a, b) = (checked.run(), unchecked.run())
            #expect(a == b)
            #expect(a.metricsJSON == b.metricsJSON)
        }
    }

    @Test("an answer delivered twice, or for a request never sent, is caught")
    func deliveryBugs() {
        var invariants = AppInvariants()
        let app = Self.app()
        invariants.observe(
            .requestSent(id: 0, askedAt: 0, screen: .watchlist, endpoint: nil, target: "/ping"), at: 10)
        invariants.observe(.answered(id: 0, status: 200, billed: true), at: 20)
        #expect(invariants.check(app, at: 20).isEmpty)
        invariants.observe(.answered(id: 0, status: 200, billed: true), at: 30)
        invariants.observe(.answered(id: 7, status: nil, billed: false), at: 30)
        #expect(
            invariants.check(app, at: 30) == [
                "request 0 was answered but not in flight", "request 7 was answered but not in flight",
            ])
        // What broke is reported once.
        #expect(invariants.check(app, at: 30).isEmpty)
    }

    @Test("a request sent after it was given up, time running backwards, and data from the future are caught")
    func orderBugs() {
        var invariants = AppInvariants()
        let app = Self.app()
        invariants.observe(.requestGivenUp(id: 3, screen: .coin, target: "/coins/x"), at: 100)
        invariants.observe(
            .requestSent(id: 3, askedAt: 50, screen: .coin, endpoint: .coinDetail, target: "/coins/x"),
            at: 100)
        invariants.observe(
            .screenShown(.watchlist, items: [ScreenItem(key: "bitcoin", dataTime: 500)]), at: 100)
        #expect(
            invariants.check(app, at: 100) == [
                "request 3 was sent after it was given up",
                "the screen shows bitcoin with data from after now",
            ])
        #expect(invariants.check(app, at: 99) == ["time ran backwards from 100 to 99"])
        // A coin screen's forming candle may be stamped ahead; a watchlist row never, whatever its id.
        invariants.observe(
            .screenShown(.coin, items: [ScreenItem(key: "bitcoin-candle", dataTime: 99 + 3_600_000)]), at: 99)
        #expect(invariants.check(app, at: 99).isEmpty)
        invariants.observe(
            .screenShown(.watchlist, items: [ScreenItem(key: "x-candle", dataTime: 200)]), at: 100)
        #expect(invariants.check(app, at: 100) == ["the screen shows x-candle with data from after now"])
    }

    @Test("a cache store must answer a lookup that missed, and a chart never draws more than it kept")
    func traceBugs() {
        var invariants = AppInvariants()
        let app = Self.app()
        invariants.observe(
            .cacheLookup(cache: .chart, capacity: 8, key: "k", ttlMilliseconds: 1, hit: true), at: 0)
        invariants.observe(
            .cacheLookup(cache: .chart, capacity: 8, key: "k", ttlMilliseconds: 1, hit: false), at: 0)
        invariants.observe(.cacheStored(cache: .chart, lookup: 1), at: 0)
        #expect(invariants.check(app, at: 0).isEmpty)
        invariants.observe(.cacheStored(cache: .chart, lookup: 0), at: 0)
        invariants.observe(
            .chartPrepared(
                ChartKey(.oneDay, .line), fetched: 10, kept: 5, drawn: 6, overCap: false, fidelityLoss: 0),
            at: 0)
        #expect(
            invariants.check(app, at: 0) == [
                "the chart cache stored for lookup 0, which did not miss",
                "1D.line drew 6 of 5 kept of 10 fetched",
            ])
    }

    @Test("the app's state after launch holds its own invariants")
    func appState() throws {
        var app = Self.app()
        app.launch(at: AppSimulationTests.start)
        #expect(app.invariantViolations().isEmpty)
    }

    static func app() -> TrackerApp {
        try! TrackerApp(
            setup: AppSetup(policies: .bitpal), plan: .seed50, start: AppSimulationTests.start, widgetSeed: 1,
            backoffSeed: 1)
    }
}
