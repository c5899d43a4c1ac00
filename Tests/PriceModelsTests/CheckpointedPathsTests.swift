import Foundation
import PriceModels
import Testing
import TrackerCore
import WorkbenchFoundation

/// Paths taken a stretch at a time (``PriceWalk``, ``MarketWalk``) and drawn again from
/// checkpoints (``CheckpointedPaths``) are bit for bit the paths taken at once.
@Suite("Checkpointed paths: walks in stretches and blocks drawn again equal the whole path")
struct CheckpointedPathsTests {
    static let fiveMinutes = 300_000 / millisecondsPerYear

    static func coin(_ id: String, _ model: PriceModel, price: Double = 100) -> SyntheticCoin {
        SyntheticCoin(id: id, symbol: id, name: id, circulatingSupply: 1e9, startPrice: price, model: model)
    }

    /// One coin of every model, with jumps and regime switches frequent enough to happen often.
    static let coins = [
        coin("a-gbm", .gbm(GeometricBrownianMotion(drift: 0.3, volatility: 0.8))),
        coin(
            "b-merton",
            .merton(
                MertonJumpDiffusion(
                    drift: 0.1, volatility: 0.5, jumpIntensity: 3_000, jumpMean: -0.01, jumpVolatility: 0.02)),
            price: 50),
        coin(
            "c-garch",
            .garch(GARCH11(mean: 0.0001, omega: 1e-6, alpha: 0.08, beta: 0.9, degreesOfFreedom: 5)),
            price: 5),
        coin(
            "d-regime",
            .regime(
                RegimeSwitching(
                    calm: GeometricBrownianMotion(drift: 0.1, volatility: 0.3),
                    turbulent: GeometricBrownianMotion(drift: -0.2, volatility: 1.5), leaveCalm: 0.01,
                    leaveTurbulent: 0.05)), price: 7),
        coin("e-ou", .ou(OrnsteinUhlenbeck(peg: 1, reversionSpeed: 50, volatility: 0.05)), price: 1),
    ]

    static func correlations() throws -> [MarketCorrelation] {
        let matrix = try CorrelationMatrix(
            rows: [[1, 0.6, 0.3], [0.6, 1, 0.5], [0.3, 0.5, 1]], size: (3, "coins"), name: "m")
        return [
            .independent,
            .oneFactor(correlations: ["a-gbm": 0.7, "b-merton": 0.5, "c-garch": 0.3, "d-regime": 0.9]),
            .matrix(coinIds: ["a-gbm", "b-merton", "d-regime"], matrix),
        ]
    }

    static func bits(_ values: some Sequence<Double>) -> [UInt64] { values.map(\.bitPattern) }

