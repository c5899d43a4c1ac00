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
}
