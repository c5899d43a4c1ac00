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
    /// - Returns: Each coin's series of `steps + 1` ticks, by id.
    /// - Throws: ``PriceModelError`` for an invalid coin, step or a repeated id.
    public static func generate(
        coins: [SyntheticCoin], rootSeed: UInt64, start: Int64, stepMilliseconds: Int64, steps: Int,
        generator: GeneratorKind = .taus2
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
        var paths: [String: TimeSeries] = [:]
        let timestamps = (0...steps).map { start + Int64($0) * stepMilliseconds }
        let stepYears = Double(stepMilliseconds) / millisecondsPerYear
        for coin in coins {
            try coin.validate()
            guard paths[coin.id] == nil else { throw .duplicateCoin(coin.id) }
            let stream = RandomStream(
                seed: StreamSeed(root: rootSeed, stream: "coin/\(coin.id)"), kind: generator)
            let prices = coin.model.process.path(
                from: coin.startPrice, steps: steps, stepYears: stepYears, stream: stream)
            // A price that left the finite positive numbers (a huge start, extreme parameters)
            // would reach the API as null: refuse it, naming the step.
            if let step = prices.firstIndex(where: { !$0.isFinite || $0 <= 0 }) {
                throw .invalidPath(
                    coinId: coin.id,
                    detail:
                        "the price is \(prices[step]) at step \(step); use a smaller price or gentler parameters"
                )
            }
            paths[coin.id] = TimeSeries(timestamps: timestamps, values: prices)
        }
        return paths
    }
}
