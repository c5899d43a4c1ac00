import Foundation

/// What every model's walk shares: a log price, advanced one step at a time, recorded as `exp`.
enum LogPricePath {
    /// Fills `prices` with the exponentials of the log prices `advance` returns, one per step,
    /// carrying the log price (not `log` of the last price, which would not round-trip).
    ///
    /// - Parameters:
    ///   - prices: Where the prices go.
    ///   - logPrice: The current log price; left at the last one written.
    ///   - advance: Given the current log price, the next.
    @inline(__always)
    static func fill(
        _ prices: UnsafeMutableBufferPointer<Double>, logPrice: inout Double, _ advance: (Double) -> Double
    ) {
        for index in prices.indices {
            logPrice = advance(logPrice)
            prices[index] = exp(logPrice)
        }
    }

    /// `steps + 1` prices: `start`, then what `fill` writes for the other `steps`. A path of 4 MB
    /// or more is advised for huge pages (``HugePageArrays``), as numpy advises its arrays.
    ///
    /// - Parameters:
    ///   - start: The first price.
    ///   - steps: Steps after it.
    ///   - fill: Writes the prices after the first.
    static func prices(from start: Double, steps: Int, _ fill: (UnsafeMutableBufferPointer<Double>) -> Void)
        -> [Double]
    {
        HugePageArrays.uninitialized(count: steps + 1) { prices in
            prices[0] = start
            fill(UnsafeMutableBufferPointer(rebasing: prices[1...]))
        }
    }
}
