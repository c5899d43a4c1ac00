/// A decoded `/coins/{id}/ohlc` response: candles stamped at close time, and what was repaired.
public struct OHLCChart: Sendable, Equatable {
    /// The candles, sorted by close time.
    public var candles: CandleSeries
    /// Timestamp repairs (see ``SeriesRepairs`` for the policy).
    public var repairs: SeriesRepairs

    /// Creates a chart.
    ///
    /// - Parameters:
    ///   - candles: The candles.
    ///   - repairs: What was repaired.
    public init(candles: CandleSeries, repairs: SeriesRepairs = .none) {
        self.candles = candles
        self.repairs = repairs
    }
}
