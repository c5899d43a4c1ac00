import Foundation
import TrackerCore

/// Tick paths for every coin of a synthetic market, at one base resolution.
///
/// Each coin draws from its own stream, `coin/<id>` under the run's root seed, so a coin's path
/// depends only on the root seed, its own parameters and the grid: adding or removing a coin
/// leaves every other path byte for byte the same.
public enum MarketPaths {
    /// Generates the paths.
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
        let check = ParameterCheck(model: "market")
        guard stepMilliseconds > 0 else { throw check.fail("step_ms", Double(stepMilliseconds), "positive") }
        guard steps >= 0 else { throw check.fail("steps", Double(steps), "0 or more") }
        guard TimeLimits.time(after: start, steps: steps, of: stepMilliseconds) != nil else {
            throw check.fail(
                "steps", Double(steps),
                "few enough that the last tick (start + steps x step) is by 9999-12-31, from a start after 1970"
            )
        }
        let stepYears = Double(stepMilliseconds) / millisecondsPerYear
        var prices: [String: [Double]] = [:]
        for coin in coins {
            try coin.validate()
            guard prices[coin.id] == nil else { throw .duplicateCoin(coin.id) }
            let stream = RandomStream(
                seed: StreamSeed(root: rootSeed, stream: "coin/\(coin.id)"), kind: generator)
            prices[coin.id] = coin.model.process.path(
                from: coin.startPrice, steps: steps, stepYears: stepYears, stream: stream)
        }
        try correlate(&prices, coins: coins, correlation: correlation, stepYears: stepYears) { count in
            let stream = RandomStream(
                seed: StreamSeed(root: rootSeed, stream: "market/factor"), kind: generator)
            var draws = [Double](repeating: 0, count: count)
            draws.withUnsafeMutableBufferPointer { stream.fillGaussians($0) }
            return draws
        }
        let timestamps = (0...steps).map { start + Int64($0) * stepMilliseconds }
        var paths: [String: TimeSeries] = [:]
        for coin in coins {
            let path = prices[coin.id] ?? []
            // A price that left the finite positive numbers (a huge start, extreme parameters)
            // would reach the API as null: refuse it, naming the step.
            if let step = path.firstIndex(where: { !$0.isFinite || $0 <= 0 }) {
                throw .invalidPath(
                    coinId: coin.id,
                    detail:
                        "the price is \(path[step]) at step \(step); use a smaller price or gentler parameters"
                )
            }
            paths[coin.id] = TimeSeries(timestamps: timestamps, values: path)
        }
        return paths
    }

    /// Replaces the correlated coins' log returns by ``MarketCorrelation``'s mix of their
    /// standardised innovations.
    private static func correlate(
        _ prices: inout [String: [Double]], coins: [SyntheticCoin], correlation: MarketCorrelation,
        stepYears: Double, factor: (Int) -> [Double]
    ) throws(PriceModelError) {
        try correlation.check(against: coins)
        let byId = Dictionary(coins.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var moments: [String: LogReturnMoments] = [:]
        var innovations: [String: [Double]] = [:]
        for id in correlation.correlatedCoinIds {
            guard let path = prices[id],
                let coinMoments = byId[id]?.model.process.logReturnMoments(stepYears: stepYears)
            else { continue }
            moments[id] = coinMoments
            innovations[id] = (1..<max(path.count, 1)).map { step in
                (log(path[step]) - log(path[step - 1]) - coinMoments.mean) / coinMoments.standardDeviation
            }
        }
        correlation.mix(&innovations, factor: factor)
        for (id, mixed) in innovations.sorted(by: { $0.key < $1.key }) {
            guard let coinMoments = moments[id], let start = prices[id]?.first else { continue }
            var logPrice = log(start)
            var path = [start]
            path.reserveCapacity(mixed.count + 1)
            for shock in mixed {
                logPrice += coinMoments.mean + coinMoments.standardDeviation * shock
                path.append(exp(logPrice))
            }
            prices[id] = path
        }
    }
}
