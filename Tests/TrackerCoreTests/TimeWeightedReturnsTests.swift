import Foundation
import TestSupport
import Testing
import TrackerCore

@Suite("Time-weighted returns against quantstats on portfolios with deposits and sales")
struct TimeWeightedReturnsTests {
    typealias Peer = PortfolioFlowsPeerVectors

    static func relativeError(_ ours: Double?, _ theirs: Double?) -> Double {
        guard let ours, let theirs else { return ours == nil && theirs == nil ? 0 : .infinity }
        return abs(ours - theirs) / max(abs(theirs), 1e-12)
    }

    static func transactions(_ peer: Peer.Case) -> [PortfolioTransaction] {
        peer.trades.map { trade in
            PortfolioTransaction(
                coinId: trade.coin, kind: trade.side == "buy" ? .buy : .sell,
                quantity: Decimal(string: trade.quantity)!, price: Decimal(string: trade.price)!,
                fee: Decimal(string: trade.fee)!, time: day(trade.day))
        }
    }

    static func day(_ index: Int) -> Int64 { Peer.startMilliseconds + Int64(index) * 86_400_000 }

    @Test(
        "values, flows, statistics and the benchmark match the peers",
        arguments: Peer.shared.cases.map(\.label))
    func matchesPeers(label: String) throws {
        let peer = try #require(Peer.shared.cases.first { $0.label == label })
        let days = (0...peer.days).map(Self.day)
        let prices = peer.prices.mapValues { TimeSeries(timestamps: days, values: $0) }
        let transactions = Self.transactions(peer)
        let values = try PortfolioValuation.series(transactions: transactions, prices: prices, at: days)
            .values
        let flows = TimeWeightedReturns.flows(of: transactions, at: days)
        #expect(zip(values, peer.values).allSatisfy { Self.relativeError($0, $1) < 1e-9 }, "\(label) values")
        #expect(zip(flows, peer.flows).allSatisfy { abs($0 - $1) < 1e-9 * max(1, abs($1)) }, "\(label) flows")

        let periodReturns = try TimeWeightedReturns.returns(values: values, flows: flows)
        let returns = periodReturns.compactMap { $0 }
        let stats = try PerformanceStatistics(returns: returns)
        let expected = peer.expected
        #expect(Self.relativeError(stats.volatility, expected.volatility) < 1e-9, "\(label) volatility")
        #expect(Self.relativeError(stats.sharpe, expected.sharpe) < 1e-9, "\(label) sharpe")
        #expect(Self.relativeError(stats.sortino, expected.sortino) < 1e-9, "\(label) sortino")
        #expect(Self.relativeError(stats.maxDrawdown, expected.maxDrawdown) < 1e-9, "\(label) drawdown")
        #expect(Self.relativeError(stats.totalReturn, expected.totalReturn) < 1e-9, "\(label) total")

        // The benchmark: the total buy cost spent on day 0, split as the buys were, then held.
        var spent: [String: Double] = [:]
        for buy in transactions where buy.kind == .buy {
            spent[buy.coinId, default: 0] += TimeWeightedReturns.netInvestment(of: buy).doubleValue
        }
        let benchmark = days.indices.map { index in
            spent.keys.reduce(0.0) { $0 + spent[$1]! / peer.prices[$1]![0] * peer.prices[$1]![index] }
        }
        let held = periodReturns.indices.filter { periodReturns[$0] != nil }
        let comparison = BenchmarkComparison(
            returns: returns, benchmark: held.map { benchmark[$0 + 1] / benchmark[$0] - 1 })
        #expect(Self.relativeError(comparison.beta, expected.beta) < 1e-9, "\(label) beta")
        #expect(
            Self.relativeError(comparison.correlation, expected.correlation) < 1e-9, "\(label) correlation")
    }

    @Test("twelve portfolios, with sales and with two coins among them")
    func coverage() {
        let cases = Peer.shared.cases
        #expect(cases.count == 12)
        #expect(cases.contains { $0.trades.contains { $0.side == "sell" } })
        #expect(cases.contains { $0.prices.count == 2 })
    }

    @Test("hand-worked: a deposit is not a gain, a sale is not a loss, its fee is")
    func handWorked() throws {
        // Day 1: the price is flat and 100 more is bought; day 2: +10 %; day 3: half sold at the
        // market, fee 1; day 4: flat.
        let values = [100.0, 200, 220, 110, 110]
        let flows = [100.0, 100, 0, -109, 0]
        let returns = try TimeWeightedReturns.returns(values: values, flows: flows)
        #expect(returns[0] == 0)
        #expect(abs(returns[1]! - 0.1) < 1e-15)
        #expect(abs(returns[2]! + 1.0 / 220) < 1e-15)
        #expect(returns[3] == 0)
    }

    @Test("a period that begins with nothing invested has no return")
    func emptyPeriods() throws {
        let returns = try TimeWeightedReturns.returns(
            values: [100, 0, 0, 50, 55], flows: [100, -100, 0, 50, 0])
        #expect(returns.count == 4)
        #expect(returns[1] == nil && returns[2] == nil)
        #expect(returns[0] == 0)
        #expect(abs(returns[3]! - 0.1) < 1e-15)
    }

    @Test("bad values and mismatched flows are refused with the place named")
    func refusals() {
        #expect(throws: PortfolioError.invalidValueSeries("3 values but 2 flows")) {
            try TimeWeightedReturns.returns(values: [1, 2, 3], flows: [0, 0])
        }
        #expect(throws: PortfolioError.self) {
            try TimeWeightedReturns.returns(values: [1, .nan], flows: [0, 0])
        }
        #expect(throws: PortfolioError.self) {
            try TimeWeightedReturns.returns(values: [1, -1], flows: [0, 0])
        }
        #expect(throws: PortfolioError.self) { try PerformanceStatistics(returns: []) }
        #expect(throws: PortfolioError.self) { try PerformanceStatistics(returns: [0.1, -1.5]) }
    }

    @Test("flows fall in the period that ends at or after the trade; trades after the last end are left out")
    func flowPeriods() {
        let buy = { (time: Int64) in
            PortfolioTransaction(coinId: "bitcoin", kind: .buy, quantity: 1, price: 10, fee: 1, time: time)
        }
        let flows = TimeWeightedReturns.flows(
            of: [buy(0), buy(10), buy(11), buy(20), buy(21)], at: [0, 10, 20])
        #expect(flows == [11, 11, 22])
    }
}
