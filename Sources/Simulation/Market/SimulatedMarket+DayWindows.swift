import PriceModels
import TrackerCore

extension SimulatedMarket {
    /// The 24 h windows over several tick ranges of one coin's series, each the bits
    /// ``dayWindow(supply:prices:lastTick:)`` gives it: a chart's points (288 five-minute points
    /// of a day, 720 hourly points of a month) each read the day of ticks before them.
    ///
    /// What makes it faster is the order of work, not the arithmetic: each tick's share of the
    /// turnover (a division) is computed once for every window that holds it; four windows of
    /// one length are summed side by side, each in its own tick order, so the four addition
    /// chains overlap instead of waiting on one another (every sum is still its opening turnover
    /// plus its ticks' shares in order: the same roundings); and the highs and lows of windows
    /// that move forward come from one pass (a maximum is a maximum, in any order).
    ///
    /// - Parameters:
    ///   - coin: The coin.
    ///   - series: Its ticks.
    ///   - ticks: Each window's first and last tick, `first <= last`.
    /// - Returns: One window for each element of `ticks`, in order.
    func dayWindows(of coin: SyntheticCoin, in series: CoinTicks, ticks: [(first: Int, last: Int)])
        -> [DayWindow]
    {
        guard let lower = ticks.lazy.map(\.first).min(), let upper = ticks.lazy.map(\.last).max() else {
            return []
        }
        let supply = coin.circulatingSupply
        return series.withPrices(lower...upper) { prices in
            let ranges = ticks.map { ($0.first - lower)...($0.last - lower) }
            let sums = Self.turnovers(prices: prices, windows: ranges)
            let extremes = Self.extremes(prices: prices, windows: ranges)
            return ranges.indices.map { index in
                let last = ranges[index].upperBound
                return DayWindow(
                    price: prices[last], open: prices[ranges[index].lowerBound], high: extremes[index].high,
                    low: extremes[index].low,
                    volume: Self.volume(price: prices[last], supply: supply, turnover: sums[index]),
                    lastTick: series.timestamp(ticks[index].last))
            }
        }
    }

    /// Each window's day turnover: the opening turnover plus the shares of its ticks after the
    /// first, added in tick order; four windows of one length at a time.
    static func turnovers(prices: UnsafeBufferPointer<Double>, windows: [ClosedRange<Int>])
        -> [Double]
    {
        // shares[i]: what tick i adds to a day's turnover after the tick before it.
        var shares = [Double](repeating: 0, count: prices.count)
        for index in prices.indices.dropFirst() {
            shares[index] = turnover(from: prices[index - 1], to: prices[index])
        }
        return shares.withUnsafeBufferPointer { shares in
            var sums = [Double](repeating: openingTurnover, count: windows.count)
            var next = 0
            while next < windows.count {
                let length = windows[next].count
                if next + 4 <= windows.count, windows[next + 1].count == length,
                    windows[next + 2].count == length, windows[next + 3].count == length
                {
                    let (a, b, c, d) = (
                        windows[next].lowerBound, windows[next + 1].lowerBound, windows[next + 2].lowerBound,
                        windows[next + 3].lowerBound
                    )
                    var (sumA, sumB, sumC, sumD) = (
                        sums[next], sums[next + 1], sums[next + 2], sums[next + 3]
                    )
                    for offset in 1..<length {
                        sumA += shares[a &+ offset]
                        sumB += shares[b &+ offset]
                        sumC += shares[c &+ offset]
                        sumD += shares[d &+ offset]
                    }
                    (sums[next], sums[next + 1], sums[next + 2], sums[next + 3]) = (sumA, sumB, sumC, sumD)
                    next += 4
                } else {
                    var sum = sums[next]
                    for index in windows[next].dropFirst() { sum += shares[index] }
                    sums[next] = sum
                    next += 1
                }
            }
            return sums
        }
    }

    /// Each window's highest and lowest price. Windows whose ends never move back (a chart's
    /// points, in time order) are read in one pass, keeping the candidates for the maximum and
    /// the minimum in two queues; others are scanned.
    static func extremes(prices: UnsafeBufferPointer<Double>, windows: [ClosedRange<Int>])
        -> [(high: Double, low: Double)]
    {
        let forward = zip(windows, windows.dropFirst()).allSatisfy {
            $0.lowerBound <= $1.lowerBound && $0.upperBound <= $1.upperBound
        }
        guard forward else {
            return windows.map { window in
                var (high, low) = (prices[window.lowerBound], prices[window.lowerBound])
                for index in window {
                    high = prices[index] > high ? prices[index] : high
                    low = prices[index] < low ? prices[index] : low
                }
                return (high, low)
            }
        }
        // Tick indices whose prices decrease (highs) or increase (lows) from the front: each
        // index enters each queue once, so a queue never holds more than the prices.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * prices.count) { queues in
            let (highs, lows) = (queues.baseAddress!, queues.baseAddress! + prices.count)
            var (highFront, highEnd, lowFront, lowEnd, added) = (0, 0, 0, 0, 0)
            return windows.map { window in
                while added <= window.upperBound {
                    let price = prices[added]
                    while highEnd > highFront, prices[highs[highEnd - 1]] <= price { highEnd -= 1 }
                    highs[highEnd] = added
                    highEnd += 1
                    while lowEnd > lowFront, prices[lows[lowEnd - 1]] >= price { lowEnd -= 1 }
                    lows[lowEnd] = added
                    lowEnd += 1
                    added += 1
                }
                while highs[highFront] < window.lowerBound { highFront += 1 }
                while lows[lowFront] < window.lowerBound { lowFront += 1 }
                return (prices[highs[highFront]], prices[lows[lowFront]])
            }
        }
    }
}
