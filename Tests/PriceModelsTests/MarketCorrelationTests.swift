import Foundation
import PriceModels
import Testing
import TrackerCore

/// Coins of a synthetic market moving together (``MarketCorrelation``): the sample correlation of
/// generated log returns against the target, within its sampling error, over many seeds.
@Suite("Market correlation: one factor and a full matrix, over many seeds")
struct MarketCorrelationTests {
    static let day: Int64 = 86_400_000

    static func coin(_ id: String, _ model: PriceModel) -> SyntheticCoin {
        SyntheticCoin(id: id, symbol: id, name: id, circulatingSupply: 1e9, startPrice: 100, model: model)
    }

    static let gbm = PriceModel.gbm(GeometricBrownianMotion(drift: 0.3, volatility: 0.8))

    static func returns(_ paths: [String: TimeSeries], _ id: String) -> [Double] {
        let values = paths[id]?.values ?? []
        return zip(values.dropFirst(), values).map { log($0 / $1) }
    }

    /// Pearson's correlation.
    static func correlation(_ x: [Double], _ y: [Double]) -> Double {
        let (mx, my) = (x.reduce(0, +) / Double(x.count), y.reduce(0, +) / Double(y.count))
        var (sxy, sxx, syy) = (0.0, 0.0, 0.0)
        for (a, b) in zip(x, y) {
            sxy += (a - mx) * (b - my)
            sxx += (a - mx) * (a - mx)
            syy += (b - my) * (b - my)
        }
        return sxy / (sxx * syy).squareRoot()
    }

    static func paths(_ coins: [SyntheticCoin], seed: UInt64, steps: Int, _ correlation: MarketCorrelation)
        throws -> [String: TimeSeries]
    {
        try MarketPaths.generate(
            coins: coins, rootSeed: seed, start: 1_704_067_200_000, stepMilliseconds: day, steps: steps,
            correlation: correlation)
    }

