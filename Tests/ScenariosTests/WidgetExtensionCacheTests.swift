import Scenarios
import Testing
import TrackerCore

/// The widget extension's own URL cache (issue 67, item 8): on the widget branch
/// (Pointwelve/Bitpal-iOS `122d91c`, `BitpalWidget/Services/WidgetAPIClient.swift`,
/// `fetchPrices(coinIds:)`), the extension asks through `URLSession.shared` in its own process,
/// so a reload within CoinGecko's `max-age` (30 s) is answered on the device.
@Suite("The widget extension's URL cache answers a repeated request within max-age")
struct WidgetExtensionCacheTests {
    @Test("a pull 10 s after the tab's load reloads the widget from the extension's cache")
    func repeatedReloadCached() throws {
        let (result, _) = try runScenario(
            """
            seed: 1
            start: 2024-01-01T00:00:00Z
            duration: 120s
            market:
              source: synthetic
              step: 5m
              history: 1d
              coins:
                - {id: bitcoin, symbol: btc, name: Bitcoin, supply: 1000000, price: 100, model: gbm}
            plan: demo-30
            server: {latency_median: 200ms, latency_sigma: 0}
            policies:
              preset: bitpal-008
            watchlist: [bitcoin]
            portfolio:
              - {at: 0m, coin: bitcoin, side: buy, quantity: "1", price: "100"}
            user:
              widget: true
              script:
                - {at: 10s, tab: portfolio}
                - {at: 20s, do: pull-to-refresh}

            """)
        // The tab's loads end at 10 s (a hit), 20 s (the pull, a hit), 40.2 s, 70.4 s and
        // 100.6 s (its loop); each reloads the widget, which fetches. The fetch at 20 s repeats
        // the one at 10 s (answered 10.2 s, max-age 30 s): the extension's cache answers it.
        #expect(result.metrics["rate_limit.requests.by_screen.widget"] == 4)
        #expect(result.metrics["widget.requests"] == 4)
        #expect(result.metrics["widget.reloads"] == 6)
    }
}
