import Foundation

/// The loop every model shares: walk the log price step by step and record `exp` of it.
enum LogPricePath {
    /// `steps + 1` prices from `start`, each the exponential of the log price `advance` returns.
    ///
    /// - Parameters:
    ///   - start: The first price, > 0.
    ///   - steps: Steps to take.
    ///   - advance: Given the step index and the current log price, the next log price.
    @inline(__always)
    static func prices(from start: Double, steps: Int, _ advance: (_ step: Int, _ logPrice: Double) -> Double)
        -> [Double]
    {
        var prices = [Double](repeating: start, count: steps + 1)
        var logPrice = log(start)
        for step in 0..<steps {
            logPrice = advance(step, logPrice)
            prices[step + 1] = exp(logPrice)
        }
        return prices
    }
}
