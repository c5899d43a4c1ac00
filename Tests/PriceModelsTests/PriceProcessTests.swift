import Foundation
import PriceModels
import TestSupport
import Testing

/// Statistical properties of the price models over many seeds. Bounds are 4-5 standard errors
/// wide, so a correct model fails one with probability below 1e-4; the seeds are fixed, so a
/// run is deterministic, and a failure names its seed.
@Suite("Price models: statistics over many seeds")
struct PriceProcessTests {
    static let fiveMinutes = 300_000 / millisecondsPerYear

    static func logReturns(_ prices: [Double]) -> [Double] {
        zip(prices.dropFirst(), prices).map { log($0 / $1) }
    }

    static func meanAndVariance(_ values: [Double]) -> (mean: Double, variance: Double) {
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
        return (mean, variance)
    }

    @Test("GBM: mean and variance of log returns inside their confidence bounds, for 40 seeds")
    func gbmMoments() {
        let model = GeometricBrownianMotion(drift: 0.4, volatility: 0.8)
        let steps = 20_000
        let expectedMean = model.logReturnMean(stepYears: Self.fiveMinutes)
        let expectedVariance = 0.64 * Self.fiveMinutes
        for seed in UInt64(1)...40 {
            let stream = RandomStream(seed: StreamSeed(root: seed, stream: "coin/test"))
            let returns = Self.logReturns(
                model.path(from: 100, steps: steps, stepYears: Self.fiveMinutes, stream: stream))
            let (mean, variance) = Self.meanAndVariance(returns)
            let meanError = expectedVariance.squareRoot() / Double(steps).squareRoot()
            #expect(abs(mean - expectedMean) < 4.5 * meanError, "seed \(seed)")
            // Var of the sample variance of normals: 2 sigma^4 / (n - 1).
            let varianceError = expectedVariance * (2 / Double(steps - 1)).squareRoot()
            #expect(abs(variance - expectedVariance) < 4.5 * varianceError, "seed \(seed)")
        }
    }

