/// What the coin screen does to a fetched chart before drawing it: cut it to its range, thin it
/// to the range's cap and, for candles, apply the candle policy.
///
/// The app (Pointwelve/Bitpal-iOS
/// `Bitpal-v2/Bitpal/Features/CoinDetail/ViewModels/CoinDetailViewModel.swift`,
/// `filterAndLimitLineData(_:forRange:)` and `filterAndLimitCandleData(_:forRange:)`): filter
/// against the wall clock, then the stride rule with the range's cap (candles: 42), then, for
/// candles, `ensureContinuity()`. Every step is a selectable policy.
public struct ChartPreparation: Sendable, Equatable {
    /// A line chart ready to draw.
    public struct Line: Sendable, Equatable {
        /// The points inside the range.
        public var kept: TimeSeries
        /// The indices into ``kept`` that are drawn.
        public var indices: [Int]
        /// The drawn points.
        public var drawn: TimeSeries
        /// The range's cap.
        public var cap: Int
        /// How faithfully ``drawn`` draws ``kept``.
        public var fidelity: DownsamplingFidelity
    }

    /// A candle chart ready to draw.
    public struct Candles: Sendable, Equatable {
        /// The candles inside the range, as sent.
        public var kept: CandleSeries
        /// The drawn candles, after sampling and the candle policy.
        public var drawn: CandleSeries
        /// The cap.
        public var cap: Int
        /// What the sampling lost.
        public var fidelity: CandleFidelity
    }

    /// Ranges, their caps.
    public var profile: ChartRangeProfile
    /// How a chart is cut to its range.
    public var filter: RangeFilter
    /// How a line is thinned.
    public var downsampler: DownsamplingAlgorithm
    /// How candles are thinned.
    public var candleSampling: CandleSampling
    /// What is done to candles before drawing.
    public var candlePolicy: CandlePolicy

    /// Creates a preparation.
    ///
    /// - Parameters:
    ///   - profile: Ranges and caps.
    ///   - filter: The range filter.
    ///   - downsampler: The line downsampler.
    ///   - candleSampling: The candle sampling.
    ///   - candlePolicy: The candle policy.
    public init(
        profile: ChartRangeProfile, filter: RangeFilter, downsampler: DownsamplingAlgorithm,
        candleSampling: CandleSampling, candlePolicy: CandlePolicy
    ) {
        self.profile = profile
        self.filter = filter
        self.downsampler = downsampler
        self.candleSampling = candleSampling
        self.candlePolicy = candlePolicy
    }

    /// Prepares a line chart.
    ///
    /// - Parameters:
    ///   - series: The fetched prices.
    ///   - range: The range shown.
    ///   - now: The time (for the wall-clock filter).
    ///   - measure: Runs the downsampling; a shell may time it (the default just runs it).
    /// - Returns: The prepared chart.
    public func line(
        _ series: TimeSeries, range: ChartTimeRange, at now: Int64,
        measure: (() -> Void) -> Void = { $0() }
    ) -> Line {
        var kept = filter.apply(to: series, range: range, now: now)
        // The stride rule works on rows as sent, as the app's does; the binned downsamplers need
        // time order, so rows kept as sent are sorted for them (``SeriesRepairs``).
        if downsampler != .stride, !kept.timestamps.isNonDecreasing {
            var (timestamps, columns) = (kept.timestamps, [kept.values])
            _ = SeriesRepairs.apply(timestamps: &timestamps, columns: &columns)
            kept = TimeSeries(timestamps: timestamps, values: columns[0])
        }
        let cap = profile.maxPoints(for: range, type: .line) ?? max(kept.count, 1)
        let budget = downsampler.largestValidOutput(atMost: cap)
        var selected: [Int]?
        measure { selected = try? downsampler.indices(x: kept.timestamps, y: kept.values, nOut: budget) }
        let indices = selected ?? Array(kept.timestamps.indices)
        return Line(
            kept: kept, indices: indices, drawn: kept.selecting(indices), cap: cap,
            fidelity: DownsamplingFidelity.measure(series: kept, kept: indices, cap: cap))
    }

    /// Prepares a candle chart: filter, sample to the cap, then the candle policy.
    ///
    /// - Parameters:
    ///   - candles: The fetched candles.
    ///   - range: The range shown.
    ///   - now: The time (for the wall-clock filter).
    /// - Returns: The prepared chart.
    public func candles(_ candles: CandleSeries, range: ChartTimeRange, at now: Int64) -> Candles {
        let kept = filter.apply(to: candles, range: range, now: now)
        let cap = profile.maxPoints(for: range, type: .candle) ?? max(kept.count, 1)
        let indices = candleSampling.indices(count: kept.count, cap: max(cap, 1))
        return Candles(
            kept: kept, drawn: candlePolicy.apply(to: kept.selecting(indices)), cap: cap,
            fidelity: CandleFidelity.measure(candles: kept, kept: indices, cap: cap))
    }
}

extension DownsamplingAlgorithm {
    /// The largest output size at most `cap` that the algorithm accepts (MinMax needs an even
    /// size, M4 a multiple of 4, LTTB at least 3).
    ///
    /// - Parameter cap: The cap.
    /// - Returns: The size, at least 1.
    public func largestValidOutput(atMost cap: Int) -> Int {
        var size = cap
        while size > 1, (try? validate(nOut: size)) == nil { size -= 1 }
        return max(size, 1)
    }
}
