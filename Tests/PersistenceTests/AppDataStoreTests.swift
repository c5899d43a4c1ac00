import Foundation
import GRDB
import Persistence
import TestSupport
import Testing
import TrackerCore

@Suite("Watchlist and portfolio stores")
struct AppDataStoreTests {
    @Test("a new app database is in WAL mode with every migration applied")
    func newDatabase() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let database = try WorkbenchDatabase.open(.appData, at: directory.path("app.sqlite"))
        #expect(try database.journalMode() == "wal")
        #expect(
            try database.appliedMigrations() == [
                "v1-portfolio", "v1-watchlist", "v2-price-alert", "v3-no-price-alert",
            ])
        let tables = try DatabaseQueue(path: directory.path("app.sqlite")).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        #expect(tables.contains("watchlist") && !tables.contains("price_alert"), "\(tables)")
        #expect(database.rebuildNotice == nil)
    }

    @Test("watchlist: add, refuse a duplicate without storing it, move, remove, and survive a reopen")
    func watchlist() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("app.sqlite")
        do {
            let store = WatchlistStore(database: try WorkbenchDatabase.open(.appData, at: path))
            for (index, id) in ["bitcoin", "ethereum", "tether", "solana"].enumerated() {
                try store.add(coinId: id, at: Int64(index) * 1_000)
            }
            let duplicate = #expect(throws: StoreError.self) { try store.add(coinId: "ethereum", at: 9_000) }
            #expect(duplicate?.kind == .alreadyExists("watchlist coin \"ethereum\""))
            try store.move(coinId: "solana", to: 0)
            try store.remove(coinId: "ethereum")
            #expect(throws: StoreError.self) { try store.remove(coinId: "dogecoin") }
        }
        let reopened = WatchlistStore(database: try WorkbenchDatabase.open(.appData, at: path))
        #expect(
            try reopened.entries() == [
                WatchlistEntry(coinId: "solana", position: 0, addedAt: 3_000),
                WatchlistEntry(coinId: "bitcoin", position: 1, addedAt: 0),
                WatchlistEntry(coinId: "tether", position: 2, addedAt: 2_000),
            ])
        try reopened.move(coinId: "solana", to: 99)
        #expect(try reopened.entries().map(\.coinId) == ["bitcoin", "tether", "solana"])
    }

    @Test("portfolio: exact decimals, a refused transaction stores nothing, and a reopen keeps everything")
    func portfolio() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("app.sqlite")
        let buy = PortfolioTransaction(
            coinId: "bitcoin", kind: .buy, quantity: Decimal(string: "0.00012345")!,
            price: Decimal(string: "16951.52")!, fee: Decimal(string: "0.1")!, time: 1_673_196_580_132)
        do {
            let store = PortfolioStore(database: try WorkbenchDatabase.open(.appData, at: path))
            let stored = try store.append(buy)
            #expect(stored.id == 1)
            let sell = PortfolioTransaction(
                coinId: "bitcoin", kind: .sell, quantity: 1, price: 17_000, time: 1_673_196_600_000)
            #expect(
                throws: PortfolioError.sellExceedsHolding(
                    coinId: "bitcoin", selling: 1, held: buy.quantity, time: sell.time)
            ) {
                _ = try store.append(sell)
            }
            var negative = buy
            negative.price = -1
            #expect(throws: PortfolioError.negativePrice(coinId: "bitcoin", price: -1)) {
                _ = try store.append(negative)
            }
            #expect(try store.transactions().count == 1)
        }
        let reopened = PortfolioStore(database: try WorkbenchDatabase.open(.appData, at: path))
        var expected = buy
        expected.id = 1
        #expect(try reopened.transactions() == [expected])
        #expect(try reopened.transactions(coinId: "ethereum").isEmpty)
        #expect(try reopened.transactions()[0].quantity.description == "0.00012345")
        try reopened.delete(id: 1)
        #expect(throws: StoreError.self) { try reopened.delete(id: 1) }
        #expect(try reopened.transactions().isEmpty)
    }

    @Test("a coin id that looks like SQL is stored as text")
    func noSQLInjection() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = WatchlistStore(
            database: try WorkbenchDatabase.open(.appData, at: directory.path("app.sqlite")))
        let hostile = "x'); DROP TABLE watchlist; --"
        try store.add(coinId: hostile, at: 0)
        #expect(try store.entries().map(\.coinId) == [hostile])
    }
}
