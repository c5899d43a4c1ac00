import AppHosting
import Foundation
import Scenarios
import TestSupport
import Testing

@Suite("Portfolio metrics of whole runs against independent figures")
struct PortfolioRunTests {
    static func backtest(portfolio: String) -> String {
        """
        name: bitcoin-2021
        seed: 1
        start: 2021-01-01T00:00:00Z
        duration: 365d
        market: {source: fixtures, directory: datasets/coingecko}
        plan: demo-30
        policies: {preset: spec}
        watchlist: [bitcoin]
        user: {foreground: false, sessions: {per_day: 1, length: 2m, coins: 1}}
        portfolio:
        \(portfolio)
        """
    }

    static func close(_ ours: Double?, _ theirs: Double?, _ tolerance: Double = 1e-9) -> Bool {
        guard let ours, let theirs else { return false }
        return abs(ours - theirs) <= tolerance * max(abs(theirs), 1e-12)
    }

    @Test("Bitcoin bought on 2021-01-01 at the recorded price and held shows Bitcoin's own 2021 figures")
    func heldAllYear() throws {
        let (result, _) = try runScenario(
            Self.backtest(
                portfolio:
                    #"  - {at: 0d, coin: bitcoin, side: buy, quantity: "1", price: "29022.41839530417"}"#))
        let metrics = result.metrics
        let bitcoin = PortfolioFlowsPeerVectors.shared.bitcoin2021.expected
        #expect(Self.close(metrics["portfolio.volatility"], bitcoin.volatility))
        #expect(Self.close(metrics["portfolio.max_drawdown"], bitcoin.maxDrawdown))
        #expect(Self.close(metrics["portfolio.sharpe"], bitcoin.sharpe))
        #expect(Self.close(metrics["portfolio.sortino"], bitcoin.sortino))
        #expect(Self.close(metrics["portfolio.time_weighted_return"], bitcoin.totalReturn))
        // Held without trading, the benchmark is the portfolio; the year is 365 days, so the
        // money-weighted return is the year's return too.
        #expect(Self.close(metrics["portfolio.benchmark_return"], bitcoin.totalReturn))
        #expect(abs(metrics["portfolio.excess_return"] ?? 1) < 1e-9)
        #expect(Self.close(metrics["portfolio.beta"], 1))
        #expect(Self.close(metrics["portfolio.correlation"], 1))
        #expect(Self.close(metrics["portfolio.irr"], bitcoin.totalReturn))
        #expect(result.problems.isEmpty)
    }

    @Test("the library's btc-year-backtest, with monthly buys and a sale, is about Bitcoin's 2021")
    func libraryBacktest() throws {
        let text = try String(
            contentsOf: RepositoryFiles.root.appendingPathComponent("scenarios/btc-year-backtest.yaml"),
            encoding: .utf8)
        let metrics = try runScenario(text).0.metrics
        let bitcoin = PortfolioFlowsPeerVectors.shared.bitcoin2021.expected
        // Trades at prices off the day's close move a few returns; buys are not gains any more.
        #expect(abs((metrics["portfolio.volatility"] ?? 0) - bitcoin.volatility) < 0.01)
        #expect(abs((metrics["portfolio.max_drawdown"] ?? 0) - bitcoin.maxDrawdown) < 0.01)
        #expect(abs((metrics["portfolio.beta"] ?? 0) - 1) < 0.01)
    }

    @Test(
        "the intraday bridge leaves every portfolio statistic of the backtest as the recorded closes give it")
    func bridgeKeepsStatistics() throws {
        let text = try String(
            contentsOf: RepositoryFiles.root.appendingPathComponent("scenarios/btc-year-backtest.yaml"),
            encoding: .utf8)
        #expect(text.contains("  intraday: bridge\n"))
        let bridged = try runScenario(text).0.metrics
        let stepwise = try runScenario(text.replacingOccurrences(of: "  intraday: bridge\n", with: "")).0
            .metrics
        let statistics = stepwise.byName.keys.filter {
            $0.hasPrefix("portfolio.") && !$0.hasPrefix("portfolio.shown_")
        }
        #expect(statistics.count >= 13)
        for name in statistics.sorted() { #expect(bridged[name] == stepwise[name], "\(name)") }
        // What the app showed is a live price, inside the day: the bridge moves it.
        #expect(bridged["portfolio.shown_value"] != stepwise["portfolio.shown_value"])
        // The one-day line chart now has a path through the day, not a flat line.
        #expect(bridged["charts.1D.line.max_deviation"] != stepwise["charts.1D.line.max_deviation"])
    }

    @Test("P&L as shown: the prices of the Portfolio tab's last load, not the true ones")
    func shownPrices() throws {
        let (result, config) = try runScenario(
            """
            name: shown
            seed: 5
            start: 2024-01-01T00:00:00Z
            duration: 3h
            market:
              step: 5m
              history: 2d
              coins:
                - {id: bitcoin, symbol: btc, name: Bitcoin, supply: 19600000, price: 42000, model: gbm, params: {volatility: 2}}
                - {id: ethereum, symbol: eth, name: Ethereum, supply: 120000000, price: 2300, model: gbm}
            plan: demo-30
            policies: {preset: bitpal}
            watchlist: [bitcoin]
            portfolio:
              - {at: 1m, coin: bitcoin, side: buy, quantity: "2", price: "42000"}
              - {at: 1m, coin: ethereum, side: buy, quantity: "1", price: "2300"}
            user:
              script:
                - {at: 20m, tab: portfolio}
                - {at: 25m, tab: watchlist}
                - {at: 30m, do: background}
            """)
        let metrics = result.metrics
        // The tab loads both traded coins (ethereum is not on the watchlist, so the market cache
        // cannot answer) and then every 30 s; its last load before 25 m shows a 5-minute tick of
        // 20-25 m (through the response text and the ledger's decimals: equal to 1e-9).
        let journal = result.journal.filter { $0.target.contains("ethereum") }
        #expect(journal.first.map { $0.time - config.start } == 1_200_000)  // 20 m
        let shownValue = try #require(metrics["portfolio.shown_value"])
        let ticks = stride(from: config.start + 20 * 60_000, through: config.start + 25 * 60_000, by: 300_000)
        let matches = ticks.contains { bitcoinTick in
            ticks.contains { ethereumTick in
                guard let bitcoin = config.truePrice("bitcoin", bitcoinTick),
                    let ethereum = config.truePrice("ethereum", ethereumTick)
                else { return false }
                return Self.close(2 * bitcoin + ethereum, shownValue, 1e-9)
            }
        }
        #expect(matches, "\(shownValue)")
        #expect(metrics["portfolio.shown_unpriced"] == 0)
        #expect(shownValue != metrics["portfolio.value"])
        #expect(metrics["rate_limit.requests.by_screen.portfolio"]! >= 10)
        // A run that never shows the tab has no shown figures.
        let (hidden, _) = try runScenario(
            """
            name: hidden
            seed: 5
            start: 2024-01-01T00:00:00Z
            duration: 1h
            market:
              step: 5m
              history: 2d
              coins:
                - {id: bitcoin, symbol: btc, name: Bitcoin, supply: 19600000, price: 42000, model: gbm}
            plan: demo-30
            policies: {preset: bitpal}
            portfolio:
              - {at: 1m, coin: bitcoin, side: buy, quantity: "2", price: "42000"}
            """)
        #expect(hidden.metrics["portfolio.shown_value"] == nil)
        #expect(hidden.metrics["rate_limit.requests.by_screen.portfolio"] == 0)
    }
}

@Suite("A portfolio that cannot be valued says why")
struct PortfolioProblemTests {
    @Test("a coin held past the end of its recorded prices: a problem naming it, no made-up value")
    func unpricedCoin() throws {
        // The recorded CSV starts on 2010-07-18; this run ends before it.
        let (result, _) = try runScenario(
            PortfolioRunTests.backtest(
                portfolio: #"  - {at: 0d, coin: bitcoin, side: buy, quantity: "1", price: "5"}"#
            ).replacingOccurrences(of: "duration: 365d", with: "duration: 30d")
                .replacingOccurrences(of: "start: 2021-01-01T00:00:00Z", with: "start: 2009-01-01T00:00:00Z"))
        #expect(result.problems == ["portfolio: no true price at the end for bitcoin"])
        #expect(result.metrics.portfolio == PortfolioMetrics())
        #expect(result.metrics.flattened().allSatisfy { !$0.name.hasPrefix("portfolio.") })
    }
}
