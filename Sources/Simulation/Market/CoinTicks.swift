import PriceModels
import TrackerCore

/// One coin's ticks as ``SimulatedMarket`` reads them: a series held in memory (given paths), or
/// a coin of ``CheckpointedPaths`` (a synthetic market, drawn again block by block when read).
struct CoinTicks: Sendable {
    private enum Source {
        case held(TimeSeries)
        case drawn(CheckpointedPaths, coin: Int)
    }

    private let source: Source
    /// How many ticks.
    let count: Int

    /// A series held in memory.
    init(_ series: TimeSeries) {
        source = .held(series)
        count = series.count
    }

    /// Coin `coin` of checkpointed paths.
    init(_ paths: CheckpointedPaths, coin: Int) {
        source = .drawn(paths, coin: coin)
        count = paths.count
    }

    /// The step between ticks, ms, when they lie on a grid (a synthetic market); nil otherwise.
    var gridStep: Int64? {
        switch source {
        case .held: nil
        case .drawn(let paths, _): paths.stepMilliseconds
        }
    }

    /// The time of tick `index`, epoch ms.
    func timestamp(_ index: Int) -> Int64 {
        switch source {
        case .held(let series): series.timestamps[index]
        case .drawn(let paths, _): paths.start + Int64(index) * paths.stepMilliseconds
        }
    }

    /// The prices of the ticks `range`, indexed from 0.
    ///
    /// - Parameters:
    ///   - range: Tick indices.
    ///   - body: Reads them.
    func withPrices<Result>(_ range: ClosedRange<Int>, _ body: (UnsafeBufferPointer<Double>) -> Result)
        -> Result
    {
        switch source {
        case .held(let series): series.values[range].withUnsafeBufferPointer(body)
        case .drawn(let paths, let coin):
            paths.prices(ofCoin: coin, in: range.lowerBound..<range.upperBound + 1).withUnsafeBufferPointer(
                body)
        }
    }

    /// The price of tick `index`.
    func price(_ index: Int) -> Double {
        withPrices(index...index) { $0[0] }
    }

    /// The price of tick `index` far from the ticks read lately (a change over months): drawn
    /// without displacing the blocks kept for the reads that follow (``CheckpointedPaths/price(ofCoin:at:)``).
    func farPrice(_ index: Int) -> Double {
        switch source {
        case .held(let series): series.values[index]
        case .drawn(let paths, let coin): paths.price(ofCoin: coin, at: index)
        }
    }

    /// Every tick, as a series.
    var series: TimeSeries {
        switch source {
        case .held(let series): series
        case .drawn(let paths, let coin): paths.series(ofCoin: coin)
        }
    }
}
