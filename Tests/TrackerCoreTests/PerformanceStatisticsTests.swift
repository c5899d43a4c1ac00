import TestSupport
import Testing
import TrackerCore

@Suite("Portfolio statistics against quantstats")
struct PerformanceStatisticsTests {
    static func relativeError(_ ours: Double?, _ theirs: Double) -> Double {
        guard let ours else { return .infinity }
        return abs(ours - theirs) / max(abs(theirs), 1e-300)
    }

    @Test(
        "volatility, Sharpe, Sortino and max drawdown match quantstats to 1e-9 relative",
        arguments: PortfolioStatisticsPeerVectors.shared.cases.map(\.seed)
    )
    func matchesQuantstats(seed: Int) throws {
        let peer = try #require(PortfolioStatisticsPeerVectors.shared.cases.first { $0.seed == seed })
        let stats = try PerformanceStatistics(values: peer.values)
        #expect(stats.periods == peer.values.count - 1)
        #expect(Self.relativeError(stats.volatility, peer.expected.volatility) < 1e-9, "\(peer.label)")
        #expect(Self.relativeError(stats.sharpe, peer.expected.sharpe) < 1e-9, "\(peer.label)")
        #expect(Self.relativeError(stats.sortino, peer.expected.sortino) < 1e-9, "\(peer.label)")
        #expect(Self.relativeError(stats.maxDrawdown, peer.expected.maxDrawdown) < 1e-9, "\(peer.label)")
    }

    @Test("all twelve peer cases are present")
    func caseCount() {
        #expect(PortfolioStatisticsPeerVectors.shared.cases.count == 12)
    }

    @Test("hand-computed: total return, drawdown depth and duration, ratios undefined without variation")
    func handComputed() throws {
        // Peak 120 at index 1, trough 60 at index 3 (-50 %), back to 120 at index 5: 4 periods.
        let stats = try PerformanceStatistics(values: [100, 120, 90, 60, 100, 120, 130])
        #expect(abs(stats.totalReturn - 0.3) < 1e-15)
        #expect(stats.maxDrawdown == -0.5)
        #expect(stats.maxDrawdownDuration == 4)
        // Never recovered: the duration runs to the last value.
        let falling = try PerformanceStatistics(values: [100, 80, 90, 70])
        #expect(abs(falling.maxDrawdown + 0.3) < 1e-15)
        #expect(falling.maxDrawdownDuration == 3)
        // A steady rise: no drawdown, no negative return, so no Sortino.
        let rising = try PerformanceStatistics(values: [100, 110, 121])
        #expect(rising.maxDrawdown == 0 && rising.maxDrawdownDuration == 0)
        #expect(rising.sortino == nil)
        #expect(rising.volatility < 1e-12)
        let flat = try PerformanceStatistics(values: [5, 5, 5])
        #expect(flat.sharpe == nil && flat.volatility == 0)
    }

    @Test("bad series are refused with the index and value")
    func badSeries() {
        #expect(throws: PortfolioError.invalidValueSeries("needs at least 2 values, found 1")) {
            try PerformanceStatistics(values: [1])
        }
        #expect(
            throws: PortfolioError.invalidValueSeries("value 2 is nan; expected a positive finite number")
        ) {
            try PerformanceStatistics(values: [1, 2, .nan])
        }
        #expect(
            throws: PortfolioError.invalidValueSeries("value 1 is 0.0; expected a positive finite number")
        ) {
            try PerformanceStatistics(values: [1, 0, 2])
        }
        #expect(
            throws: PortfolioError.invalidValueSeries("value 0 is -3.0; expected a positive finite number")
        ) {
            try PerformanceStatistics(values: [-3, 2])
        }
    }
}
