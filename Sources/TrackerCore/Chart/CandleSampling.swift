/// How a candle chart is cut to its cap.
public enum CandleSampling: String, Sendable, Equatable, CaseIterable, Codable {
    /// The app (Pointwelve/Bitpal-iOS
    /// `Bitpal-v2/Bitpal/Features/CoinDetail/ViewModels/CoinDetailViewModel.swift`,
    /// `filterAndLimitCandleData(_:forRange:)`): above the cap of 42, every `count / 42`-th candle
    /// from the oldest (``StrideDownsampler``), so 48 candles give step 1 and all 48 are drawn,
    /// and 83 give step 1 too: up to about twice the cap, the newest candle usually dropped.
    case stride
    /// The newest `cap` candles: a shorter window, every candle whole.
    case newest

    /// The indices of the candles drawn.
    ///
    /// - Parameters:
    ///   - count: Candles after filtering.
    ///   - cap: The chart's candle cap.
    /// - Returns: Increasing indices.
    public func indices(count: Int, cap: Int) -> [Int] {
        switch self {
        case .stride: StrideDownsampler.indices(count: count, maxPoints: cap)
        case .newest: Array(max(0, count - cap)..<count)
        }
    }
}

/// What sampling a candle chart lost: the extremes the drawn candles no longer show.
public struct CandleFidelity: Sendable, Equatable {
    /// Candles after filtering.
    public var inputCount: Int
    /// Candles drawn.
    public var outputCount: Int
    /// The cap.
    public var cap: Int
    /// The highest high of all candles minus the highest high drawn, over the full high-low range
    /// (0 when the highest candle is drawn, or nothing was there).
    public var highLost: Double
    /// The lowest low drawn minus the lowest low of all candles, over the same range.
    public var lowLost: Double
    /// Whether the newest candle (the current price) was drawn.
    public var keptNewest: Bool

    /// Whether more candles were drawn than the cap allows.
    public var isOverCap: Bool { outputCount > cap }
    /// The larger of the two losses.
    public var maxRelativeLoss: Double { max(highLost, lowLost) }

    /// Measures a sampling.
    ///
    /// - Parameters:
    ///   - candles: The candles before sampling.
    ///   - kept: The increasing indices drawn.
    ///   - cap: The cap.
    /// - Returns: The measures.
    /// - Complexity: O(n).
    public static func measure(candles: CandleSeries, kept: [Int], cap: Int) -> CandleFidelity {
        var fidelity = CandleFidelity(
            inputCount: candles.count, outputCount: kept.count, cap: cap, highLost: 0, lowLost: 0,
            keptNewest: candles.isEmpty || kept.last == candles.count - 1)
        guard let highest = candles.high.max(), let lowest = candles.low.min(), highest > lowest else {
            return fidelity
        }
        let drawnHigh = kept.map { candles.high[$0] }.max() ?? lowest
        let drawnLow = kept.map { candles.low[$0] }.min() ?? highest
        fidelity.highLost = (highest - drawnHigh) / (highest - lowest)
        fidelity.lowLost = (drawnLow - lowest) / (highest - lowest)
        return fidelity
    }
}
