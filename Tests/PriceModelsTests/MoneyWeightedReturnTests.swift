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
