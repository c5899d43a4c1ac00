/// One OHLC candle, stamped at its close time as CoinGecko stamps them.
public struct Candle: Sendable, Equatable {
    /// Epoch milliseconds at which the candle closes.
    public var closeTime: Int64
    /// First price of the interval.
    public var open: Double
    /// Highest price of the interval.
    public var high: Double
    /// Lowest price of the interval.
    public var low: Double
    /// Last price of the interval.
    public var close: Double

    /// Creates a candle.
    ///
    /// - Parameters:
    ///   - closeTime: Epoch milliseconds at which the candle closes.
    ///   - open: First price.
    ///   - high: Highest price.
    ///   - low: Lowest price.
    ///   - close: Last price.
    public init(closeTime: Int64, open: Double, high: Double, low: Double, close: Double) {
        self.closeTime = closeTime
        self.open = open
        self.high = high
        self.low = low
        self.close = close
    }

    /// Whether the candle closed at or above its open (drawn green), as the app decides it.
    public var isGreen: Bool { close >= open }
}
