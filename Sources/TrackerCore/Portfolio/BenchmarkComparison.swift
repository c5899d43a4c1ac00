/// How a portfolio's period returns move with a benchmark's over the same periods (quantstats'
/// `greeks` and pandas' `corr`): beta `cov(r, b) / var(b)` and Pearson's correlation.
public struct BenchmarkComparison: Sendable, Equatable {
    /// `cov(r, b) / var(b)`; nil when the benchmark's returns do not vary.
    public var beta: Double?
    /// `cov(r, b) / (sd(r) sd(b))`; nil when either series does not vary.
    public var correlation: Double?
    /// The number of periods compared.
    public var periods: Int

    /// Compares two return series period by period.
    ///
    /// - Parameters:
    ///   - returns: The portfolio's returns.
    ///   - benchmark: The benchmark's returns over the same periods (as many).
    /// - Complexity: O(n).
    public init(returns: [Double], benchmark: [Double]) {
        precondition(returns.count == benchmark.count, "one benchmark return per period")
        periods = returns.count
        guard periods >= 2 else { return }
        let count = Double(periods)
        let (meanReturn, meanBenchmark) = (returns.reduce(0, +) / count, benchmark.reduce(0, +) / count)
        var (covariance, varianceReturn, varianceBenchmark) = (0.0, 0.0, 0.0)
        for (own, other) in zip(returns, benchmark) {
            covariance += (own - meanReturn) * (other - meanBenchmark)
            varianceReturn += (own - meanReturn) * (own - meanReturn)
            varianceBenchmark += (other - meanBenchmark) * (other - meanBenchmark)
        }
        if varianceBenchmark > 0 { beta = covariance / varianceBenchmark }
        if varianceBenchmark > 0, varianceReturn > 0 {
            correlation = covariance / (varianceReturn * varianceBenchmark).squareRoot()
        }
    }
}
