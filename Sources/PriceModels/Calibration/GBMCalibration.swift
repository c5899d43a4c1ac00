import Foundation

/// Maximum-likelihood GBM parameters from an observed price series.
///
/// With log returns `r_i` over steps of `dt` years, GBM makes them independent
/// `N((mu - sigma^2 / 2) dt, sigma^2 dt)`, so `sigma^2 = var(r) / dt` and
/// `mu = mean(r) / dt + sigma^2 / 2` (the variance with n - 1, the unbiased form). The step is
/// the series' median step, so a trailing off-grid point (CoinGecko's "now") does not distort it.
public enum GBMCalibration {
    /// Estimates drift and volatility per year.
    ///
    /// - Parameters:
    ///   - timestamps: Epoch ms, strictly increasing.
    ///   - prices: Positive prices, one per timestamp, at least 3.
    /// - Returns: The fitted model.
    /// - Throws: ``PriceModelError/calibrationFailed(_:)`` for too few points, unsorted times or a
    ///   non-positive price.
    public static func fit(timestamps: [Int64], prices: [Double]) throws(PriceModelError)
        -> GeometricBrownianMotion
    {
        guard prices.count >= 3, timestamps.count == prices.count else {
            throw .calibrationFailed(
                "GBM needs at least 3 prices with one timestamp each, found \(prices.count)")
        }
        if let bad = prices.firstIndex(where: { !($0.isFinite && $0 > 0) }) {
            throw .calibrationFailed("price \(bad) is \(prices[bad]); expected a positive finite number")
        }
        let steps = zip(timestamps.dropFirst(), timestamps).map { $0 - $1 }
        if let bad = steps.firstIndex(where: { $0 <= 0 }) {
            throw .calibrationFailed("timestamps are not increasing at index \(bad + 1)")
        }
        let stepYears = Double(steps.sorted()[steps.count / 2]) / millisecondsPerYear
        let returns = zip(prices.dropFirst(), prices).map { log($0 / $1) }
        let mean = returns.reduce(0, +) / Double(returns.count)
        let variance = returns.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(returns.count - 1)
        let volatilitySquared = variance / stepYears
        return GeometricBrownianMotion(
            drift: mean / stepYears + volatilitySquared / 2, volatility: volatilitySquared.squareRoot())
    }
}
