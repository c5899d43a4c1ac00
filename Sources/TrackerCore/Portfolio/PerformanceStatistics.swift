/// Return and risk statistics of a value series (a portfolio's daily value, say).
///
/// The definitions are quantstats' (0.0.86), checked against its outputs to 1e-9 relative
/// (`Tests/Fixtures/peers/portfolio-stats-quantstats.json`), with the risk-free rate 0:
/// - simple returns `r_t = v_t / v_{t-1} - 1`, n of them;
/// - volatility `std(r, ddof=1) * sqrt(P)` with P periods a year (365: crypto trades every day);
/// - Sharpe `mean(r) / std(r, ddof=1) * sqrt(P)`;
/// - Sortino `mean(r) / sqrt(sum(min(r, 0)^2) / n) * sqrt(P)`;
/// - maximum drawdown `min(v / running_max(v) - 1)`, 0 or negative.
/// The drawdown's duration is counted in periods from the peak before the deepest trough to the
/// first value back at or above that peak, or to the last value if it never recovered.
public struct PerformanceStatistics: Sendable, Equatable {
    /// `v_last / v_first - 1`.
    public var totalReturn: Double
    /// Annualised standard deviation of the returns.
    public var volatility: Double
    /// Annualised Sharpe ratio; nil when the returns do not vary.
    public var sharpe: Double?
    /// Annualised Sortino ratio; nil when no return is negative.
    public var sortino: Double?
    /// The deepest fall from a running peak, as a fraction (-0.25 is 25 % down); 0 if none.
    public var maxDrawdown: Double
    /// Periods from the deepest drawdown's peak to its recovery (or to the end); 0 if none.
    public var maxDrawdownDuration: Int
    /// The number of returns.
    public var periods: Int

    /// Computes the statistics.
    ///
    /// - Parameters:
    ///   - values: At least two values, each positive and finite, one per period.
    ///   - periodsPerYear: Periods in a year, for annualising (365 by default).
    /// - Throws: ``PortfolioError/invalidValueSeries(_:)`` naming the first bad value.
    /// - Complexity: O(n), two passes.
    public init(values: [Double], periodsPerYear: Double = 365) throws(PortfolioError) {
        guard values.count >= 2 else {
            throw .invalidValueSeries("needs at least 2 values, found \(values.count)")
        }
        if let bad = values.firstIndex(where: { !($0.isFinite && $0 > 0) }) {
            throw .invalidValueSeries("value \(bad) is \(values[bad]); expected a positive finite number")
        }
        let count = values.count - 1
        var sum = 0.0
        for index in 1...count { sum += values[index] / values[index - 1] - 1 }
        let mean = sum / Double(count)
        var squaredDeviations = 0.0
        var squaredLosses = 0.0
        for index in 1...count {
            let periodReturn = values[index] / values[index - 1] - 1
            squaredDeviations += (periodReturn - mean) * (periodReturn - mean)
            if periodReturn < 0 { squaredLosses += periodReturn * periodReturn }
        }
        let deviation = count > 1 ? (squaredDeviations / Double(count - 1)).squareRoot() : 0
        let downside = (squaredLosses / Double(count)).squareRoot()
        let annualiser = periodsPerYear.squareRoot()
        totalReturn = values[count] / values[0] - 1
        volatility = deviation * annualiser
        sharpe = deviation > 0 ? mean / deviation * annualiser : nil
        sortino = downside > 0 ? mean / downside * annualiser : nil
        periods = count
        (maxDrawdown, maxDrawdownDuration) = Self.maxDrawdown(of: values)
    }

    private static func maxDrawdown(of values: [Double]) -> (depth: Double, duration: Int) {
        var peakIndex = 0
        var deepest = 0.0
        var deepestPeak = 0
        for (index, value) in values.enumerated() {
            if value >= values[peakIndex] {
                peakIndex = index
                continue
            }
            let drawdown = value / values[peakIndex] - 1
            if drawdown < deepest { (deepest, deepestPeak) = (drawdown, peakIndex) }
        }
        guard deepest < 0 else { return (0, 0) }
        let peak = values[deepestPeak]
        let recovery = values[(deepestPeak + 1)...].firstIndex { $0 >= peak } ?? values.count - 1
        return (deepest, recovery - deepestPeak)
    }
}
