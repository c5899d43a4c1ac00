import Scenarios
import Testing
import TrackerCore

/// An empty chart body (issue 67, item 7): Pointwelve/Bitpal-iOS `da53edf`,
/// `CoinGeckoService.fetchOHLC` and `fetchMarketChart`, throw `ChartError.noDataAvailable` when
/// no row is left (`guard !candles.isEmpty`), so `CoinDetailViewModel.loadCandleChartData`
/// neither draws nor saves it (`saveCandleToCache` is after the fetch): the chart shown stays,
/// and the next switch to that range asks again. The `coin-screen` rule found it (a 6-month
/// candle range over a one-day history).
@Suite("An empty chart body is no data: nothing drawn, nothing cached")
struct EmptyChartTests {
    static let scenario = """
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
        watchlist: [bitcoin]
        user:
          script:
            - {at: 2s, open: bitcoin}
            - {at: 10s, switch-chart: candle}
            - {at: 20s, switch-range: 6M}
            - {at: 30s, switch-range: 1W}
            - {at: 40s, switch-range: 6M}

        """

    @Test("a 6-month candle range over a day of history: asked twice, failed twice, never cached")
    func emptyCandlesAskedAgain() throws {
        let (result, config) = try runScenario(Self.scenario)
        let ohlc = result.journal.filter { $0.endpoint == "/coins/{id}/ohlc" }
        // The 6-month candles (days=180) are sent at 20 s. At 40 s, within the hour the app
        // would keep them, the chart cache misses again (the empty body was not stored): the
        // request goes out to the device's HTTP cache, which answers within CoinGecko's
        // max-age, and fails again.
        let sixMonths = ohlc.filter { $0.target.contains("days=180") }.map { $0.time - config.start }
        #expect(sixMonths == [20_000], "\(ohlc.map(\.target))")
        #expect(result.metrics["failures.chart.no_data"] == 2)
        #expect(result.metrics["cache.chart.hits"] == 0)
        #expect(result.metrics["cache.http.hits"] == 1)
    }
}
