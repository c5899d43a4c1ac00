import Foundation
import TestSupport
import Testing
import TrackerCore
import WorkbenchFoundation

@Suite("Portfolio: cost methods, realised and unrealised P&L, validation")
struct PortfolioLedgerTests {
    static func decimal(_ text: String) -> Decimal { Decimal(string: text)! }

    static func trade(
        _ kind: PortfolioTransaction.Kind, _ quantity: String, at price: String, fee: String = "0",
        time: Int64, coin: String = "bitcoin"
    ) -> PortfolioTransaction {
        PortfolioTransaction(
            coinId: coin, kind: kind, quantity: decimal(quantity), price: decimal(price), fee: decimal(fee),
            time: time)
    }

    /// Buy 1 @ 100 (fee 1), buy 1 @ 200 (fee 1), sell 1.5 @ 300 (fee 3), buy 0.5 @ 400,
    /// sell 1 @ 50 (fee 0.5), buy 2 @ 10.
    static let trades = [
        trade(.buy, "1", at: "100", fee: "1", time: 1_000),
        trade(.buy, "1", at: "200", fee: "1", time: 2_000),
        trade(.sell, "1.5", at: "300", fee: "3", time: 3_000),
        trade(.buy, "0.5", at: "400", time: 4_000),
        trade(.sell, "1", at: "50", fee: "0.5", time: 5_000),
        trade(.buy, "2", at: "10", time: 6_000),
    ]

    static func holding(_ method: CostMethod, asOf time: Int64) throws -> Holding {
        try #require(try PortfolioLedger.holdings(trades, method: method, asOf: time).first)
    }

    @Test(
        "after the first sell: average cost 151 for both averages, FIFO consumes the 101 and half the 201 lot"
    )
    func firstSell() throws {
        for method in [CostMethod.bitpalAverage, .movingAverage] {
            let holding = try Self.holding(method, asOf: 3_000)
            #expect(holding.quantity == Self.decimal("0.5"))
            #expect(holding.costBasis == Self.decimal("75.5"), "\(method)")
            #expect(holding.realizedPnL == Self.decimal("220.5"), "\(method)")  // 447 - 1.5 x 151
            #expect(holding.averageCost == 151)
        }
        let fifo = try Self.holding(.fifo, asOf: 3_000)
        #expect(fifo.costBasis == Self.decimal("100.5"))
        #expect(fifo.realizedPnL == Self.decimal("245.5"))  // 447 - (101 + 100.5)
        #expect(fifo.fees == 5)
    }

    @Test("a buy after a sell rewrites the app's realised P&L of that sell; moving average and FIFO keep it")
    func bitpalRetroactiveAverage() throws {
        let bitpal = try Self.holding(.bitpalAverage, asOf: 4_000)
        // The cycle's average is now (101 + 201 + 200) / 2.5 = 200.8, applied to the earlier sell too.
        #expect(bitpal.averageCost == Self.decimal("200.8"))
        #expect(bitpal.realizedPnL == Self.decimal("145.8"))  // 447 - 1.5 x 200.8
        #expect(bitpal.costBasis == Self.decimal("200.8"))
        let moving = try Self.holding(.movingAverage, asOf: 4_000)
        #expect(moving.realizedPnL == Self.decimal("220.5"))
        #expect(moving.costBasis == Self.decimal("275.5"))
        let fifo = try Self.holding(.fifo, asOf: 4_000)
        #expect(fifo.realizedPnL == Self.decimal("245.5"))
        #expect(fifo.costBasis == Self.decimal("300.5"))  // 0.5 left of the 201 lot, and the 200 lot
        // Realised plus unrealised is the same whatever the method: 500 + 447 - 502 = 445.
        for holding in [bitpal, moving, fifo] {
            #expect(holding.realizedPnL + holding.unrealizedPnL(at: 500) == 445)
        }
        #expect(fifo.unrealizedPnLPercent(at: 500)! > 66 && fifo.unrealizedPnLPercent(at: 500)! < 67)
    }

