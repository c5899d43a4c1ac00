import Foundation
import TrackerCore
import WorkbenchFoundation

/// Tick paths for every coin of a synthetic market, at one base resolution.
///
/// Each coin draws from its own stream, `coin/<id>` under the run's root seed, so a coin's path
/// depends only on the root seed, its own parameters and the grid: adding or removing a coin
/// leaves every other path byte for byte the same.
public enum MarketPaths {
    /// The steps taken at a time: a bound on the working memory besides the paths themselves.
    static let stretchLength = 4096

    /// Generates the paths, all at once (``CheckpointedPaths`` keeps them as checkpoints instead).
    ///
    /// - Parameters:
    ///   - coins: The coins; ids must be unique.
    ///   - rootSeed: The run's root seed.
    ///   - start: The first tick, epoch ms.
    ///   - stepMilliseconds: The base resolution, > 0.
    ///   - steps: Steps after the first tick.
    ///   - generator: The GSL generator.
    ///   - correlation: How the coins move together (``MarketCorrelation``).
    /// - Returns: Each coin's series of `steps + 1` ticks, by id.
    /// - Throws: ``PriceModelError`` for an invalid coin, step or a repeated id.
    public static func generate(
        coins: [SyntheticCoin], rootSeed: UInt64, start: Int64, stepMilliseconds: Int64, steps: Int,
        generator: GeneratorKind = .taus2, correlation: MarketCorrelation = .independent
    ) throws(PriceModelError) -> [String: TimeSeries] {
        try checkGrid(start: start, stepMilliseconds: stepMilliseconds, steps: steps)
        var walk = try MarketWalk(
            coins: coins, rootSeed: rootSeed, stepYears: Double(stepMilliseconds) / millisecondsPerYear,
            generator: generator, correlation: correlation)
        var prices = coins.map { coin in
            var path = [coin.startPrice]
            path.reserveCapacity(steps + 1)
            return path
        }
        var taken = 0
        while taken < steps {
            let stretch = walk.advance(by: min(stretchLength, steps - taken))
            for index in prices.indices { prices[index].append(contentsOf: stretch[index]) }
            taken += stretch.first?.count ?? steps
        }
        let timestamps = (0...steps).map { start + Int64($0) * stepMilliseconds }
        var paths: [String: TimeSeries] = [:]
        for (coin, path) in zip(coins, prices) {
            if let step = path.firstIndex(where: { !$0.isFinite || $0 <= 0 }) {
                throw .invalidPath(
                    coinId: coin.id, detail: Self.leftThePositiveNumbers(path[step], step: step))
            }
            paths[coin.id] = TimeSeries(timestamps: timestamps, values: path)
        }
        return paths
    }

    /// Checks a grid: a positive step, and `steps` (>= 0) of them from `start` ending by 9999-12-31.
    ///
    /// - Parameters:
    ///   - start: The first tick, epoch ms.
    ///   - stepMilliseconds: The step.
    ///   - steps: Steps after the first tick.
    static func checkGrid(start: Int64, stepMilliseconds: Int64, steps: Int) throws(PriceModelError) {
        let check = ParameterCheck(model: "market")
        guard stepMilliseconds > 0 else { throw check.fail("step_ms", Double(stepMilliseconds), "positive") }
        guard steps >= 0 else { throw check.fail("steps", Double(steps), "0 or more") }
        // The start first, so a start before 1970 is named as such, not as too many steps.
        guard (TimeLimits.earliest...TimeLimits.latest).contains(start) else {
            throw check.fail("start_ms", Double(start), "a time from 1970-01-01 to 9999-12-31 (epoch ms)")
        }
        guard TimeLimits.time(after: start, steps: steps, of: stepMilliseconds) != nil else {
            throw check.fail(
                "steps", Double(steps),
                "few enough that the last tick (start + steps x step) is by 9999-12-31"
            )
        }
    }

    /// Why a path is refused: a price that left the finite positive numbers (a huge start,
    /// extreme parameters) would reach the API as null.
    ///
    /// - Parameters:
    ///   - price: The price.
    ///   - step: Its step.
    static func leftThePositiveNumbers(_ price: Double, step: Int) -> String {
        "the price is \(price) at step \(step); use a smaller price or gentler parameters"
    }
}
