import TrackerCore

extension Candle {
    /// A candle of `size` ms opened by one tick at `time`: it closes at the end of the
    /// epoch-aligned span holding `time`.
    init(openedBy price: Double, at time: Int64, size: Int64) {
        self.init(closeTime: (time / size + 1) * size, open: price, high: price, low: price, close: price)
    }

    /// Adds a later tick of the same span.
    mutating func add(_ price: Double) {
        (high, low, close) = (max(high, price), min(low, price), price)
    }
}

/// Candles of one size built tick by tick, the ticks in time order: the finished ones, and the one
/// still open with its first tick.
struct CandleBuilder {
    /// The candle size, ms.
    let size: Int64
    var candles: [Candle] = []
    var open: Candle?
    var openTick = 0

    /// Adds tick `tick`, at `time`: to the open candle if it falls in its span, otherwise
    /// finishing that one and opening the next.
    mutating func add(_ price: Double, at time: Int64, tick: Int) {
        if let current = open, time < current.closeTime {
            open?.add(price)
            return
        }
        if let done = open { candles.append(done) }
        (open, openTick) = (Candle(openedBy: price, at: time, size: size), tick)
    }

    /// Adds a coin's ticks from `firstTick` on, `prices[i]` being tick `firstTick + i`: on a grid
    /// (a synthetic market) a candle's ticks are found by counting and taken at once, otherwise
    /// one by one at their times.
    mutating func add(_ prices: UnsafeBufferPointer<Double>, firstTick: Int, of ticks: CoinTicks) {
        guard let step = ticks.gridStep else {
            for (offset, price) in prices.enumerated() {
                add(price, at: ticks.timestamp(firstTick + offset), tick: firstTick + offset)
            }
            return
        }
        add(prices, firstTick: firstTick, firstTime: ticks.timestamp(firstTick), step: step)
    }

    /// Adds ticks on a regular grid, `prices[i]` being tick `firstTick + i` at
    /// `firstTime + i * step`: what ``add(_:at:tick:)`` for each does, a candle's ticks at once.
    mutating func add(_ prices: UnsafeBufferPointer<Double>, firstTick: Int, firstTime: Int64, step: Int64) {
        var index = 0
        while index < prices.count {
            let time = firstTime + Int64(index) * step
            guard var current = open, time < current.closeTime else {
                add(prices[index], at: time, tick: firstTick + index)
                index += 1
                continue
            }
            // The ticks before the candle's close: the first `ceil((close - time) / step)`.
            let end = min(prices.count, index + Int((current.closeTime - time + step - 1) / step))
            var (high, low) = (current.high, current.low)
            for price in prices[index..<end] { (high, low) = (max(high, price), min(low, price)) }
            (current.high, current.low, current.close) = (high, low, prices[end - 1])
            open = current
            index = end
        }
    }
}
