import Foundation
import TrackerCore

/// Fills the time between recorded prices with a seeded Brownian bridge in log price, so a
/// day known only by its close gets a path through the day that ends exactly on the next close.
///
/// Between two recorded points `(T0, a)` and `(T1, b)` (log prices), the points in between lie on
/// the grid `T0 + k step`. Given the path at `s`, the next grid time `u` is drawn from the bridge's
/// exact transition (Revuz and Yor, ch. I.3): normal with mean `x + (b - x)(u - s) / (T1 - s)` and
/// variance `sigma^2 (u - s)(T1 - u) / (T1 - s)`, in years. The recorded points themselves are kept
/// as they are, bit for bit.
public enum BrownianBridge {
    /// How many points ``fill(_:stepMilliseconds:volatility:stream:)`` adds: the grid times
    /// strictly between consecutive points.
    ///
    /// - Parameters:
    ///   - series: The recorded points.
    ///   - stepMilliseconds: The grid, > 0.
    public static func pointsAdded(to series: TimeSeries, stepMilliseconds: Int64) -> Int {
        zip(series.timestamps, series.timestamps.dropFirst()).reduce(0) { sum, pair in
            sum + max(0, Int((pair.1 - pair.0 - 1) / stepMilliseconds))
        }
    }

    /// The series with bridge points between its points.
    ///
    /// - Parameters:
    ///   - series: The recorded points, timestamps strictly increasing, prices positive.
    ///   - stepMilliseconds: The grid, > 0; gaps no longer than it get no points.
    ///   - volatility: Per year, > 0 (the daily returns' GBM volatility, say).
    ///   - stream: The randomness (one gaussian per point added).
    /// - Returns: The recorded points and the bridge points, in time order.
    public static func fill(
        _ series: TimeSeries, stepMilliseconds: Int64, volatility: Double, stream: RandomStream
    ) -> TimeSeries {
        precondition(stepMilliseconds > 0 && volatility > 0, "a positive step and volatility")
        var timestamps: [Int64] = []
        var values: [Double] = []
        let added = pointsAdded(to: series, stepMilliseconds: stepMilliseconds)
        timestamps.reserveCapacity(series.count + added)
        values.reserveCapacity(series.count + added)
        let variancePerMillisecond = volatility * volatility / millisecondsPerYear
        for index in series.timestamps.indices {
            let (start, price) = (series.timestamps[index], series.values[index])
            timestamps.append(start)
            values.append(price)
            guard index + 1 < series.count else { break }
            let end = series.timestamps[index + 1]
            let target = log(series.values[index + 1])
            var (time, logPrice) = (start, log(price))
            var next = start + stepMilliseconds
            while next < end {
                let (elapsed, remaining) = (Double(next - time), Double(end - time))
                let mean = logPrice + (target - logPrice) * elapsed / remaining
                let variance = variancePerMillisecond * elapsed * Double(end - next) / remaining
                logPrice = mean + variance.squareRoot() * stream.gaussian()
                time = next
                timestamps.append(time)
                values.append(exp(logPrice))
                next += stepMilliseconds
            }
        }
        return TimeSeries(timestamps: timestamps, values: values)
    }
}
