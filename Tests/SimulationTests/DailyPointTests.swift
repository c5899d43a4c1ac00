import PriceModels
import Testing
import TrackerCore

@testable import Simulation

/// `/coins/{id}/market_chart` above 90 days (and `interval=daily`) takes its midnight points from
/// a memo of the market's first draw (`DailyPointMemo`). Each body must be byte for byte what the
/// same ticks give without it: the market replayed from its own paths, which has no memo and
/// computes every point from its window's ticks.
@Suite("Daily chart points from the memo equal the points of the path's own ticks")
struct DailyPointTests {
    static let day: Int64 = 86_400_000
    static let midnight: Int64 = 1_704_067_200_000

    static func coins(_ count: Int) -> [SyntheticCoin] {
        (0..<count).map { index in
            switch index % 3 {
            case 0:
                .testing("c\(index)", price: 10, .gbm(GeometricBrownianMotion(drift: 0.2, volatility: 0.9)))
            case 1:
                .testing(
                    "c\(index)", price: 3,
                    .garch(GARCH11(mean: 0, omega: 1e-6, alpha: 0.08, beta: 0.9, degreesOfFreedom: 5)))
            default:
                .testing(
                    "c\(index)", price: 50,
                    .merton(
                        MertonJumpDiffusion(
                            drift: 0.1, volatility: 0.6, jumpIntensity: 6, jumpMean: -0.05,
                            jumpVolatility: 0.08)))
            }
        }
    }

    /// Checks every coin's daily charts at `times` against the market replayed from its paths.
    static func check(
        coins: Int, start: Int64, days: Int64, step: Int64, times: [Int64], checked: [Int]? = nil
    ) throws {
        let coins = Self.coins(coins)
        let market = try SimulatedMarket(
            coins: coins, rootSeed: 11, start: start, end: start + days * Self.day, stepMilliseconds: step,
            correlation: .oneFactor(
                correlations: Dictionary(uniqueKeysWithValues: coins.map { ($0.id, 0.7) })))
        let indices = checked ?? Array(coins.indices)
        var paths: [String: TimeSeries] = [:]
        // A coin without a path would make the replayed market throw.
        for index in indices { paths[coins[index].id] = market.path(of: coins[index].id) }
        let replayed = try SimulatedMarket(coins: indices.map { coins[$0] }, paths: paths)
        // The memo is used: each kept coin has the points of the market's midnights.
        let lastMidnight = (start + days * Self.day) / Self.day * Self.day
        for index in indices where index < DailyPointMemo.coinsKept {
            #expect(market.dailyPoints?.point(ofCoin: index, at: lastMidnight) != nil, "coin \(index)")
        }
        for now in times {
            for index in indices {
                let id = coins[index].id
                for (days, daily) in [("365", false), ("max", false), ("91", false), ("30", true)] {
                    let memo = try market.marketChartBody(id: id, days: days, daily: daily, at: now)
                    let live = try replayed.marketChartBody(id: id, days: days, daily: daily, at: now)
                    // Compared first, so that a failure names the body, not its 30 kB.
                    let same = memo == live
                    #expect(same, "\(id) days=\(days) daily=\(daily) at \(now)")
                }
            }
        }
    }

    @Test("15-minute ticks from a start off midnight, on and off midnight, to the market's end")
    func quarterHours() throws {
        let start = Self.midnight + 3 * 3_600_000 + 7 * 60_000
        let end = start + 400 * Self.day
        try Self.check(
            coins: 3, start: start, days: 400, step: 900_000,
            times: [
                start, start + Self.day / 2, Self.midnight + 200 * Self.day,
                Self.midnight + 200 * Self.day + 1,
                start + 365 * Self.day + 12_345, end,
            ])
    }

    @Test("a step that does not divide a day: windows close between ticks")
    func unevenStep() throws {
        let start = Self.midnight + 5_000
        try Self.check(
            coins: 2, start: start, days: 120, step: 7 * 60_000 + 13_000,
            times: [Self.midnight + 100 * Self.day, start + 119 * Self.day + 77])
    }

    @Test("a step of two days: some windows are one tick long, two midnights share a tick")
    func longStep() throws {
        let start = Self.midnight + 3_600_000
        try Self.check(
            coins: 2, start: start, days: 300, step: 2 * Self.day,
            times: [Self.midnight + 150 * Self.day, start + 299 * Self.day])
    }

    @Test("coins past the memo's first 128 are answered from their ticks")
    func coinsNotKept() throws {
        let start = Self.midnight
        try Self.check(
            coins: 130, start: start, days: 40, step: 3_600_000, times: [start + 39 * Self.day + 1],
            checked: [0, 127, 128, 129])
    }
}