    @Test("GBM log returns pass a Kolmogorov-Smirnov test against the normal; GARCH's fat tails fail it")
    func kolmogorovSmirnov() throws {
        let model = GeometricBrownianMotion(drift: 0.1, volatility: 0.6)
        let sd = 0.6 * Self.fiveMinutes.squareRoot()
        var passes = 0
        for seed in UInt64(1)...30 {
            let stream = RandomStream(seed: StreamSeed(root: seed, stream: "ks"))
            let returns = Self.logReturns(
                model.path(from: 1, steps: 5_000, stepYears: Self.fiveMinutes, stream: stream))
            let test = KolmogorovSmirnov(
                sample: returns, normalMean: model.logReturnMean(stepYears: Self.fiveMinutes), deviation: sd)
            #expect(test.pValue > 1e-4, "seed \(seed): D = \(test.statistic)")
            if test.pValue > 0.01 { passes += 1 }
        }
        #expect(passes >= 26)  // about 1 in 100 falls below 0.01
        let garch = GARCH11(mean: 0, omega: 1e-6, alpha: 0.1, beta: 0.85, degreesOfFreedom: 3)
        let fat = garch.logReturns(
            count: 5_000, stream: RandomStream(seed: StreamSeed(root: 1, stream: "ks")))
        let (mean, variance) = Self.meanAndVariance(fat)
        #expect(
            KolmogorovSmirnov(sample: fat, normalMean: mean, deviation: variance.squareRoot()).pValue < 1e-6)
    }

    @Test("Merton: jump counts match the intensity over a simulated decade, for 20 seeds")
    func mertonJumps() throws {
        let model = MertonJumpDiffusion(
            drift: 0, volatility: 0.5, jumpIntensity: 12, jumpMean: -0.1, jumpVolatility: 0.05)
        try model.validate()
        let hour = 3_600_000 / millisecondsPerYear
        let steps = 87_600  // ten years of hours: 120 jumps expected
        var total = 0
        for seed in UInt64(1)...20 {
            let stream = RandomStream(seed: StreamSeed(root: seed, stream: "jumps"))
            let (prices, jumps) = model.pathWithJumps(
                from: 100, steps: steps, stepYears: hour, stream: stream)
            #expect(prices.count == steps + 1 && prices.allSatisfy { $0 > 0 && $0.isFinite })
            #expect(abs(Double(jumps) - 120) < 5 * 120.0.squareRoot(), "seed \(seed): \(jumps) jumps")
            total += jumps
        }
        #expect(abs(Double(total) - 2_400) < 4 * 2_400.0.squareRoot())
    }

    @Test("GARCH: squared returns are positively autocorrelated (volatility clusters), for 20 seeds")
    func garchClustering() throws {
        let model = GARCH11(mean: 0, omega: 2e-6, alpha: 0.12, beta: 0.85, degreesOfFreedom: 5)
        try model.validate()
        for seed in UInt64(1)...20 {
            let returns = model.logReturns(
                count: 20_000, stream: RandomStream(seed: StreamSeed(root: seed, stream: "garch")))
            let squares = returns.map { $0 * $0 }
            let (mean, variance) = Self.meanAndVariance(squares)
            let lag1 =
                zip(squares, squares.dropFirst()).reduce(0) { $0 + ($1.0 - mean) * ($1.1 - mean) }
                / (Double(squares.count - 1) * variance)
            #expect(
                lag1 > 4 / Double(squares.count).squareRoot(), "seed \(seed): lag-1 autocorrelation \(lag1)")
            // The long-run variance per step is omega / (1 - alpha - beta).
            // (A variance off by the t scaling, 5/3, would fail this.)
            #expect(abs(mean / model.unconditionalVariance - 1) < 0.4, "seed \(seed)")
        }
    }

    @Test("regime switching spends time in each regime as the transition probabilities say")
    func regimes() throws {
        let model = RegimeSwitching(
            calm: GeometricBrownianMotion(drift: 0.2, volatility: 0.3),
            turbulent: GeometricBrownianMotion(drift: -0.5, volatility: 1.5), leaveCalm: 0.01,
            leaveTurbulent: 0.04)
        try model.validate()
        let (prices, states) = model.pathWithRegimes(
            from: 100, steps: 200_000, stepYears: Self.fiveMinutes,
            stream: RandomStream(seed: StreamSeed(root: 3, stream: "regime")))
        // Stationary share of the turbulent regime: 0.01 / (0.01 + 0.04) = 0.2.
        let turbulent = Double(states.filter { $0 == 1 }.count) / Double(states.count)
        #expect(abs(turbulent - 0.2) < 0.03)
        let returns = Self.logReturns(prices)
        let calmVariance = Self.meanAndVariance(zip(returns, states).filter { $0.1 == 0 }.map(\.0)).variance
        let wildVariance = Self.meanAndVariance(zip(returns, states).filter { $0.1 == 1 }.map(\.0)).variance
        #expect(abs(calmVariance / (0.09 * Self.fiveMinutes) - 1) < 0.05)
        #expect(abs(wildVariance / (2.25 * Self.fiveMinutes) - 1) < 0.05)
    }

    @Test("Ornstein-Uhlenbeck stays around its peg with the stationary deviation")
    func stablecoin() throws {
        let model = OrnsteinUhlenbeck(peg: 1, reversionSpeed: 200, volatility: 0.2)
        try model.validate()
        let prices = model.path(
            from: 1.05, steps: 100_000, stepYears: Self.fiveMinutes,
            stream: RandomStream(seed: StreamSeed(root: 9, stream: "usdt")))
        let logs = prices.dropFirst(10_000).map { log($0) }
        let (mean, variance) = Self.meanAndVariance(Array(logs))
        #expect(abs(mean) < 0.002)
        #expect(abs(variance.squareRoot() / model.stationaryDeviation - 1) < 0.1)
        #expect(prices.allSatisfy { $0 > 0.9 && $0 < 1.1 })
    }
}