    @Test("selling out closes the cycle: every method settles at -5.5, and the next cycle starts fresh")
    func cycleClose() throws {
        for method in CostMethod.allCases {
            let closed = try Self.holding(method, asOf: 5_000)
            #expect(closed.quantity == 0 && closed.costBasis == 0, "\(method)")
            #expect(closed.realizedPnL == Self.decimal("-5.5"), "\(method)")  // 496.5 - 502
            #expect(closed.averageCost == nil)
            let reopened = try Self.holding(method, asOf: 6_000)
            #expect(reopened.averageCost == 10, "\(method)")
            #expect(reopened.realizedPnL == Self.decimal("-5.5"))
        }
    }

    @Test("the app drops dust below 1e-8 when it closes a cycle; FIFO and moving average keep it")
    func dust() throws {
        let trades = [
            Self.trade(.buy, "1", at: "100", time: 1), Self.trade(.sell, "0.999999995", at: "100", time: 2),
        ]
        let bitpal = try #require(try PortfolioLedger.holdings(trades, method: .bitpalAverage).first)
        // The dust and its cost (0.0000005) vanish from the app's books.
        #expect(bitpal.quantity == 0 && bitpal.costBasis == 0 && bitpal.realizedPnL == 0)
        let fifo = try #require(try PortfolioLedger.holdings(trades, method: .fifo).first)
        #expect(fifo.quantity == Self.decimal("0.000000005"))
        #expect(fifo.costBasis == Self.decimal("0.0000005"))
        #expect(fifo.realizedPnL == 0)
    }

    // Bitpal-v2 `ClosedPosition.swift`, `computeClosedPositions` and `computeCycleMetrics`;
    // `Holding.swift`, `filterOpenCycleTransactions`: the balance is checked after every
    // transaction, and a closed cycle realises (average sale − average cost) × quantity bought.
    @Test("the app's cycle check runs after buys too: a dust buy alone is no holding (app: none; was 1e-9)")
    func dustBuyAlone() throws {
        let trades = [Self.trade(.buy, "0.000000001", at: "100", time: 1)]
        let bitpal = try #require(try PortfolioLedger.holdings(trades, method: .bitpalAverage).first)
        // Balance 1e-9 < 1e-8: the cycle closes with no sell, so computeCycleMetrics gives no
        // closed position (nothing realised) and the open cycle starts after it (no holding).
        #expect(bitpal.quantity == 0 && bitpal.costBasis == 0 && bitpal.realizedPnL == 0)
        let fifo = try #require(try PortfolioLedger.holdings(trades, method: .fifo).first)
        #expect(fifo.quantity == Self.decimal("0.000000001"))
    }

    @Test("a closed cycle realises (average sale − average cost) × bought: 100, not 99.9999995")
    func closedCycleRealisesOnQuantityBought() throws {
        let trades = [
            Self.trade(.buy, "1", at: "100", time: 1), Self.trade(.sell, "0.999999995", at: "200", time: 2),
        ]
        let bitpal = try #require(try PortfolioLedger.holdings(trades, method: .bitpalAverage).first)
        // Balance 5e-9 closes the cycle: (200 − 100) × 1 = 100. Proceeds − sold × average
        // would be 199.999999 − 99.9999995 = 99.9999995.
        #expect(bitpal.realizedPnL == 100 && bitpal.quantity == 0)
        let moving = try #require(try PortfolioLedger.holdings(trades, method: .movingAverage).first)
        #expect(moving.realizedPnL == Self.decimal("99.9999995"))
    }

