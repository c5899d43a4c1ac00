/// A columnar OHLC series: close-time stamps and four value columns.
///
/// CoinGecko's `/ohlc` endpoint stamps each candle at its close time; so does this type.
public struct CandleSeries: Sendable, Equatable {
    /// Epoch milliseconds at which each candle closes, increasing.
    public let closeTimes: [Int64]
    /// Open prices.
    public let open: [Double]
    /// High prices.
    public let high: [Double]
    /// Low prices.
    public let low: [Double]
    /// Close prices.
    public let close: [Double]

    /// Creates a series from five columns of equal length.
    ///
    /// - Parameters:
    ///   - closeTimes: Epoch milliseconds of each candle's close, expected in increasing order.
    ///   - open: Open prices.
    ///   - high: High prices.
    ///   - low: Low prices.
    ///   - close: Close prices.
    /// - Precondition: All columns have the same count.
    public init(closeTimes: [Int64], open: [Double], high: [Double], low: [Double], close: [Double]) {
        let count = closeTimes.count
        precondition(
            open.count == count && high.count == count && low.count == count && close.count == count,
            "CandleSeries columns differ in length"
        )
        self.closeTimes = closeTimes
        self.open = open
        self.high = high
        self.low = low
        self.close = close
    }

    /// Creates a series from candles.
    ///
    /// - Parameter candles: Candles in close-time order.
    public init(_ candles: [Candle]) {
        self.init(
            closeTimes: candles.map(\.closeTime),
            open: candles.map(\.open),
            high: candles.map(\.high),
            low: candles.map(\.low),
            close: candles.map(\.close)
        )
    }

    /// An empty series.
    public static let empty = CandleSeries([])

    /// The number of candles.
    public var count: Int { closeTimes.count }

    /// Whether the series has no candles.
    public var isEmpty: Bool { closeTimes.isEmpty }

    /// The candle at `index`.
    ///
    /// - Parameter index: A valid index.
    public subscript(index: Int) -> Candle {
        Candle(
            closeTime: closeTimes[index],
            open: open[index],
            high: high[index],
            low: low[index],
            close: close[index]
        )
    }

    /// The candles as values, in order.
    public var candles: [Candle] { (0..<count).map { self[$0] } }

    /// The close prices as a line series stamped at close times.
    public var closeSeries: TimeSeries { TimeSeries(timestamps: closeTimes, values: close) }

    /// The candles at the given indices, in the order given.
    ///
    /// - Parameter indices: Valid indices, for example a downsampler's output.
    /// - Returns: A series with `indices.count` candles.
    public func selecting(_ indices: [Int]) -> CandleSeries {
        CandleSeries(
            closeTimes: indices.map { closeTimes[$0] },
            open: indices.map { open[$0] },
            high: indices.map { high[$0] },
            low: indices.map { low[$0] },
            close: indices.map { close[$0] }
        )
    }

    /// The candles from `start` to the end.
    ///
    /// - Parameter start: An index in `0...count`.
    public func suffix(from start: Int) -> CandleSeries {
        if start == 0 { return self }
        return selecting(Array(start..<count))
    }
}
