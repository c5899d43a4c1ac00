import PriceModels
import TrackerCore

extension SimulatedMarket {
    /// The 24 h windows over several tick ranges of one coin's series, each the bits
    /// ``dayWindow(supply:prices:lastTick:)`` gives it: a chart's points (288 five-minute points
    /// of a day, 720 hourly points of a month) each read the day of ticks before them.
    ///
    /// What makes it faster is in the order of work, not the arithmetic: each tick's share of the
    /// turnover (a division) is computed once for every window that holds it, and four windows
    /// of one length are summed side by side, each in its own tick order, so the four addition
    /// chains overlap instead of waiting on one another. Every window's sum is still its first
    /// tick's opening turnover plus its ticks' shares in order: the same roundings.
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
            // shares[i]: what tick `lower + i` adds to a day's turnover after the tick before it.
            var shares = [Double](repeating: 0, count: prices.count)
            for index in prices.indices.dropFirst() {
                shares[index] = Self.turnover(from: prices[index - 1], to: prices[index])
            }
            return shares.withUnsafeBufferPointer { shares in
                var windows: [DayWindow] = []
                windows.reserveCapacity(ticks.count)
                let window = { (first: Int, last: Int, high: Double, low: Double, turnover: Double) in
                    DayWindow(
                        price: prices[last - lower], open: prices[first - lower], high: high, low: low,
                        volume: Self.volume(price: prices[last - lower], supply: supply, turnover: turnover),
                        lastTick: series.timestamp(last))
                }
                var next = 0
                while next < ticks.count {
                    let first = ticks[next].first - lower
                    let length = ticks[next].last - ticks[next].first
                    if next + 4 <= ticks.count,
                        ticks[next + 1].last - ticks[next + 1].first == length,
                        ticks[next + 2].last - ticks[next + 2].first == length,
                        ticks[next + 3].last - ticks[next + 3].first == length
                    {
                        let (a, b, c, d) = (
                            first, ticks[next + 1].first - lower, ticks[next + 2].first - lower,
                            ticks[next + 3].first - lower
                        )
                        var (highA, highB, highC, highD) = (prices[a], prices[b], prices[c], prices[d])
                        var (lowA, lowB, lowC, lowD) = (highA, highB, highC, highD)
                        var (sumA, sumB, sumC, sumD) = (
                            Self.openingTurnover, Self.openingTurnover, Self.openingTurnover, Self.openingTurnover
                        )
                        var offset = 1
                        while offset <= length {
                            sumA += shares[a + offset]
                            sumB += shares[b + offset]
                            sumC += shares[c + offset]
                            sumD += shares[d + offset]
                            highA = max(highA, prices[a + offset])
                            highB = max(highB, prices[b + offset])
                            highC = max(highC, prices[c + offset])
                            highD = max(highD, prices[d + offset])
                            lowA = min(lowA, prices[a + offset])
                            lowB = min(lowB, prices[b + offset])
                            lowC = min(lowC, prices[c + offset])
                            lowD = min(lowD, prices[d + offset])
                            offset += 1
                        }
                        windows.append(window(ticks[next].first, ticks[next].last, highA, lowA, sumA))
                        windows.append(window(ticks[next + 1].first, ticks[next + 1].last, highB, lowB, sumB))
                        windows.append(window(ticks[next + 2].first, ticks[next + 2].last, highC, lowC, sumC))
                        windows.append(window(ticks[next + 3].first, ticks[next + 3].last, highD, lowD, sumD))
                        next += 4
                    } else {
                        var (high, low, sum) = (prices[first], prices[first], Self.openingTurnover)
                        var offset = 1
                        while offset <= length {
                            sum += shares[first + offset]
                            high = max(high, prices[first + offset])
                            low = min(low, prices[first + offset])
                            offset += 1
                        }
                        windows.append(window(ticks[next].first, ticks[next].last, high, low, sum))
                        next += 1
                    }
                }
                return windows
            }
        }
    }
}
