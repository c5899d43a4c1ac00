/// Return and risk statistics of a value series (a portfolio's daily value, say).
///
/// The definitions are quantstats' (0.0.86), checked against its outputs to 1e-9 relative
/// (`Tests/Fixtures/peers/portfolio-stats-quantstats.json`), with the risk-free rate 0:
/// - simple returns `r_t = v_t / v_{t-1} - 1`, n of them (or, for a portfolio with deposits and
///   sales, the time-weighted returns of ``TimeWeightedReturns``);
/// - volatility `std(r, ddof=1) * sqrt(P)` with P periods a year (365: crypto trades every day);
/// - Sharpe `mean(r) / std(r, ddof=1) * sqrt(P)`;
/// - Sortino `mean(r) / sqrt(sum(min(r, 0)^2) / n) * sqrt(P)`;
/// - maximum drawdown `min(v / running_max(v) - 1)`, 0 or negative, on the value series (or the
///   wealth index the returns compound to, starting at 1).
/// The drawdown's duration is counted in periods from the peak before the deepest trough to the
/// first value back at or above that peak, or to the last value if it never recovered.
public struct PerformanceStatistics: Sendable, Equatable {
    /// `v_last / v_first - 1`: the returns compounded.
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

    /// Computes the statistics of a value series with no cash flows.
    ///
    /// - Parameters:
    ///   - values: At least two values, each positive and finite, one per period.
    ///   - periodsPerYear: Periods in a year, for annualising (365 by default).
    /// - Throws: ``PortfolioError/invalidValueSeries(_:)`` naming the first bad value.
    /// - Complexity: O(n).
    public init(values: [Double], periodsPerYear: Double = 365) throws(PortfolioError) {
        guard values.count >= 2 else {
            throw .invalidValueSeries("needs at least 2 values, found \(values.count)")
        }
        if let bad = values.firstIndex(where: { !($0.isFinite && $0 > 0) }) {
            throw .invalidValueSeries("value \(bad) is \(values[bad]); expected a positive finite number")
        }
        try self.init(
            returns: values.indices.dropFirst().map { values[$0] / values[$0 - 1] - 1 },
            periodsPerYear: periodsPerYear)
        // The values themselves, not their compounded returns: a recovery to the peak is exact.
        totalReturn = values[values.count - 1] / values[0] - 1
        (maxDrawdown, maxDrawdownDuration) = Self.maxDrawdown(of: values)
    }

    /// Computes the statistics of period returns (``TimeWeightedReturns`` for a portfolio with
    /// cash flows). The drawdown is taken on the wealth index `1, (1 + r_1), (1 + r_1)(1 + r_2),
    /// ...`, which starts at 1 so that a fall in the first period counts.
    ///
    /// - Parameters:
    ///   - returns: At least one return, each finite and >= -1.
    ///   - periodsPerYear: Periods in a year, for annualising (365 by default).
    /// - Throws: ``PortfolioError/invalidValueSeries(_:)`` naming the first bad return.
    /// - Complexity: O(n).
    public init(returns: [Double], periodsPerYear: Double = 365) throws(PortfolioError) {
        guard !returns.isEmpty else { throw .invalidValueSeries("needs at least 1 return, found none") }
        if let bad = returns.firstIndex(where: { !($0.isFinite && $0 >= -1) }) {
            throw .invalidValueSeries("return \(bad) is \(returns[bad]); expected a finite number >= -1")
        }
        let count = returns.count
        let mean = returns.reduce(0, +) / Double(count)
        var squaredDeviations = 0.0
        var squaredLosses = 0.0
        for periodReturn in returns {
            squaredDeviations += (periodReturn - mean) * (periodReturn - mean)
            if periodReturn < 0 { squaredLosses += periodReturn * periodReturn }
        }
        let wealth = Self.wealthIndex(returns)
        let deviation = count > 1 ? (squaredDeviations / Double(count - 1)).squareRoot() : 0
        let downside = (squaredLosses / Double(count)).squareRoot()
        let annualiser = periodsPerYear.squareRoot()
        totalReturn = wealth[count] - 1
        volatility = deviation * annualiser
        sharpe = deviation > 0 ? mean / deviation * annualiser : nil
        sortino = downside > 0 ? mean / downside * annualiser : nil
        periods = count
        (maxDrawdown, maxDrawdownDuration) = Self.maxDrawdown(of: wealth)
    }

    /// `1, (1 + r1), (1 + r1)(1 + r2), ...`: what 1 invested grows to, the series the drawdown is
    /// taken on.
    public static func wealthIndex(_ returns: [Double]) -> [Double] {
        var wealth = [1.0]
        wealth.reserveCapacity(returns.count + 1)
        for periodReturn in returns { wealth.append(wealth[wealth.count - 1] * (1 + periodReturn)) }
        return wealth
    }

    /// The deepest fall of a value series from a running peak.
    public struct Drawdown: Sendable, Equatable {
        /// `trough / peak - 1`, negative.
        public var depth: Double
        /// The index of the peak before the trough.
        public var peak: Int
        /// The index of the lowest value after that peak.
        public var trough: Int
        /// The index of the first value back at or above the peak; nil if it never recovered.
        public var recovery: Int?
    }

    /// The deepest drawdown of `values` (the first of equal depths), or nil when it never falls.
    ///
    /// - Parameter values: Positive values, one per period.
    public static func deepestDrawdown(of values: [Double]) -> Drawdown? {
        var peakIndex = 0
        var deepest: Drawdown?
        for (index, value) in values.enumerated() {
            if value >= values[peakIndex] {
                peakIndex = index
                continue
            }
            let depth = value / values[peakIndex] - 1
            if depth < (deepest?.depth ?? 0) {
                deepest = Drawdown(depth: depth, peak: peakIndex, trough: index)
            }
        }
        guard var drawdown = deepest else { return nil }
        let peak = values[drawdown.peak]
        drawdown.recovery = values[(drawdown.peak + 1)...].firstIndex { $0 >= peak }
        return drawdown
    }

    private static func maxDrawdown(of values: [Double]) -> (depth: Double, duration: Int) {
        guard let drawdown = deepestDrawdown(of: values) else { return (0, 0) }
        return (drawdown.depth, (drawdown.recovery ?? values.count - 1) - drawdown.peak)
    }
}
