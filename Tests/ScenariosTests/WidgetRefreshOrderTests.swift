import Scenarios
import Testing
import TrackerCore

/// The widget-refresh branch's widget asks for the holdings in the Portfolio tab's order
/// (Pointwelve/Bitpal-iOS `122d91c`, `PortfolioViewModel.loadPortfolioWithPrices()`:
/// `holdings.sort { $0.currentValue > $1.currentValue }`, kept by
/// `WidgetDataProvider.prepareRefreshData` in `refresh_data.json`). Found by the `widget` rule of
/// `workbench conformance diff`: the model sorted the ids.
@Suite("The branch's widget asks for the holdings by value, highest first")
struct WidgetRefreshOrderTests {
    @Test("0.5 bitcoin at about 100 and 2 solana at about 300: solana (about 600) first")
    func byValue() throws {
        let (result, config) = try runScenario(
            """
            seed: 1
            start: 2024-01-01T00:00:00Z
            duration: 2m
            market:
              source: synthetic
              step: 5m
              history: 1d
              listed: none
              coins:
                - {id: bitcoin, symbol: btc, name: Bitcoin, supply: 1000000, price: 100, model: gbm}
                - {id: solana, symbol: sol, name: Solana, supply: 1000000, price: 300, model: gbm}
            plan: demo-30
            policies:
              preset: bitpal-008
            watchlist: [bitcoin]
            portfolio:
              - {at: 0m, coin: bitcoin, side: buy, quantity: "0.5", price: "100"}
              - {at: 0m, coin: solana, side: buy, quantity: "2", price: "30"}
            user:
              widget: true
              script:
                - {at: 5s, tab: portfolio}

            """)
        // The tab's load at 5 s (sorted ids: the app's `Array(Set(...))` has no order of its
        // own), answered at about 5.15 s; the app writes the files and reloads; the widget asks.
        let widget = result.journal.filter { $0.time >= config.start + 5_000 }
            .map(\.target).filter { $0.contains("solana") }
        #expect(
            widget.first == "/coins/markets?vs_currency=usd&ids=bitcoin,solana&price_change_percentage=24h")
        #expect(
            widget.dropFirst().first
                == "/coins/markets?vs_currency=usd&ids=solana,bitcoin&price_change_percentage=24h")
    }
}
