import Testing
import TrackerCore

/// What the app keeps between launches (`AppStorage`): one rule for `live --state` and the
/// simulator's cold launch.
@Suite("What the app stores between launches")
struct AppStorageTests {
    static let start: Int64 = 1_704_067_200_000

    static func entry(_ id: String, _ position: Int, _ addedAt: Int64 = start) -> WatchlistEntry {
        WatchlistEntry(coinId: id, position: position, addedAt: addedAt)
    }

    static func coin(_ id: String) -> CoinListEntry {
        CoinListEntry(id: id, symbol: id.prefix(3).uppercased(), name: id)
    }

    @Test(
        "a stored watchlist replaces the scenario's, named from it where it lists the coin; the stored ledger replaces its"
    )
    func launch() {
        let trade = PortfolioTransaction(
            coinId: "bitcoin", kind: .buy, quantity: 1, price: 100, fee: 0, time: Self.start - 1_000)
        let setup = AppSetup(policies: .bitpal, watchlist: [Self.coin("bitcoin"), Self.coin("ethereum")])
        let launched = AppStorage.launch(
            setup,
            restoring: .init(
                watchlist: [Self.entry("solana", 0), Self.entry("bitcoin", 1)], transactions: [trade]))
        #expect(
            launched.watchlist == [
                CoinListEntry(id: "solana", symbol: "solana", name: "solana"), Self.coin("bitcoin"),
            ])
        #expect(launched.transactions == [trade])
        // An empty store keeps the scenario's list.
        let empty = AppStorage.launch(setup, restoring: .init(watchlist: [], transactions: []))
        #expect(empty.watchlist == setup.watchlist)
    }

    @Test(
        "the writes: removals, additions with their times, every coin to its place, then only the run's trades"
    )
    func changes() {
        let old = PortfolioTransaction(
            coinId: "a", kind: .buy, quantity: 1, price: 1, fee: 0, time: Self.start)
        let new = PortfolioTransaction(
            coinId: "b", kind: .buy, quantity: 2, price: 1, fee: 0, time: Self.start + 5)
        let changes = AppStorage.changes(
            from: .init(watchlist: [Self.entry("a", 0), Self.entry("b", 1)], transactions: [old]),
            to: .init(
                watchlist: [Self.entry("b", 0), Self.entry("c", 1, Self.start + 9)], transactions: [old, new]),
            storedTransactions: 1)
        #expect(
            changes == [
                .remove(coinId: "a"), .add(coinId: "c", addedAt: Self.start + 9), .move(coinId: "b", to: 0),
                .move(coinId: "c", to: 1), .append(new),
            ])
    }

    @Test("a cold launch keeps exactly what the app stores: its watchlist and ledger, nothing of the process")
    func coldLaunchKeepsTheStore() throws {
        var app = try TrackerApp(
            setup: AppSetup(policies: .bitpal, watchlist: [Self.coin("bitcoin"), Self.coin("ethereum")]),
            plan: .seed50, start: Self.start, widgetSeed: 1, backoffSeed: 1)
        app.launch(at: Self.start)
        let trade = PortfolioTransaction(
            coinId: "bitcoin", kind: .buy, quantity: 1, price: 100, fee: 0, time: Self.start + 1_000)
        app.perform(.trade(trade), at: Self.start + 1_000)
        app.perform(.addCoin(Self.coin("solana")), at: Self.start + 2_000)
        let before = AppStorage.Stored.of(app)
        app.perform(.background, at: Self.start + 3_000)
        app.perform(.terminated, at: Self.start + 4_000)
        app.perform(.foreground, at: Self.start + 5_000)
        #expect(AppStorage.Stored.of(app) == before)
        #expect(before.watchlist.map(\.coinId) == ["bitcoin", "ethereum", "solana"])
        #expect(before.transactions == [trade])
    }

    /// The requests an app sent since the last call.
    static func sent(_ app: inout TrackerApp) -> [AppRequest] {
        var effects: [AppEffect] = []
        app.takeEffects(into: &effects)
        return effects.compactMap {
            if case .send(let request) = $0 { return request }
            return nil
        }
    }

    @Test(
        "the chart cache is stored too (CachedChartData): a relaunch within the TTL draws the chart without a request"
    )
    func chartsKeptAcrossLaunches() throws {
        let setup = AppSetup(policies: .bitpal, watchlist: [Self.coin("bitcoin")])
        var app = try TrackerApp(
            setup: setup, plan: .seed50, start: Self.start, widgetSeed: 1, backoffSeed: 1)
        app.launch(at: Self.start)
        _ = Self.sent(&app)
        let shownAt = Self.start + 60_000
        app.perform(.showChart(id: "bitcoin", type: .line, range: .oneDay), at: shownAt)
        let chartRequest = try #require(Self.sent(&app).first { $0.request.target.contains("market_chart") })
        let points = (0..<24).map { "[\(Self.start - 86_400_000 + Int64($0) * 3_600_000),\(40_000 + $0)]" }
        let body =
            #"{"prices":["# + points.joined(separator: ",") + #"],"market_caps":[],"total_volumes":[]}"#
        app.receive(
            HTTPResponse(status: 200, body: Array(body.utf8)), forRequest: chartRequest.id,
            dataTime: shownAt + 100,
            at: shownAt + 100)
        let stored = AppStorage.Stored.of(app)
        let chart = try #require(stored.charts.first)
        #expect(stored.charts.count == 1 && chart.key == "bitcoin-line-1D" && chart.storedAt == shownAt + 100)
        // The writes store it once; an unchanged cache writes nothing; an evicted one is removed.
        let empty = AppStorage.Stored(watchlist: [], transactions: [])
        #expect(AppStorage.changes(from: empty, to: stored, storedTransactions: 0).last == .storeChart(chart))
        #expect(
            !AppStorage.changes(from: stored, to: stored, storedTransactions: 0).contains {
                if case .storeChart = $0 { return true }
                return false
            })
        #expect(
            AppStorage.changes(
                from: stored, to: .init(watchlist: [], transactions: []), storedTransactions: 0
            )
            .contains(.removeChart(key: "bitcoin-line-1D")))

        // A new process launched with what was stored: two minutes later, within the 1D chart's
        // five-minute TTL, no request; the same launch without the store asks.
        var relaunched = try TrackerApp(
            setup: AppStorage.launch(setup, restoring: stored), plan: .seed50, start: shownAt + 200,
            widgetSeed: 1, backoffSeed: 1)
        relaunched.launch(at: shownAt + 200)
        _ = Self.sent(&relaunched)
        relaunched.perform(.showChart(id: "bitcoin", type: .line, range: .oneDay), at: shownAt + 120_000)
        #expect(!Self.sent(&relaunched).contains { $0.request.target.contains("market_chart") })
        #expect(AppStorage.Stored.of(relaunched).charts == stored.charts)
        // Without the store, the same launch asks again.
        var fresh = try TrackerApp(
            setup: setup, plan: .seed50, start: shownAt + 200, widgetSeed: 1, backoffSeed: 1)
        fresh.launch(at: shownAt + 200)
        _ = Self.sent(&fresh)
        fresh.perform(.showChart(id: "bitcoin", type: .line, range: .oneDay), at: shownAt + 120_000)
        #expect(Self.sent(&fresh).contains { $0.request.target.contains("market_chart") })
    }
}
