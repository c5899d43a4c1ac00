import Foundation
import PriceModels
import Testing
import TrackerCore

@Suite("Seeds, determinism and parameter validation")
struct SeedsAndValidationTests {
    static func coin(
        _ id: String, _ model: PriceModel = .gbm(GeometricBrownianMotion(drift: 0.1, volatility: 0.5))
    )
        -> SyntheticCoin
    {
        SyntheticCoin(
            id: id, symbol: id, name: id.capitalized, circulatingSupply: 1e6, startPrice: 10, model: model)
    }

    @Test("stream seeds: 32 bits, never an aliased seed, distinct per stream, stable per name")
    func seeds() {
        var seen: Set<UInt32> = []
        for root in UInt64(0)..<200 {
            for stream in ["coin/bitcoin", "coin/ethereum", "latency", "faults"] {
                let seed = StreamSeed(root: root, stream: stream)
                #expect(![0, 1, 4_357].contains(seed.gslSeed))
                seen.insert(seed.gslSeed)
            }
        }
        #expect(seen.count == 800)
        #expect(StreamSeed(root: 42, stream: "coin/bitcoin") == StreamSeed(root: 42, stream: "coin/bitcoin"))
        #expect(
            StreamSeed(root: 42, stream: "coin").child("bitcoin")
                == StreamSeed(root: 42, stream: "coin/bitcoin"))
        // Root seeds 0 and 1 (aliases in taus2) give different streams.
        #expect(StreamSeed(root: 0, stream: "x").gslSeed != StreamSeed(root: 1, stream: "x").gslSeed)
    }

    @Test("the same seed gives identical paths; taus2 and mt19937 differ")
    func deterministic() throws {
        let coins = [Self.coin("bitcoin"), Self.coin("ethereum")]
        let first = try MarketPaths.generate(
            coins: coins, rootSeed: 7, start: 0, stepMilliseconds: 300_000, steps: 1_000)
        let second = try MarketPaths.generate(
            coins: coins, rootSeed: 7, start: 0, stepMilliseconds: 300_000, steps: 1_000)
        #expect(first == second)
        let other = try MarketPaths.generate(
            coins: coins, rootSeed: 8, start: 0, stepMilliseconds: 300_000, steps: 1_000)
        #expect(first["bitcoin"] != other["bitcoin"])
        let twister = try MarketPaths.generate(
            coins: coins, rootSeed: 7, start: 0, stepMilliseconds: 300_000, steps: 1_000, generator: .mt19937)
        #expect(first["bitcoin"] != twister["bitcoin"])
        #expect(first["bitcoin"]?.timestamps.last == 300_000_000)
    }

    @Test("adding a coin leaves every other coin's path unchanged")
    func addingACoin() throws {
        let before = try MarketPaths.generate(
            coins: [Self.coin("bitcoin"), Self.coin("ethereum")], rootSeed: 11, start: 0,
            stepMilliseconds: 60_000, steps: 500)
        let after = try MarketPaths.generate(
            coins: [Self.coin("aave"), Self.coin("bitcoin"), Self.coin("dogecoin"), Self.coin("ethereum")],
            rootSeed: 11,
            start: 0, stepMilliseconds: 60_000, steps: 500)
        #expect(before["bitcoin"] == after["bitcoin"])
        #expect(before["ethereum"] == after["ethereum"])
    }

    @Test(
        "invalid parameters are refused, naming model, parameter and expectation",
        arguments: [
            (
                PriceModel.gbm(GeometricBrownianMotion(drift: 0, volatility: 0)),
                "gbm: volatility must be a positive finite number, found 0.0"
            ),
            (
                .gbm(GeometricBrownianMotion(drift: .nan, volatility: 1)),
                "gbm: drift must be a finite number, found nan"
            ),
            (
                .merton(
                    MertonJumpDiffusion(
                        drift: 0, volatility: 1, jumpIntensity: -1, jumpMean: 0, jumpVolatility: 0)),
                "merton: jump_intensity must be a finite number >= 0, found -1.0"
            ),
            (
                .garch(GARCH11(mean: 0, omega: 1e-6, alpha: 0.2, beta: 0.8, degreesOfFreedom: 5)),
                "garch: alpha + beta must be below 1 (stationarity), found 1.0"
            ),
            (
                .garch(GARCH11(mean: 0, omega: 1e-6, alpha: 0.1, beta: 0.8, degreesOfFreedom: 2)),
                "garch: degrees_of_freedom must be greater than 2 (finite variance), found 2.0"
            ),
            (
                .regime(
                    RegimeSwitching(
                        calm: GeometricBrownianMotion(drift: 0, volatility: 1),
                        turbulent: GeometricBrownianMotion(drift: 0, volatility: 1),
                        leaveCalm: 1.5, leaveTurbulent: 0)),
                "regime: leave_calm must be a probability in [0, 1], found 1.5"
            ),
            (
                .ou(OrnsteinUhlenbeck(peg: 1, reversionSpeed: 0, volatility: 0.1)),
                "ou: reversion_speed must be a positive finite number, found 0.0"
            ),
        ])
    func invalidParameters(model: PriceModel, message: String) {
        let error = #expect(throws: PriceModelError.self) {
            try MarketPaths.generate(
                coins: [Self.coin("x", model)], rootSeed: 1, start: 0, stepMilliseconds: 1, steps: 1)
        }
        #expect(error?.description == message)
    }

    @Test("bad coins and matrices are refused: supply, duplicate ids, shape, symmetry, positive definiteness")
    func badCoinsAndMatrices() {
        var broke = Self.coin("x")
        broke.startPrice = -3
        #expect(
            throws: PriceModelError.invalidParameter(
                model: "coin x", name: "start_price", value: -3, expected: "a positive finite number")
        ) {
            try MarketPaths.generate(coins: [broke], rootSeed: 1, start: 0, stepMilliseconds: 1, steps: 1)
        }
        #expect(throws: PriceModelError.duplicateCoin("x")) {
            try MarketPaths.generate(
                coins: [Self.coin("x"), Self.coin("x")], rootSeed: 1, start: 0, stepMilliseconds: 1, steps: 1)
        }
        let assets = ["a", "b", "c"]
        // Pairwise plausible, jointly impossible: a and b move together, b and c together, a and c opposite.
        let impossible: [[Double]] = [[1, 0.9, -0.9], [0.9, 1, 0.9], [-0.9, 0.9, 1]]
        let error = #expect(throws: PriceModelError.notPositiveDefinite(name: "majors")) {
            try CorrelationMatrix(rows: impossible, size: (assets.count, "assets"), name: "majors")
        }
        #expect(
            error?.description.hasPrefix("correlation matrix \"majors\" is not positive definite") == true)
        #expect(throws: PriceModelError.self) {
            try CorrelationMatrix(
                rows: [[1, 0.5], [0.5, 1]], size: (assets.count, "assets"), name: "short")
        }
        #expect(
            throws: PriceModelError.invalidMatrix(
                name: "m", detail: "not symmetric: [0][1] is 0.5, [1][0] is 0.4")
        ) {
            try CorrelationMatrix(rows: [[1, 0.5], [0.4, 1]], size: (2, "assets"), name: "m")
        }
        #expect(throws: PriceModelError.invalidMatrix(name: "m", detail: "[1][1] must be 1, found 2.0")) {
            try CorrelationMatrix(rows: [[1, 0], [0, 2]], size: (2, "assets"), name: "m")
        }
    }
}
