import Foundation
import Testing
import TrackerCore

@testable import Reports

@Suite("Backtest tearsheet: checked against Python over the recorded CSV")
struct TearsheetTests {
    /// `btc-year-backtest` recomputed in Python from `datasets/coingecko/btc-usd-max.csv` and the
    /// scenario's six trades, with the time-weighted formula of `TimeWeightedReturns`: each month's
    /// compounded return (UTC), January to December 2021.
    static let pythonMonths = [
        0.1415166400946961, 0.3596109210287348, 0.31397858724383276, -0.04128232562392575,
        -0.3542860071210203, -0.02901526779817709, 0.1871595713199916, 0.13366938317171662,
        -0.07343537101798803, 0.4015689218843457, -0.07256307803987316, -0.18753533155636248,
    ]

    @Test(
        "monthly returns, drawdown, rolling volatility and the statistics agree with Python and the metrics")
    func btcYear() throws {
        let input = try ReportTests.input("scenarios/btc-year-backtest.yaml")
        let returns = input.result.plots.portfolioReturns
        #expect(returns.count == 365)
        let months = Tearsheet.monthlyReturns(returns)
        #expect(months.map(\.month) == (0..<12).map { 2021 * 12 + Int64($0) })
        for (month, expected) in zip(months, Self.pythonMonths) {
            #expect(abs(month.value - expected) < 1e-12, "month \(month.month % 12 + 1)")
        }
        let metrics = Dictionary(
            input.result.metrics.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        let wealth = PerformanceStatistics.wealthIndex(returns.values)
        let twr = try #require(metrics["portfolio.time_weighted_return"])
        #expect(abs(wealth.last! - 1 - twr) < 1e-12)
        let compounded = months.reduce(1.0) { $0 * (1 + $1.value) } - 1
        #expect(abs(compounded - twr) < 1e-12)
        let drawdown = try #require(PerformanceStatistics.deepestDrawdown(of: wealth))
        #expect(drawdown.depth == metrics["portfolio.max_drawdown"])
        #expect(abs(drawdown.depth - -0.5261) < 5e-5)
        #expect(Tearsheet.underwater(wealth).min()! == drawdown.depth * 100)
        let volatility = Tearsheet.rollingVolatility(returns, window: 30)
        #expect(volatility.count == 365 - 29)
        #expect(abs(volatility.values.first! - 1.0852689769037862) < 1e-12)
        #expect(abs(volatility.values.last! - 0.6186453271077569) < 1e-12)
        let html = Tearsheet.render(input)
        #expect(html.contains("<h2>Backtest tearsheet</h2>"))
        #expect(html.contains(">2021-04-14, 2021-07-21<"))
        #expect(html.contains(">-35.4</td>") && html.contains(">61.4</td>"))
    }

    @Test("a run without a portfolio has no tearsheet")
    func noPortfolio() throws {
        #expect(Tearsheet.render(try ReportTests.input()).isEmpty)
    }
}
