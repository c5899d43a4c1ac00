import TrackerCore
import WorkbenchFoundation

/// CoinGecko-shaped random series for property tests.
public enum RandomSeries {
    /// A random walk of `count` prices on a grid of `stepMilliseconds`, with optional jitter of
    /// the timestamps (still strictly increasing) and flat stretches.
    ///
    /// - Parameters:
    ///   - count: Number of points.
    ///   - generator: The seeded generator.
    ///   - stepMilliseconds: The grid step (5 minutes by default).
    /// - Returns: Timestamps and positive prices.
    public static func walk(
        count: Int,
        using generator: inout SplitMix64,
        stepMilliseconds: Int64 = 300_000
    ) -> (x: [Int64], y: [Double]) {
        var x: [Int64] = []
        var y: [Double] = []
        var time: Int64 = 1_620_990_300_000
        var price = Double.random(in: 10...60_000, using: &generator)
        let jitter = Bool.random(using: &generator)
        for _ in 0..<count {
            x.append(time)
            y.append(price)
            let flat = Int.random(in: 0..<10, using: &generator) == 0
            if !flat { price *= 1 + Double.random(in: -0.02...0.02, using: &generator) }
            time +=
                jitter ? Int64.random(in: 1...(2 * stepMilliseconds), using: &generator) : stepMilliseconds
        }
        return (x, y)
    }

    /// `count` whole numbers drawn from `range`, as Doubles: few distinct values, so extremes
    /// and areas tie many times.
    ///
    /// - Parameters:
    ///   - count: Number of values.
    ///   - range: The whole numbers to draw from.
    ///   - generator: The seeded generator.
    public static func wholeNumbers(
        count: Int, in range: ClosedRange<Int>, using generator: inout SplitMix64
    ) -> [Double] {
        (0..<count).map { _ in Double(Int.random(in: range, using: &generator)) }
    }
}
