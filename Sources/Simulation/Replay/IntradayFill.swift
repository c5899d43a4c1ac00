/// How a replayed history is filled between its recorded prices.
public enum IntradayFill: Sendable, Equatable {
    /// A step function: each recorded price holds until the next (a day known by its close is
    /// flat, then jumps).
    case none
    /// A seeded Brownian bridge in log price between consecutive recorded prices, on a grid of
    /// this step, at the volatility fitted to the recorded daily returns (``BrownianBridge``).
    /// The recorded prices are kept exactly.
    case bridge(stepMilliseconds: Int64)
}
