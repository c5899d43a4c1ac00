/// One chart as the app drew it: the points (or candles) kept after the range filter, those
/// drawn after sampling to the cap, and how often it was then served stale. The simulator
/// captures it and the reports plot it: one model, the app's.
public struct DrawnChart<Series: Sendable & Equatable>: Sendable, Equatable {
    /// `coin range type`, e.g. `bitcoin 1D line`.
    public var title: String
    /// The series after the range filter.
    public var kept: Series
    /// What the app draws (downsampled line, or sampled candles with the candle policy applied).
    public var drawn: Series
    /// The range's cap.
    public var cap: Int
    /// How often the chart was then served stale from the cache, its request having failed.
    public var staleServes: Int

    /// Creates a chart.
    ///
    /// - Parameters:
    ///   - title: `coin range type`.
    ///   - kept: The filtered series.
    ///   - drawn: The drawn series.
    ///   - cap: The range's cap.
    ///   - staleServes: Stale serves since it was drawn.
    public init(title: String, kept: Series, drawn: Series, cap: Int, staleServes: Int = 0) {
        self.title = title
        self.kept = kept
        self.drawn = drawn
        self.cap = cap
        self.staleServes = staleServes
    }
}
