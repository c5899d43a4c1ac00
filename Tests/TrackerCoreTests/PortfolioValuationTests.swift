import Foundation
import TestSupport
import Testing
import TrackerCore
import WorkbenchFoundation

@Suite("Portfolio valuation over time, and properties of the cost methods")
struct PortfolioValuationTests {
    static func trade(
        _ kind: PortfolioTransaction.Kind, _ quantity: String, _ coin: String, time: Int64
    ) -> PortfolioTransaction {
        PortfolioTransaction(
            coinId: coin, kind: kind, quantity: Decimal(string: quantity)!, price: 1, time: time)
    }

    @Test("hand-computed: quantities from transactions at or before each time, last price at or before it")
    func handComputed() throws {
        let prices = [
            "bitcoin": TimeSeries(timestamps: [0, 100, 200, 300], values: [10, 20, 30, 40]),
            "ethereum": TimeSeries(timestamps: [50, 250], values: [1, 2]),
        ]
        let trades = [
            Self.trade(.buy, "2", "bitcoin", time: 0), Self.trade(.buy, "10", "ethereum", time: 150),
            Self.trade(.sell, "1", "bitcoin", time: 200), Self.trade(.sell, "10", "ethereum", time: 300),
        ]
        let series = try PortfolioValuation.series(
            transactions: trades, prices: prices, at: [0, 100, 150, 200, 250, 300])
        // t=150: 2 x 20 + 10 x 1; t=200: 1 x 30 + 10 x 1; t=250: 30 + 20; t=300: ethereum sold out.
        #expect(series.values == [20, 40, 50, 40, 50, 40])
        #expect(series.timestamps == [0, 100, 150, 200, 250, 300])
    }

    @Test("a held coin with no price yet, or no series at all, is an error naming coin and time")
    func missingPrice() {
        let trades = [Self.trade(.buy, "1", "bitcoin", time: 0)]
        let late = ["bitcoin": TimeSeries(timestamps: [100], values: [5])]
        #expect(throws: PortfolioError.noPrice(coinId: "bitcoin", time: 50)) {
            try PortfolioValuation.series(transactions: trades, prices: late, at: [50])
        }
        #expect(throws: PortfolioError.noPrice(coinId: "bitcoin", time: 0)) {
            try PortfolioValuation.series(transactions: trades, prices: [:], at: [0])
        }
    }

    @Test("buy and hold on the recorded 90-day chart: the statistics are the price series' own")
    func recordedBuyAndHold() throws {
        let body = Array(
            try RepositoryFiles.coingeckoData(
                "market_chart_bitcoin_usd_days90_interval-daily_20210515T1442Z.json"))
        let prices = try MarketChartDecoder.decode(body).prices
        let trades = [
            PortfolioTransaction(
                coinId: "bitcoin", kind: .buy, quantity: Decimal(string: "0.25")!, price: 1,
                time: prices.timestamps[0])
        ]
        let values = try PortfolioValuation.series(
            transactions: trades, prices: ["bitcoin": prices], at: prices.timestamps)
        #expect(values.count == 91)
        let held = try PerformanceStatistics(values: values.values)
        let market = try PerformanceStatistics(values: prices.values)
        #expect(abs(held.volatility - market.volatility) < 1e-12)
        #expect(abs(held.sharpe! - market.sharpe!) < 1e-9)
        #expect(held.maxDrawdown == market.maxDrawdown)
        #expect(held.maxDrawdown < -0.1)  // the May 2021 fall is in this window
    }

    @Test("over random trade sequences every method agrees on realised + unrealised P&L (200 seeds)")
    func methodsAgreeOnTotalPnL() throws {
        for seed in UInt64(1)...200 {
            var generator = SplitMix64(seed: seed)
            var trades: [PortfolioTransaction] = []
            var held = 0
            for step in 0..<30 {
                // Quantities in whole thousandths keep the app's dust rule out of play.
                let sell = held > 0 && Bool.random(using: &generator)
                let thousandths =
                    sell
                    ? Int.random(in: 1...held, using: &generator)
                    : Int.random(in: 1...5_000, using: &generator)
                held += sell ? -thousandths : thousandths
                trades.append(
                    PortfolioTransaction(
                        coinId: "c", kind: sell ? .sell : .buy, quantity: Decimal(thousandths) / 1_000,
                        price: Decimal(Int.random(in: 1...100_000, using: &generator)) / 100,
                        fee: Decimal(Int.random(in: 0...300, using: &generator)) / 100, time: Int64(step)))
            }
            let price = Decimal(Int.random(in: 1...100_000, using: &generator)) / 100
            let totals = try CostMethod.allCases.map { method in
                let holding = try #require(try PortfolioLedger.holdings(trades, method: method).first)
                return (holding.realizedPnL + holding.unrealizedPnL(at: price), holding.quantity)
            }
            for (total, quantity) in totals.dropFirst() {
                // Decimal division keeps 38 digits: agreement to 1e-20 of a currency unit.
                #expect((total - totals[0].0).magnitude < Decimal(string: "1e-20")!, "seed \(seed)")
                #expect(quantity == Decimal(held) / 1_000, "seed \(seed)")
            }
        }
    }
}
