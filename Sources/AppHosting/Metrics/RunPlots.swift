import TrackerCore
import WorkbenchFoundation
import WorkbenchMetrics

/// The series a report plots, captured during the run. Deterministic like the metrics.
public struct RunPlots: Sendable, Equatable {
    /// One chart as drawn: the points kept after filtering and those drawn after downsampling
    /// (the reports' model too: ``TrackerCore/DrawnChart``).
    public typealias DrawnChart = TrackerCore.DrawnChart<TimeSeries>
    /// One candle chart as drawn: the candles kept after filtering and those drawn.
    public typealias DrawnCandles = TrackerCore.DrawnChart<CandleSeries>

    /// The age of the oldest data on screen (ms) over the run, as a sawtooth: exact at each
    /// change, rising between changes; 0 while nothing is visible.
    public var screenAge = RecordLog<(time: Int64, age: Int64)>()
    /// Each cache lookup: when, and whether it hit.
    public var lookups = RecordLog<Lookup>()
    /// One cache lookup, in one word: its time and whether it hit (a year of 1,000 coins makes
    /// 87,581).
    public struct Lookup: Sendable, Equatable {
        /// The time shifted left one bit, the hit in the low bit.
        private var word: Int64

        /// When, epoch ms.
        public var time: Int64 { word >> 1 }
        /// Whether it hit.
        public var hit: Bool { word & 1 == 1 }

        /// Creates a lookup.
        ///
        /// - Parameters:
        ///   - time: When, epoch ms, within 2^62 of 1970.
        ///   - hit: Whether it hit.
        public init(time: Int64, hit: Bool) {
            precondition(time >> 62 == 0 || time >> 62 == -1, "a lookup time of \(time) ms")
            word = time << 1 | (hit ? 1 : 0)
        }
    }
    /// The last drawn line chart of each range.
    public var charts: [String: DrawnChart] = [:]
    /// The last drawn candle chart of each range.
    public var candleCharts: [String: DrawnCandles] = [:]
    /// For each chart key (`1D.line`), how often the chart was served stale from the cache (a
    /// request failed) since it was last drawn; keys never served stale are absent.
    public var staleServes: [String: Int] = [:]
    /// A cache's hits at each capacity for LRU and for the capacity bound, expiry ignored
    /// (``BeladyOptimum/hitCurves(_:)``), and the lookups they are out of.
    public struct HitCurve: Sendable, Equatable {
        /// The cache's lookups.
        public var lookups: Int
        /// One point per capacity.
        public var points: [BeladyOptimum.CurvePoint]
    }

    /// Hit-ratio curves by cache, for caches of at most ``RunPlots/hitCurveKeyLimit`` distinct
    /// keys (the bound's curve costs O(n * keys^2)).
    public var hitCurves: [String: HitCurve] = [:]
    /// The most distinct keys a cache may have for its curves to be drawn.
    public static let hitCurveKeyLimit = 64
    /// The portfolio's daily value at the true prices.
    public var portfolioValue: TimeSeries = .empty
    /// The portfolio's time-weighted daily returns, each at the end of its day.
    public var portfolioReturns: TimeSeries = .empty
    /// The buy-and-hold benchmark's returns on the same days; empty without a benchmark.
    public var benchmarkReturns: TimeSeries = .empty

    /// Equal series everywhere.
    public static func == (lhs: RunPlots, rhs: RunPlots) -> Bool {
        lhs.screenAge.elementsEqual(rhs.screenAge) { $0 == $1 }
            && lhs.lookups == rhs.lookups
            && lhs.charts == rhs.charts && lhs.candleCharts == rhs.candleCharts
            && lhs.staleServes == rhs.staleServes
            && lhs.portfolioValue == rhs.portfolioValue && lhs.portfolioReturns == rhs.portfolioReturns
            && lhs.benchmarkReturns == rhs.benchmarkReturns
            && lhs.hitCurves == rhs.hitCurves
    }
}
