import TrackerCore
import WorkbenchFoundation

/// The spacing of a series' points, named the way CoinGecko documents it.
public enum Granularity {
    /// Named spacings, in milliseconds.
    static let named: [(milliseconds: Int64, name: String)] = [
        (300_000, "5-minutely"), (1_800_000, "30-minute"), (3_600_000, "hourly"),
        (14_400_000, "4-hourly"), (86_400_000, "daily"), (345_600_000, "4-daily"),
    ]

    /// The median gap between consecutive timestamps, or nil for fewer than two points.
    ///
    /// - Parameter timestamps: Sorted timestamps.
    public static func medianStep(_ timestamps: [Int64]) -> Int64? {
        guard timestamps.count > 1 else { return nil }
        let steps = zip(timestamps.dropFirst(), timestamps).map { $0 - $1 }.sorted()
        return steps[steps.count / 2]
    }

    /// The name of a step: `5-minutely` (within 10 %), or `every 7m 12s`.
    ///
    /// - Parameter step: A median step in milliseconds.
    public static func name(of step: Int64) -> String {
        for (milliseconds, name) in named where abs(step - milliseconds) * 10 <= milliseconds {
            return name
        }
        return "every \(TimeFormatting.duration(step))"
    }

    /// CoinGecko's documented `market_chart` granularity for a `days` value and `interval`.
    ///
    /// - Parameters:
    ///   - days: The `days` parameter (`max` counts as above 90).
    ///   - interval: The `interval` parameter, if given.
    public static func documentedMarketChart(days: String, interval: String?) -> String? {
        if interval == "daily" { return "daily" }
        if days == "max" { return "daily" }
        guard let value = Double(days) else { return nil }
        return value <= 1 ? "5-minutely" : value <= 90 ? "hourly" : "daily"
    }

    /// CoinGecko's documented OHLC candle size for a `days` value.
    ///
    /// - Parameter days: The `days` parameter.
    public static func documentedCandle(days: String) -> String? {
        if days == "max" { return "4-daily" }
        guard let value = Double(days) else { return nil }
        return value <= 2 ? "30-minute" : value <= 30 ? "4-hourly" : "4-daily"
    }
}