    // Bitpal-v2 `Holding.swift`, `computeHoldings` and `computePartialRealizedGains`: an oversold
    // open cycle is no holding, and its sells realise against the cycle's average cost.
    @Test("an oversold history: the app's method computes it as the app does; the others refuse it")
    func oversoldHistoryComputed() throws {
        // Buy 1 @ 100 at t=2, and a sell of 1 @ 200 back-dated to t=1 (the app's form checks only
        // today's holding): sorted, the sell takes the balance to −1, the buy back to 0, which
        // closes a cycle with a buy and a sell: (200 − 100) × 1 = 100.
        let backDated = [
            Self.trade(.buy, "1", at: "100", time: 2), Self.trade(.sell, "1", at: "200", time: 1),
        ]
        let closed = try #require(try PortfolioLedger.holdings(backDated, method: .bitpalAverage).first)
        #expect(closed.quantity == 0 && closed.realizedPnL == 100)
        // Buy 1 @ 100, sell 2 @ 200: balance −1, an open cycle; no holding is shown and the sell
        // realises (200 − 100) × 2 = 200.
        let open = [Self.trade(.buy, "1", at: "100", time: 1), Self.trade(.sell, "2", at: "200", time: 2)]
        let oversold = try #require(try PortfolioLedger.holdings(open, method: .bitpalAverage).first)
        #expect(oversold.quantity == -1 && oversold.realizedPnL == 200)
        let summary = PortfolioSummary(holdings: [oversold], prices: ["bitcoin": 150])
        #expect(summary.totalValue == 0 && summary.totalCost == 0 && summary.pricedRealizedPnL == 200)
        #expect(throws: PortfolioError.self) { try PortfolioLedger.holdings(open, method: .fifo) }
    }

