import Scenarios
import Testing
import TrackerCore

/// Trades as the app's form accepts them (issue 67, item 9): Pointwelve/Bitpal-iOS `da53edf`,
/// `AddTransactionViewModel.validationError` wants an amount and a price above 0 and checks a
/// sale against `currentHoldingQuantity`, today's holding as the Portfolio tab lists it
/// (`AddTransactionView`'s `existingHoldings`), not the holding at the trade's date. Other cost
/// methods keep the ledger's rule: no sale sells more than was held at its time.
@Suite("The add-transaction form accepts what the app's does")
struct TradeFormTests {
    static func scenario(preset: String, sell: String, price: String = "120") -> String {
        """
        seed: 1
        start: 2024-01-01T00:00:00Z
        duration: 60s
        market:
          source: synthetic
          step: 5m
          history: 1d
          coins:
            - {id: bitcoin, symbol: btc, name: Bitcoin, supply: 1000000, price: 100, model: gbm}
        plan: demo-30
        policies:
          preset: \(preset)
        watchlist: [bitcoin]
        portfolio:
          - {at: 0m, coin: bitcoin, side: buy, quantity: "1", price: "100"}
        user:
          script:
            - {at: 10s, tab: portfolio}
            - {at: 20s, search: btc, trade: {coin: bitcoin, side: sell, quantity: "\(sell)", price: "\(price)"}}

        """
    }

    @Test("a sale up to the holding the tab lists is recorded; more, or at a price of 0, is refused")
    func saleAgainstTheListedHolding() throws {
        // The tab's load at 10 s lists 1 bitcoin; the picker's results come at about 21 s.
        let whole = try runScenario(Self.scenario(preset: "bitpal", sell: "1")).result
        #expect(whole.metrics["failures.portfolio.refused"] == nil)
        let over = try runScenario(Self.scenario(preset: "bitpal", sell: "1.5")).result
        #expect(over.metrics["failures.portfolio.refused"] == 1)
        let free = try runScenario(Self.scenario(preset: "bitpal", sell: "0.5", price: "0")).result
        #expect(free.metrics["failures.portfolio.refused"] == 1)
        // The design documents' ledger takes a sale at a price of 0 (a gift) and refuses only
        // an oversell.
        let spec = try runScenario(Self.scenario(preset: "spec", sell: "0.5", price: "0")).result
        #expect(spec.metrics["failures.portfolio.refused"] == nil)
    }
}