    @Test(
        "one factor: GBM pairs correlate at sqrt(rho_i rho_j), each seed within 5 standard errors, the mean within 4"
    )
    func oneFactor() throws {
        let coins = ["btc", "eth", "sol"].map { Self.coin($0, Self.gbm) }
        let factor = MarketCorrelation.oneFactor(correlations: ["btc": 0.82, "eth": 0.82, "sol": 0.5])
        let steps = 2_000
        let pairs: [(String, String, Double)] = [
            ("btc", "eth", 0.82), ("btc", "sol", (0.82 * 0.5).squareRoot()),
            ("eth", "sol", (0.82 * 0.5).squareRoot()),
        ]
        for (a, b, target) in pairs {
            let standardError = (1 - target * target) / Double(steps).squareRoot()
            var observed: [Double] = []
            for seed in UInt64(1)...30 {
                let paths = try Self.paths(coins, seed: seed, steps: steps, factor)
                let value = Self.correlation(Self.returns(paths, a), Self.returns(paths, b))
                #expect(
                    abs(value - target) < 5 * standardError,
                    "seed \(seed), \(a)-\(b): \(value), target \(target)")
                observed.append(value)
            }
            let mean = observed.reduce(0, +) / Double(observed.count)
            #expect(abs(mean - target) < 4 * standardError / 30.0.squareRoot(), "\(a)-\(b): mean \(mean)")
        }
    }

    @Test("each coin keeps its own volatility and drift under the factor")
    func marginalsKept() throws {
        let steps = 20_000
        let paths = try Self.paths(
            [Self.coin("btc", Self.gbm)], seed: 3, steps: steps, .oneFactor(correlations: ["btc": 0.82]))
        let returns = Self.returns(paths, "btc")
        let mean = returns.reduce(0, +) / Double(steps)
        let variance = returns.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(steps - 1)
        let stepYears = Double(Self.day) / millisecondsPerYear
        let expected = 0.8 * 0.8 * stepYears
        #expect(abs(variance / expected - 1) < 5 * (2.0 / Double(steps)).squareRoot(), "variance \(variance)")
        #expect(abs(mean - (0.3 - 0.32) * stepYears) < 5 * expected.squareRoot() / Double(steps).squareRoot())
    }

    @Test("a full matrix with a negative and a zero entry, over GBMs of different volatilities, is recovered")
    func matrixSigns() throws {
        let target: [[Double]] = [[1, 0.8, -0.3], [0.8, 1, 0], [-0.3, 0, 1]]
        let coins = [0.6, 0.9, 0.3].enumerated().map { index, volatility in
            Self.coin("c\(index)", .gbm(GeometricBrownianMotion(drift: 0, volatility: volatility)))
        }
        let matrix = try CorrelationMatrix(rows: target, size: (3, "coins"), name: "majors")
        let steps = 50_000
        let paths = try Self.paths(coins, seed: 5, steps: steps, .matrix(coinIds: coins.map(\.id), matrix))
        for row in 0..<3 {
            for column in 0..<3 where column > row {
                let value = Self.correlation(
                    Self.returns(paths, "c\(row)"), Self.returns(paths, "c\(column)"))
                let rho = target[row][column]
                #expect(
                    abs(value - rho) < 5 * (1 - rho * rho) / Double(steps).squareRoot(),
                    "[\(row)][\(column)]: \(value)")
            }
        }
    }

    @Test("a full matrix over three coins of different models is recovered")
    func matrix() throws {
        let target: [[Double]] = [[1, 0.8, 0.6], [0.8, 1, 0.5], [0.6, 0.5, 1]]
        let merton = try PriceModel.named("merton", parameters: [:])
        let coins = [Self.coin("a", Self.gbm), Self.coin("b", Self.gbm), Self.coin("c", merton)]
        let matrix = try CorrelationMatrix(rows: target, size: (3, "coins"), name: "m")
        let steps = 20_000
        let paths = try Self.paths(coins, seed: 11, steps: steps, .matrix(coinIds: ["a", "b", "c"], matrix))
        for (row, a) in ["a", "b", "c"].enumerated() {
            for (column, b) in ["a", "b", "c"].enumerated() where column > row {
                let value = Self.correlation(Self.returns(paths, a), Self.returns(paths, b))
                let rho = target[row][column]
                #expect(
                    abs(value - rho) < 5 * (1 - rho * rho) / Double(steps).squareRoot() + 0.01,
                    "\(a)-\(b): \(value)")
            }
        }
    }

    @Test(
        "independent coins are byte-identical to before; adding a coin to the factor leaves the others unchanged"
    )
    func stability() throws {
        let two = ["btc", "eth"].map { Self.coin($0, Self.gbm) }
        let alone = try Self.paths(two, seed: 5, steps: 100, .independent)
        let single = try Self.paths([two[0]], seed: 5, steps: 100, .independent)
        #expect(alone["btc"] == single["btc"])
        let factor = try Self.paths(
            two, seed: 5, steps: 100, .oneFactor(correlations: ["btc": 0.8, "eth": 0.8]))
        let three = try Self.paths(
            two + [Self.coin("sol", Self.gbm)], seed: 5, steps: 100,
            .oneFactor(correlations: ["btc": 0.8, "eth": 0.8, "sol": 0.8]))
        #expect(factor["btc"] == three["btc"])
        #expect(factor["eth"] == three["eth"])
        #expect(factor["btc"] != alone["btc"])
    }

    @Test("a pegged coin cannot follow the market")
    func pegged() {
        let ou = PriceModel.ou(OrnsteinUhlenbeck(peg: 1, reversionSpeed: 500, volatility: 0.05))
        #expect(throws: PriceModelError.cannotCorrelate(coinId: "usdt", model: "ou")) {
            try Self.paths(
                [Self.coin("usdt", ou)], seed: 1, steps: 10, .oneFactor(correlations: ["usdt": 0.5]))
        }
    }

    @Test(
        "of several pegged coins asked to follow, the first by id is named (one factor), the first listed (matrix)"
    )
    func firstPeggedNamed() throws {
        let ou = PriceModel.ou(OrnsteinUhlenbeck(peg: 1, reversionSpeed: 500, volatility: 0.05))
        // Pegged coins listed out of id order, among coins that can follow, and ids the market
        // does not have.
        let coins = [
            Self.coin("zeta", ou), Self.coin("btc", Self.gbm), Self.coin("dai", ou),
            Self.coin("eth", Self.gbm),
            Self.coin("usdt", ou),
        ]
        let factor = MarketCorrelation.oneFactor(correlations: [
            "zeta": 0.5, "btc": 0.5, "dai": 0.3, "eth": 0.5, "usdt": 0.5, "absent": 0.9, "aaa": 0.4,
        ])
        #expect(throws: PriceModelError.cannotCorrelate(coinId: "dai", model: "ou")) {
            try factor.check(against: coins)
        }
        // A coin at 0 stays on its own: nothing to refuse.
        let zero = MarketCorrelation.oneFactor(correlations: ["dai": 0, "usdt": 0, "btc": 0.5])
        try zero.check(against: coins)
        let matrix = MarketCorrelation.matrix(
            coinIds: ["btc", "usdt", "dai"],
            try CorrelationMatrix(
                rows: [[1, 0.2, 0.1], [0.2, 1, 0.3], [0.1, 0.3, 1]], size: (3, "coins"), name: "m"))
        #expect(throws: PriceModelError.cannotCorrelate(coinId: "usdt", model: "ou")) {
            try matrix.check(against: coins)
        }
    }
}
