import AppHosting
import PriceModels
import TestSupport
import Testing

@Suite("Money-weighted return (XIRR) by GSL's Brent solver")
struct MoneyWeightedReturnTests {
    static let year: Int64 = 365 * 86_400_000

    @Test("hand-worked: 100 in, 110 out a year later is 10 %; 121 two years later is 10 % too")
    func handWorked() throws {
        let oneYear = try MoneyWeightedReturn.annualRate(of: [
            .init(time: 0, amount: -100), .init(time: Self.year, amount: 110),
        ])
        #expect(abs(oneYear - 0.1) < 1e-12)
        let twoYears = try MoneyWeightedReturn.annualRate(
            of: [.init(time: 0, amount: -100), .init(time: 2 * Self.year, amount: 121)])
        #expect(abs(twoYears - 0.1) < 1e-12)
        let loss = try MoneyWeightedReturn.annualRate(
            of: [.init(time: Self.year, amount: 50), .init(time: 0, amount: -100)])
        #expect(abs(loss + 0.5) < 1e-12)
    }

    @Test(
        "the period's rate, not annualised: the quickstart's two buys over 115 minutes (bisection in Python)")
    func periodRate() throws {
        let minute: Int64 = 60_000
        // Buys of 10,502.50 at 5 min and 2,100 at 90 min, 12,905.854654957822 held at 120 min;
        // bisection on -10502.5 - 2100 / (1 + r)^(85/115) + V / (1 + r) = 0 gives r = 0.027465704854577777.
        let rate = try MoneyWeightedReturn.periodRate(of: [
            .init(time: 5 * minute, amount: -10_502.5), .init(time: 90 * minute, amount: -2_100),
            .init(time: 120 * minute, amount: 12_905.854654957822),
        ])
        #expect(abs(rate - 0.027465704854577777) < 1e-12)
        // Over exactly a year the period's rate is the annual rate.
        let year = [MoneyWeightedReturn.Flow(time: 0, amount: -100), .init(time: Self.year, amount: 110)]
        #expect(
            try abs(MoneyWeightedReturn.periodRate(of: year) - MoneyWeightedReturn.annualRate(of: year))
                < 1e-12)
        #expect(throws: MoneyWeightedReturn.Failure.self) {
            try MoneyWeightedReturn.periodRate(of: [.init(time: 0, amount: -1), .init(time: 0, amount: 2)])
        }
    }

    @Test(
        "matches scipy's brentq on the peer portfolios' trades and final values",
        arguments: PortfolioFlowsPeerVectors.shared.cases.map(\.label))
    func matchesScipy(label: String) throws {
        let peer = try #require(PortfolioFlowsPeerVectors.shared.cases.first { $0.label == label })
        let day = { (index: Int) in PortfolioFlowsPeerVectors.startMilliseconds + Int64(index) * 86_400_000 }
        var flows = peer.trades.map { trade in
            let amount = Double(trade.quantity)! * Double(trade.price)!
            let fee = Double(trade.fee)!
            return MoneyWeightedReturn.Flow(
                time: day(trade.day), amount: trade.side == "buy" ? -(amount + fee) : amount - fee)
        }
        flows.append(.init(time: day(peer.days), amount: peer.values.last!))
        let rate = try MoneyWeightedReturn.annualRate(of: flows)
        let expected = try #require(peer.expected.irr)
        #expect(abs(rate - expected) / max(abs(expected), 1e-12) < 1e-9, "\(label): \(rate) vs \(expected)")
    }

    @Test("flows all of one sign, or not finite, have no rate")
    func undefined() {
        #expect(throws: MoneyWeightedReturn.Failure.self) {
            try MoneyWeightedReturn.annualRate(of: [
                .init(time: 0, amount: -100), .init(time: Self.year, amount: 0),
            ])
        }
        #expect(throws: MoneyWeightedReturn.Failure.self) {
            try MoneyWeightedReturn.annualRate(of: [
                .init(time: 0, amount: -100), .init(time: Self.year, amount: .nan),
            ])
        }
    }
}
