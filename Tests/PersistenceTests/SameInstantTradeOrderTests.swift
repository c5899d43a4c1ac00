import Foundation
import GRDB
import Testing
import TrackerCore

/// Trades at the same instant (issue 67, item 9), in the order the app replays them.
///
/// The app fetches its transactions newest first (Pointwelve/Bitpal-iOS `da53edf`,
/// `PortfolioViewModel.loadPortfolio()`: `SortDescriptor(\.date, order: .reverse)`), then
/// `computeHoldings` (`Holding.swift`) sorts them oldest first with `sorted { $0.date < $1.date }`,
/// which Swift guarantees stable: ties keep the fetch's order. SwiftData's store is SQLite, and
/// its fetch is `ORDER BY t0.ZDATE DESC` over the entity's table. What SQLite does with ties is
/// not documented, so this test asks SQLite itself (the GRDB build's, as Core Data's shape):
/// ties come in the order the rows were inserted (`Z_PK`), which is the order the model keeps
/// (``PortfolioLedger`` replays equal times in their recorded order).
@Suite("Same-instant trades: SQLite's date-descending fetch and a stable sort keep them in insertion order")
struct SameInstantTradeOrderTests {
    /// Core Data's table for `Transaction`, and its fetch, newest first; then the app's stable
    /// oldest-first sort.
    static func appOrder(of dates: [Int64]) throws -> [Int64] {
        let queue = try DatabaseQueue()
        return try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE ZTRANSACTION (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER,
                      ZCOINID VARCHAR, ZAMOUNT DECIMAL, ZDATE TIMESTAMP)
                    """)
            for (offset, date) in dates.enumerated() {
                try db.execute(
                    sql:
                        "INSERT INTO ZTRANSACTION (Z_PK, Z_ENT, Z_OPT, ZCOINID, ZAMOUNT, ZDATE) VALUES (?, 1, 1, 'bitcoin', 1, ?)",
                    arguments: [offset + 1, Double(date) / 1000])
            }
            let fetched = try Row.fetchAll(
                db, sql: "SELECT 0, t0.Z_PK, t0.ZDATE FROM ZTRANSACTION t0 ORDER BY t0.ZDATE DESC")
            let newestFirst = fetched.map { (pk: Int64($0[1] as Int), date: $0[2] as Double) }
            return newestFirst.sorted { $0.date < $1.date }.map { $0.pk - 1 }
        }
    }

    @Test("60 trades on 3 instants: the app's order is the insertion order")
    func insertionOrder() throws {
        // A fixed pattern of 60 dates over three instants.
        let dates = (0..<60).map { Int64(([3, 1, 2, 1, 3, 2, 2][$0 % 7]) * 60_000) }
        let order = try Self.appOrder(of: dates)
        let expected = dates.enumerated().sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }
            .map { Int64($0.offset) }
        #expect(order == expected)
    }

    @Test("a sale and a buy at one instant, the sale recorded first: the cycle closes, then a new one opens")
    func saleThenBuy() throws {
        // Bought 1 at 100 at t0. At t1 a sale of 1 at 200 is recorded, then a buy of 1 at 150.
        let trades = [
            PortfolioTransaction(coinId: "bitcoin", kind: .buy, quantity: 1, price: 100, time: 0),
            PortfolioTransaction(coinId: "bitcoin", kind: .sell, quantity: 1, price: 200, time: 60_000),
            PortfolioTransaction(coinId: "bitcoin", kind: .buy, quantity: 1, price: 150, time: 60_000),
        ]
        #expect(try Self.appOrder(of: trades.map(\.time)) == [0, 1, 2])
        // In that order (by hand): the sale realises 200 - 100 = 100 and closes the cycle; the
        // buy opens a new one at 150. The other order would average 125 and realise 75.
        let holding = try #require(try PortfolioLedger.holdings(trades, method: .bitpalAverage).first)
        #expect(holding.quantity == 1 && holding.costBasis == 150 && holding.realizedPnL == 100)
    }
}