    @Test("a grid that starts before 1970 is refused as a start, not as too many steps")
    func startBefore1970() {
        let coin = Self.coin("a", .gbm(GeometricBrownianMotion(drift: 0, volatility: 0.5)))
        let error = #expect(throws: PriceModelError.self) {
            _ = try MarketPaths.generate(
                coins: [coin], rootSeed: 1, start: -1, stepMilliseconds: 1_000, steps: 10)
        }
        #expect(error?.description.contains("start_ms") == true, "\(String(describing: error))")
    }

    @Test(
        "every model's walk, taken in stretches of 0-60 steps, gives the path taken at once", arguments: coins
    )
    func stretchesEqualTheWholePath(coin: SyntheticCoin) {
        var lengths = SplitMix64(seed: 3)
        for seed in UInt64(1)...5 {
            let process = coin.model.process
            let whole = process.path(
                from: coin.startPrice, steps: 3_000, stepYears: Self.fiveMinutes,
                stream: RandomStream(seed: StreamSeed(root: seed, stream: "coin/x")))
            let stream = RandomStream(seed: StreamSeed(root: seed, stream: "coin/x"))
            var walk = process.walk(from: coin.startPrice, stepYears: Self.fiveMinutes)
            var taken = [coin.startPrice]
            while taken.count < whole.count {
                let length = min(Int.random(in: 0...60, using: &lengths), whole.count - taken.count)
                var stretch = [Double](repeating: 0, count: length)
                stretch.withUnsafeMutableBufferPointer { walk.advance(into: $0, stream: stream) }
                taken += stretch
            }
            #expect(Self.bits(taken) == Self.bits(whole), "\(coin.id), seed \(seed)")
        }
    }

    @Test("a copied market walk continues as the original would, and drawing from one leaves the other alone")
    func copiesAreIndependent() throws {
        for correlation in try Self.correlations() {
            var original = try MarketWalk(
                coins: Self.coins, rootSeed: 5, stepYears: Self.fiveMinutes, generator: .taus2,
                correlation: correlation)
            _ = original.advance(by: 700)
            var copy = original.copy()
            let fromCopy = copy.advance(by: 500)
            _ = copy.advance(by: 300)
            let fromOriginal = original.advance(by: 500)
            #expect(fromCopy.map(Self.bits) == fromOriginal.map(Self.bits), "\(correlation)")
        }
    }

    @Test(
        "a checkpoint restored into a walk standing elsewhere continues as the walk it was taken from",
        arguments: GeneratorKind.allCases)
    func checkpointsRestoreAnywhere(generator: GeneratorKind) throws {
        for correlation in try Self.correlations() {
            var original = try MarketWalk(
                coins: Self.coins, rootSeed: 9, stepYears: Self.fiveMinutes, generator: generator,
                correlation: correlation)
            var elsewhere = original.copy()
            _ = original.advance(by: 613)
            var checkpoint: [UInt64] = []
            original.appendCheckpoint(to: &checkpoint)
            #expect(checkpoint.count == original.checkpointWords)
            _ = elsewhere.advance(by: 1_500)
            elsewhere.restoreCheckpoint(from: checkpoint[...])
            let expected = original.advance(by: 800)
            #expect(elsewhere.advance(by: 800).map(Self.bits) == expected.map(Self.bits), "\(correlation)")
        }
        // A coin that follows the market on taus2: two words of position, two of its stream
        // (three 32-bit words packed), two of its correlation state and two of the factor's stream.
        let follower = try MarketWalk(
            coins: [Self.coins[0]], rootSeed: 9, stepYears: Self.fiveMinutes, generator: .taus2,
            correlation: .oneFactor(correlations: ["a-gbm": 0.7]))
        #expect(follower.checkpointWords == 8 && follower.factorWords == 2)
    }

    @Test(
        "coins that follow the market stand on the same factor state: one coin's checkpoint restores with another's",
        arguments: GeneratorKind.allCases)
    func factorStateIsShared(generator: GeneratorKind) throws {
        let correlation = MarketCorrelation.oneFactor(correlations: ["a-gbm": 0.7, "c-garch": 0.3])
        var gbm = try MarketWalk(
            coins: [Self.coins[0]], rootSeed: 4, stepYears: Self.fiveMinutes, generator: generator,
            correlation: correlation)
        var garch = try MarketWalk(
            coins: [Self.coins[2]], rootSeed: 4, stepYears: Self.fiveMinutes, generator: generator,
            correlation: correlation)
        let restored = garch.copy()
        _ = gbm.advance(by: 300)
        _ = garch.advance(by: 300)
        var (gbmOwn, gbmFactor, garchOwn, garchFactor) = ([UInt64](), [UInt64](), [UInt64](), [UInt64]())
        gbm.appendCheckpoint(to: &gbmOwn, factor: &gbmFactor)
        garch.appendCheckpoint(to: &garchOwn, factor: &garchFactor)
        #expect(gbmFactor == garchFactor && gbmFactor.count == garch.factorWords)
        var whole: [UInt64] = []
        garch.appendCheckpoint(to: &whole)
        #expect(whole == garchOwn + garchFactor)
        var again = restored
        again.restoreCheckpoint(own: garchOwn[...], factor: gbmFactor[...])
        #expect(Self.bits(again.advance(by: 700)[0]) == Self.bits(garch.advance(by: 700)[0]))
    }

    @Test(
        "every range and tick of checkpointed paths, read in any order, is the generated path's, for every model and correlation, kept whole or drawn again",
        arguments: GeneratorKind.allCases, [0, CheckpointedPaths.wholeMarketPrices])
    func rangesEqualTheGeneratedPaths(generator: GeneratorKind, wholeUpTo: Int) throws {
        // 1,416 ticks: six blocks, the last one short (two checkpoints at three blocks a checkpoint,
        // the second followed by a short block).
        let steps = 2 * CheckpointedPaths.blockLength + 903
        var ranges = SplitMix64(seed: 11)
        // Drawn again: a checkpoint every block, every second (the default) and every third.
        let spacings = wholeUpTo == 0 ? [1, 2, 3] : [CheckpointedPaths.blocksPerCheckpoint]
        for correlation in try Self.correlations() {
            let generated = try MarketPaths.generate(
                coins: Self.coins, rootSeed: 21, start: 1_704_067_200_000, stepMilliseconds: 300_000,
                steps: steps, generator: generator, correlation: correlation)
            for every in spacings {
                let checkpointed = try CheckpointedPaths(
                    coins: Self.coins, rootSeed: 21, start: 1_704_067_200_000, stepMilliseconds: 300_000,
                    steps: steps, generator: generator, correlation: correlation, wholeUpTo: wholeUpTo,
                    blocksPerCheckpoint: every)
                #expect(checkpointed.count == steps + 1)
                for (index, coin) in Self.coins.enumerated() {
                    let expected = try #require(generated[coin.id])
                    #expect(checkpointed.series(ofCoin: index) == expected, "\(coin.id), \(correlation)")
                }
                for trial in 0..<400 {
                    let coin = Int.random(in: 0..<Self.coins.count, using: &ranges)
                    let lower = Int.random(in: 0...steps, using: &ranges)
                    let upper = Int.random(
                        in: (lower + 1)...min(steps + 1, lower + 1 + 2_500), using: &ranges)
                    let expected = try #require(generated[Self.coins[coin].id]).values[lower..<upper]
                    #expect(
                        Self.bits(checkpointed.prices(ofCoin: coin, in: lower..<upper))
                            == Self.bits(expected),
                        "trial \(trial): \(Self.coins[coin].id) \(lower)..<\(upper), \(correlation), every \(every)"
                    )
                    // One tick, kept or drawn on its own, far from the blocks read last.
                    let tick = Int.random(in: 0...steps, using: &ranges)
                    let single = try #require(generated[Self.coins[coin].id]).values[tick]
                    #expect(
                        checkpointed.price(ofCoin: coin, at: tick).bitPattern == single.bitPattern,
                        "trial \(trial): \(Self.coins[coin].id) at \(tick), \(correlation), every \(every)")
                }
                // Block edges, on their own: the first tick, each block's first and last.
                for tick in [0, 1, CheckpointedPaths.blockLength - 1, CheckpointedPaths.blockLength, steps] {
                    for (index, coin) in Self.coins.enumerated() {
                        let single = try #require(generated[coin.id]).values[tick]
                        #expect(checkpointed.price(ofCoin: index, at: tick).bitPattern == single.bitPattern)
                    }
                }
            }
        }
    }

    @Test("above 2,000 coins blocks are a day's ticks rounded up to 16, from 128 to 256")
    func manyCoinsBlockLengths() {
        let many = CheckpointedPaths.manyCoins + 1
        let minute: Int64 = 60_000
        let lengths = [1, 5, 10, 15, 60, 1_440, 2_880].map {
            CheckpointedPaths.blockLength(coins: many, stepMilliseconds: $0 * minute)
        }
        #expect(lengths == [256, 256, 144, 128, 128, 128, 128])
        #expect(
            CheckpointedPaths.blockLength(coins: CheckpointedPaths.manyCoins, stepMilliseconds: 10 * minute)
                == 256)
        #expect(CheckpointedPaths.blockLength(coins: many, stepMilliseconds: 0) == 256)
        // A day and one tick, wherever it starts, is within two blocks: what a markets row reads.
        for minutes: Int64 in [1, 2, 3, 5, 7, 9, 10, 11, 12, 13, 15, 20, 30] {
            let length = CheckpointedPaths.blockLength(coins: many, stepMilliseconds: minutes * minute)
            let day = Int(1_440 / minutes) + 1
            if day <= length + 1 {
                #expect((0..<length).allSatisfy { start in (start + day - 1) / length - start / length <= 1 })
            }
        }
    }

    @Test(
        "above 2,000 coins blocks are shorter, and the prices are still the generated paths'",
        arguments: [
            (900_000 as Int64, 128), (600_000, 144),
        ])
    func manyCoinsShortBlocks(stepMilliseconds: Int64, blockLength: Int) throws {
        let coins = (0..<(CheckpointedPaths.manyCoins + 1)).map {
            Self.coin("c\($0)", .gbm(GeometricBrownianMotion(drift: 0.1, volatility: 0.8)))
        }
        let correlation = MarketCorrelation.oneFactor(
            correlations: Dictionary(uniqueKeysWithValues: coins.map { ($0.id, 0.5) }))
        let steps = 300
        let checkpointed = try CheckpointedPaths(
            coins: coins, rootSeed: 4, start: 0, stepMilliseconds: stepMilliseconds, steps: steps,
            correlation: correlation)
        #expect(checkpointed.blockLength == blockLength)
        let sample = [0, 7, 1_000, coins.count - 1]
        let generated = try MarketPaths.generate(
            coins: sample.map { coins[$0] }, rootSeed: 4, start: 0, stepMilliseconds: stepMilliseconds,
            steps: steps, correlation: correlation)
        for index in sample {
            let expected = try #require(generated[coins[index].id]).values
            #expect(
                Self.bits(checkpointed.prices(ofCoin: index, in: 0..<(steps + 1))) == Self.bits(expected[...])
            )
            for tick in [0, 127, 128, 129, 143, 144, 145, 255, 256, 287, 288, steps] {
                #expect(checkpointed.price(ofCoin: index, at: tick).bitPattern == expected[tick].bitPattern)
            }
        }
    }

    @Test("above 500 coins a checkpoint every third block: blocks read in any order are the generated prices")
    func manyCoinsSparseCheckpoints() throws {
        #expect(CheckpointedPaths.blocksPerCheckpoint(coins: CheckpointedPaths.manyCheckpointedCoins) == 2)
        let coins = (0..<(CheckpointedPaths.manyCheckpointedCoins + 1)).map {
            Self.coin("c\($0)", .gbm(GeometricBrownianMotion(drift: 0.1, volatility: 0.8)))
        }
        let correlation = MarketCorrelation.oneFactor(
            correlations: Dictionary(uniqueKeysWithValues: coins.map { ($0.id, 0.5) }))
        // Seven blocks and a short one: checkpoints at blocks 0, 3 and 6.
        let steps = 7 * CheckpointedPaths.blockLength + 40
        let checkpointed = try CheckpointedPaths(
            coins: coins, rootSeed: 6, start: 0, stepMilliseconds: 900_000, steps: steps,
            correlation: correlation, wholeUpTo: 0)
        #expect(checkpointed.blocksPerCheckpoint == 3)
        let sample = [0, 250, coins.count - 1]
        let generated = try MarketPaths.generate(
            coins: sample.map { coins[$0] }, rootSeed: 6, start: 0, stepMilliseconds: 900_000,
            steps: steps, correlation: correlation)
        var order = SplitMix64(seed: 3)
        for index in sample {
            let expected = try #require(generated[coins[index].id]).values
            // Backwards, then at random: every block drawn again from a checkpoint one or two
            // blocks before it, or straight on.
            let random = (0..<200).map { _ in Int.random(in: 0...steps, using: &order) }
            let ticks = Array((0...steps).reversed()) + random
            for tick in ticks {
                #expect(checkpointed.price(ofCoin: index, at: tick).bitPattern == expected[tick].bitPattern)
            }
        }
    }

    @Test("readers on four tasks at once get the generated prices; an empty range is empty")
    func concurrentReaders() async throws {
        let steps = 3 * CheckpointedPaths.blockLength + 17
        let correlation = try Self.correlations()[1]
        let generated = try MarketPaths.generate(
            coins: Self.coins, rootSeed: 8, start: 0, stepMilliseconds: 300_000, steps: steps,
            correlation: correlation)
        let checkpointed = try CheckpointedPaths(
            coins: Self.coins, rootSeed: 8, start: 0, stepMilliseconds: 300_000, steps: steps,
            correlation: correlation, wholeUpTo: 0)
        #expect(checkpointed.prices(ofCoin: 2, in: 700..<700).isEmpty)
        let boundary = CheckpointedPaths.blockLength
        #expect(checkpointed.prices(ofCoin: 1, in: boundary..<boundary).isEmpty)
        #expect(checkpointed.prices(ofCoin: 0, in: (steps + 1)..<(steps + 1)).isEmpty)
        let expected = try Self.coins.map { try #require(generated[$0.id]).values }
        let mismatches = await withTaskGroup(of: Int.self) { tasks in
            for reader in UInt64(0)..<4 {
                tasks.addTask {
                    var ranges = SplitMix64(seed: 100 + reader)
                    var mismatches = 0
                    for _ in 0..<300 {
                        let coin = Int.random(in: 0..<Self.coins.count, using: &ranges)
                        let lower = Int.random(in: 0...steps, using: &ranges)
                        let upper = Int.random(in: lower...min(steps + 1, lower + 1_500), using: &ranges)
                        let read = checkpointed.prices(ofCoin: coin, in: lower..<upper)
                        if Self.bits(read) != Self.bits(expected[coin][lower..<upper]) { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await tasks.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test(
        "a path that leaves the positive numbers is refused as generate refuses it: first coin in order, its step"
    )
    func leavingThePositiveNumbers() throws {
        // Both overflow; the later coin overflows sooner, in the first block, the earlier in a later one.
        let soon = Self.coin("soon", .gbm(GeometricBrownianMotion(drift: 1e5, volatility: 1)), price: 1e300)
        let late = Self.coin("late", .gbm(GeometricBrownianMotion(drift: 666, volatility: 1)), price: 1e300)
        for coins in [[late, soon], [soon, late]] {
            let generated = #expect(throws: PriceModelError.self) {
                try MarketPaths.generate(
                    coins: coins, rootSeed: 1, start: 0, stepMilliseconds: 300_000, steps: 6_000)
            }
            let checkpointed = #expect(throws: PriceModelError.self) {
                try CheckpointedPaths(
                    coins: coins, rootSeed: 1, start: 0, stepMilliseconds: 300_000, steps: 6_000)
            }
            #expect(generated != nil && checkpointed == generated)
            #expect(
                generated?.description.contains("the path of \(coins[0].id):") == true,
                "\(String(describing: generated))")
        }
    }
}