    // Bitpal-v2 `ClosedPosition.swift`, `computeClosedPositions`, and `Holding.swift`,
    // `computePartialRealizedGains`: `guard currentPrices[coinId]` skips a coin without a price.
    @Test("the app's realised P&L skips a coin without a price: 0 shown where the books say 100")
    func realisedSkipsUnpricedCoins() throws {
        let trades = [
            Self.trade(.buy, "1", at: "100", time: 1), Self.trade(.sell, "0.5", at: "300", time: 2),
            Self.trade(.buy, "1", at: "10", time: 3, coin: "ethereum"),
        ]
        let holdings = try PortfolioLedger.holdings(trades, method: .bitpalAverage)
        let summary = PortfolioSummary(holdings: holdings, prices: ["ethereum": 20])
        // Bitcoin's partial sale realised (300 − 100) × 0.5 = 100, but bitcoin has no price.
        #expect(summary.realizedPnL == 100 && summary.pricedRealizedPnL == 0)
        #expect(
            summary.unpricedCoins == ["bitcoin"] && summary.totalValue == 20 && summary.unrealizedPnL == 10)
    }

    @Test("summary over coins: value, cost, P&L; a held coin without a price is named, not counted as 0")
    func summary() throws {
        let trades = Self.trades + [Self.trade(.buy, "10", at: "2", time: 1_500, coin: "cardano")]
        let holdings = try PortfolioLedger.holdings(trades, method: .fifo, asOf: 4_000)
        #expect(holdings.map(\.coinId) == ["bitcoin", "cardano"])
        let summary = PortfolioSummary(holdings: holdings, prices: ["bitcoin": 500, "cardano": 3])
        #expect(summary.totalValue == 530)
        #expect(summary.totalCost == Self.decimal("320.5"))
        #expect(summary.unrealizedPnL == Self.decimal("209.5"))
        #expect(summary.realizedPnL == Self.decimal("245.5"))
        #expect(summary.unpricedCoins.isEmpty)
        let partial = PortfolioSummary(holdings: holdings, prices: ["bitcoin": 500])
        #expect(partial.unpricedCoins == ["cardano"])
        #expect(partial.totalValue == 500)
    }

    @Test("a sell of more than is held is refused, naming what was held at its time")
    func oversell() {
        let existing = [Self.trade(.buy, "1", at: "100", time: 10_000)]
        let error = PortfolioError.sellExceedsHolding(
            coinId: "bitcoin", selling: Self.decimal("1.5"), held: 1, time: 20_000)
        #expect(throws: error) {
            try PortfolioLedger.validateAppending(
                Self.trade(.sell, "1.5", at: "1", time: 20_000), to: existing)
        }
        #expect(error.description == "cannot sell 1.5 bitcoin at 1970-01-01T00:00:20Z: only 1 held then")
        // Before the first buy nothing was held, whatever is held today.
        #expect(
            throws: PortfolioError.sellExceedsHolding(coinId: "bitcoin", selling: 1, held: 0, time: 5_000)
        ) {
            try PortfolioLedger.validateAppending(Self.trade(.sell, "1", at: "1", time: 5_000), to: existing)
        }
    }

    @Test("a back-dated sell that starves a later sell is refused, naming the later sell")
    func backDatedSell() throws {
        let existing = [
            Self.trade(.buy, "1", at: "100", time: 10_000), Self.trade(.sell, "1", at: "120", time: 30_000),
        ]
        #expect(
            throws: PortfolioError.sellExceedsHolding(
                coinId: "bitcoin", selling: 1, held: Self.decimal("0.5"), time: 30_000)
        ) {
            try PortfolioLedger.validateAppending(
                Self.trade(.sell, "0.5", at: "1", time: 20_000), to: existing)
        }
        try PortfolioLedger.validateAppending(Self.trade(.buy, "0.5", at: "1", time: 20_000), to: existing)
    }

    @Test("removing a buy that a later sell needs is refused")
    func removal() throws {
        var existing = [
            Self.trade(.buy, "1", at: "100", time: 10_000), Self.trade(.buy, "1", at: "100", time: 11_000),
            Self.trade(.sell, "1.5", at: "120", time: 30_000),
        ]
        for index in existing.indices { existing[index].id = Int64(index + 1) }
        let error = PortfolioError.removalLeavesOversell(
            removedId: 1, coinId: "bitcoin", selling: Self.decimal("1.5"), held: 1, time: 30_000)
        #expect(throws: error) { try PortfolioLedger.validateRemoving(id: 1, from: existing) }
        try PortfolioLedger.validateRemoving(id: 3, from: existing)
        #expect(error.description.hasPrefix("cannot remove transaction 1: the sell of 1.5 bitcoin"))
    }

    @Test(
        "invalid fields are refused with the field named",
        arguments: [
            ("0", "1", "0", PortfolioError.nonPositiveQuantity(coinId: "bitcoin", quantity: 0)),
            ("-2", "1", "0", .nonPositiveQuantity(coinId: "bitcoin", quantity: -2)),
            ("1", "-1", "0", .negativePrice(coinId: "bitcoin", price: -1)),
            ("1", "1", "-0.01", .negativeFee(coinId: "bitcoin", fee: Decimal(string: "-0.01")!)),
        ])
    func invalidFields(quantity: String, price: String, fee: String, expected: PortfolioError) {
        #expect(throws: expected) {
            try PortfolioLedger.validateAppending(
                Self.trade(.buy, quantity, at: price, fee: fee, time: 1), to: [])
        }
    }

    @Test("NaN is refused; a zero price (an airdrop) is accepted")
    func nanAndZero() throws {
        var nan = Self.trade(.buy, "1", at: "1", time: 1)
        nan.price = .nan
        #expect(throws: PortfolioError.notANumber(coinId: "bitcoin", field: "price")) {
            try PortfolioLedger.validateFields(of: nan)
        }
        try PortfolioLedger.validateFields(of: Self.trade(.buy, "1", at: "0", time: 1))
    }

    @Test("money from CoinGecko's doubles goes through their shortest text, exactly")
    func decimalFromDouble() throws {
        #expect(Decimal(shortestTextOf: 0.1)?.description == "0.1")
        #expect(Decimal(shortestTextOf: 47_123.45)?.description == "47123.45")
        #expect(Decimal(shortestTextOf: 1.5e-7) == Decimal(string: "0.00000015"))
        #expect(Decimal(shortestTextOf: .nan) == nil)
        #expect(Decimal(shortestTextOf: .infinity) == nil)
    }
}
