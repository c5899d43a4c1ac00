/// Each coin's daily chart points, taken from a synthetic market's first draw: the price and the
/// 24 h turnover at every 00:00 UTC, which `/coins/{id}/market_chart` above 90 days plots. A
/// year-long line then reads no ticks but today's, where it drew a year of blocks again from
/// their checkpoints. A point is the arithmetic ``SimulatedMarket/dayWindow(supply:prices:lastTick:)``
/// does over the same ticks in the same order, so the memo changes no byte of a body.
///
/// Only the first ``coinsKept`` coins are kept, as ``LongCandleMemo`` does: a point is 16 bytes,
/// 1.2 MB for 100 coins over two years.
struct DailyPointMemo: Sendable {
    /// A day, ms.
    static let day: Int64 = 86_400_000
    /// Coins whose points are kept, from the first.
    static let coinsKept = 128

    /// A day's close: the price at the last tick at or before midnight, and the turnover of the
    /// 24 hours before it (``SimulatedMarket/turnover(from:)``).
    struct Point {
        let price: Double
        let turnover: Double
    }

    /// The first midnight at or after the market's first tick.
    private let firstMidnight: Int64
    /// Each kept coin's points, one a midnight from ``firstMidnight``.
    private let points: [[Point]]

    /// A memo of what a seed gathered.
    init(seed: Seed) {
        firstMidnight = seed.firstMidnight
        points = seed.coins.map(\.points)
    }

    /// Coin `coin`'s point at `midnight`; nil for a coin or a midnight not kept.
    ///
    /// - Parameters:
    ///   - coin: The coin's index in the market.
    ///   - midnight: A multiple of ``day``, epoch ms.
    func point(ofCoin coin: Int, at midnight: Int64) -> Point? {
        guard coin < points.count, midnight >= firstMidnight, midnight % Self.day == 0 else { return nil }
        let index = Int((midnight - firstMidnight) / Self.day)
        return index < points[coin].count ? points[coin][index] : nil
    }

    /// The points of a market's coins, gathered while ``CheckpointedPaths`` first draws them (its
    /// `observe`): each coin's ticks in order, block after block.
    ///
    /// A midnight `M`'s window runs from the tick at `max(M - 24 h, start)` to the tick at `M`
    /// (``SimulatedMarket/dayWindowTicks(at:in:)``), so each window opens on the tick where the
    /// one before closed: one pass with one running sum a coin.
    struct Seed {
        let start: Int64
        let stepMilliseconds: Int64
        let firstMidnight: Int64
        fileprivate private(set) var coins: [Coin]

        fileprivate struct Coin {
            var points: [Point] = []
            var turnover = SimulatedMarket.openingTurnover
            var previous = 0.0
        }

        /// A seed for `coins` coins of `ticks` ticks on a grid from `start`, every
        /// `stepMilliseconds`.
        init(coins: Int, ticks: Int, start: Int64, stepMilliseconds: Int64) {
            self.start = start
            self.stepMilliseconds = stepMilliseconds
            firstMidnight = (start + Self.day - 1) / Self.day * Self.day
            // Each reserved to its size: grown by appending, they would hold up to twice that.
            let end = start + Int64(ticks - 1) * stepMilliseconds
            let midnights = end < firstMidnight ? 0 : Int((end - firstMidnight) / Self.day) + 1
            self.coins = (0..<min(coins, DailyPointMemo.coinsKept)).map { _ in
                var coin = Coin()
                coin.points.reserveCapacity(midnights)
                return coin
            }
        }

        private static var day: Int64 { DailyPointMemo.day }

        /// The tick that closes the window of midnight number `index`.
        private func closingTick(_ index: Int) -> Int {
            Int((firstMidnight + Int64(index) * Self.day - start) / stepMilliseconds)
        }

        /// Adds a block of a coin's ticks, which follow the ones added before.
        mutating func add(coin: Int, firstTick: Int, prices: [Double]) {
            guard coin < coins.count else { return }
            // Taken out while it grows: a copy left in the list would copy its points each block.
            var kept = Coin()
            swap(&kept, &coins[coin])
            defer { swap(&kept, &coins[coin]) }
            var closing = closingTick(kept.points.count)
            for (offset, price) in prices.enumerated() {
                let tick = firstTick + offset
                if tick > 0 { kept.turnover += SimulatedMarket.turnover(from: kept.previous, to: price) }
                kept.previous = price
                // A window one tick long (a step of a day or more) closes as it opens.
                while closing == tick {
                    kept.points.append(Point(price: price, turnover: kept.turnover))
                    kept.turnover = SimulatedMarket.openingTurnover
                    closing = closingTick(kept.points.count)
                }
            }
        }
    }
}
