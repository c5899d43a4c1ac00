import ConformanceCases
import Foundation

/// The app's chart cache for a case: `CachedChartData.forLineChart` or `forCandleChart` made at
/// the time stored (its `cacheKey`, its expiry from `ChartTimeRange.cacheTTL`), then `isExpired`
/// read at the time asked.
public enum ChartCacheApp {
    /// Runs one case.
    public static func run(_ cache: CacheCase) -> CacheOutput {
        guard let range = ChartTimeRange(rawValue: cache.range) else {
            return CacheOutput(key: "?", fresh: false)
        }
        AppClock.set(milliseconds: cache.storedAt)
        let entry =
            cache.candles
            ? try? CachedChartData.forCandleChart(coinId: cache.coin, timeRange: range, data: [])
            : try? CachedChartData.forLineChart(coinId: cache.coin, timeRange: range, data: [])
        guard let entry else { return CacheOutput(key: "?", fresh: false) }
        AppClock.set(milliseconds: cache.askedAt)
        return CacheOutput(key: entry.cacheKey, fresh: !entry.isExpired)
    }
}
