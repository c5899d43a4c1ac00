import Foundation
import Persistence
import TestSupport
import Testing
import TrackerCore

@Suite("The app's domain through its stores: watchlist, portfolio, alerts survive a reopen")
struct DomainPersistenceTests {
    static let markets: [CoinMarket] =
        (try? CoinMarket.decodeList(
            Array(RepositoryFiles.coingeckoData("coins_markets_usd_top100_20230108.json")))) ?? []

    @Test(
        "a 100-coin watchlist from the recording: duplicate refused with the app's message, order kept on reopen"
    )
    func watchlist() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("app.sqlite")
        let coins = Self.markets.map { CoinListEntry(id: $0.id, symbol: $0.symbol, name: $0.name) }
        do {
            let store = WatchlistStore(database: try WorkbenchDatabase.open(.appData, at: path))
            var list = Watchlist(entries: try store.entries())
            for (index, coin) in coins.enumerated() {
                let entry = try list.add(coin, at: Int64(index))
                try store.add(coinId: entry.coinId, at: entry.addedAt)
            }
            let error = #expect(throws: WatchlistError.self) { try list.add(coins[0], at: 500) }
            #expect(error?.description == "Bitcoin is already in your watchlist")
            #expect(try store.entries().count == 100)
            try list.move(coinId: "dogecoin", to: 0)
            try store.move(coinId: "dogecoin", to: 0)
        }
        let store = WatchlistStore(database: try WorkbenchDatabase.open(.appData, at: path))
        var reopened = Watchlist(entries: try store.entries(), coins: coins)
        #expect(reopened.coinIds.first == "dogecoin")
        #expect(reopened.coinIds.count == 100)
        reopened.apply(markets: Self.markets, requested: reopened.coinIds, receivedAt: 0)
        #expect(reopened.rows(sortedBy: .custom, at: 0).first?.name == "Dogecoin")
        #expect(reopened.rows(at: 0).first?.name == "Bitcoin")
    }

    @Test(
        "portfolio: an oversell and a needed buy's deletion are refused, the store unchanged; holdings after reopen"
    )
    func portfolio() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("app.sqlite")
        func trade(_ kind: PortfolioTransaction.Kind, _ quantity: String, _ price: String, _ time: Int64)
            -> PortfolioTransaction
        {
            PortfolioTransaction(
                coinId: "bitcoin", kind: kind, quantity: Decimal(string: quantity)!,
                price: Decimal(string: price)!, fee: 0, time: time)
        }
        do {
            let store = PortfolioStore(database: try WorkbenchDatabase.open(.appData, at: path))
            let first = try store.append(trade(.buy, "0.5", "16951.52", 1_000))
            _ = try store.append(trade(.buy, "0.25", "17000", 2_000))
            _ = try store.append(trade(.sell, "0.6", "18000", 3_000))
            let before = try store.transactions()
            #expect(throws: PortfolioError.self) { _ = try store.append(trade(.sell, "0.2", "18000", 4_000)) }
            let refusal = #expect(throws: PortfolioError.self) { try store.delete(id: first.id!) }
            #expect(refusal?.description.hasPrefix("cannot remove transaction 1") == true)
            #expect(try store.transactions() == before)
        }
        let reopened = PortfolioStore(database: try WorkbenchDatabase.open(.appData, at: path))
        let holding = try #require(try PortfolioLedger.holdings(reopened.transactions(), method: .fifo).first)
        #expect(holding.quantity == Decimal(string: "0.15"))
        // FIFO: the 0.5 lot at 16951.52 and 0.1 of the 17000 lot went for 0.6 x 18000.
        #expect(holding.realizedPnL == Decimal(string: "10800")! - Decimal(string: "8475.76")! - 1_700)
        #expect(holding.costBasis == Decimal(string: "2550"))
    }
}
