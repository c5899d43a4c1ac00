import Datasets
import Foundation
import PriceModels
import TestSupport
import Testing
import TrackerCore
import WorkbenchFoundation

@Suite("Calibration recovers known parameters; recorded data calibrates")
struct CalibrationTests {
    @Test("GBM: drift and volatility recovered from generated paths, for 10 seeds")
    func gbm() throws {
        let truth = GeometricBrownianMotion(drift: 0.3, volatility: 0.7)
        let stepMs: Int64 = 3_600_000
        for seed in UInt64(1)...10 {
            let series = try #require(
                try MarketPaths.generate(
                    coins: [
                        SyntheticCoin(
                            id: "x", symbol: "x", name: "X", circulatingSupply: 1, startPrice: 50,
                            model: .gbm(truth))
                    ],
                    rootSeed: seed, start: 0, stepMilliseconds: stepMs, steps: 87_600)["x"])
            let fitted = try GBMCalibration.fit(timestamps: series.timestamps, prices: series.values)
            // Volatility: standard error sigma / sqrt(2n) ~ 0.2 %; drift over 10 years: sigma / sqrt(10) ~ 0.22.
            #expect(abs(fitted.volatility / truth.volatility - 1) < 0.01, "seed \(seed)")
            #expect(abs(fitted.drift - truth.drift) < 4.5 * 0.7 / 10.0.squareRoot(), "seed \(seed)")
        }
    }

    @Test("GARCH: alpha, beta and the long-run variance recovered by maximum likelihood, for 4 seeds")
    func garch() throws {
        let truth = GARCH11(mean: 0.0001, omega: 4e-6, alpha: 0.1, beta: 0.85, degreesOfFreedom: 6)
        for seed in UInt64(1)...4 {
            let returns = truth.logReturns(
                count: 20_000, stream: RandomStream(seed: StreamSeed(root: seed, stream: "g")))
            let fitted = try GARCHCalibration.fit(returns: returns)
            try fitted.validate()
            #expect(abs(fitted.alpha - truth.alpha) < 0.03, "seed \(seed): alpha \(fitted.alpha)")
            #expect(abs(fitted.beta - truth.beta) < 0.04, "seed \(seed): beta \(fitted.beta)")
            #expect(abs(fitted.unconditionalVariance / truth.unconditionalVariance - 1) < 0.3, "seed \(seed)")
            #expect(
                fitted.degreesOfFreedom > 4 && fitted.degreesOfFreedom < 10,
                "seed \(seed): nu \(fitted.degreesOfFreedom)")
        }
    }

    @Test("the recorded 90-day Bitcoin chart calibrates to a plausible volatility")
    func recorded() throws {
        let chart = try MarketChartDecoder.decode(
            Array(
                try RepositoryFiles.coingeckoData(
                    "market_chart_bitcoin_usd_days90_interval-daily_20210515T1442Z.json")))
        let fitted = try GBMCalibration.fit(timestamps: chart.prices.timestamps, prices: chart.prices.values)
        // Spring 2021: Bitcoin's annualised daily volatility was in the 50-120 % range.
        #expect(fitted.volatility > 0.5 && fitted.volatility < 1.2)
        try fitted.validate()
    }

    @Test("Bitcoin's recorded daily history (btc-usd-max.csv): persistent, fat-tailed GARCH volatility")
    func recordedHistory() throws {
        let text = String(decoding: try RepositoryFiles.coingeckoData("btc-usd-max.csv"), as: UTF8.self)
        let prices = try CoinGeckoCSVDecoder.decode(text, source: "btc-usd-max.csv").prices
        #expect(prices.count == 5_677)
        let returns = zip(prices.values.dropFirst(), prices.values).map { log($0 / $1) }
        let fitted = try GARCHCalibration.fit(returns: returns)
        try fitted.validate()
        #expect(fitted.alpha + fitted.beta > 0.85, "persistence \(fitted.alpha + fitted.beta)")
        #expect(fitted.degreesOfFreedom < 6, "nu \(fitted.degreesOfFreedom)")
        let gbm = try GBMCalibration.fit(timestamps: prices.timestamps, prices: prices.values)
        #expect(gbm.volatility > 0.5 && gbm.volatility < 1.2, "volatility \(gbm.volatility)")
    }

    /// Bitcoin's recorded daily log returns, the last `count` of them, as a scenario computes them.
    static func recordedReturns(last count: Int) throws -> [Double] {
        let text = String(decoding: try RepositoryFiles.coingeckoData("btc-usd-max.csv"), as: UTF8.self)
        let prices = try CoinGeckoCSVDecoder.decode(text, source: "btc-usd-max.csv").prices.values
        return Array(zip(prices.dropFirst(), prices).map { PortableMath.log($0 / $1) }.suffix(count))
    }

    /// scipy's maximum of the same likelihood (the same residuals, variance recursion and
    /// unit-variance Student-t) over the last 365 returns: `scipy.optimize.minimize`, Nelder-Mead
    /// restarted until it stood still at `xatol` 1e-15, with `scipy.special.gammaln`.
    @Test("the last recorded year fits to scipy's maximum likelihood, within 1e-4 relative")
    func recordedYearAgainstScipy() throws {
        let fitted = try GARCHCalibration.fit(returns: try Self.recordedReturns(last: 365))
        let scipy = (
            omega: 3.782474702353264e-05, alpha: 0.085262469545862, beta: 0.8444479391823185,
            nu: 4.016632266552009
        )
        for (name, value, reference) in [
            ("omega", fitted.omega, scipy.omega), ("alpha", fitted.alpha, scipy.alpha),
            ("beta", fitted.beta, scipy.beta), ("nu", fitted.degreesOfFreedom, scipy.nu),
        ] {
            #expect(abs(value / reference - 1) < 1e-4, "\(name) \(value), scipy \(reference)")
        }
    }

    /// At a simplex size of 1e-7 these windows ran out of 5,000 iterations: the first three a
    /// few 1e-7 from their optimum, blurred by rounding, the last two integrated, drifting along
    /// the persistence's logit, which the likelihood no longer sees (scenarios refuse them for
    /// `alpha + beta` above 0.995).
    @Test(
        "windows of the recorded history that ran out of iterations fit, the integrated ones as integrated",
        arguments: [(590, false), (710, false), (870, false), (1840, true), (1920, true)])
    func windowsThatRanOut(window: Int, integrated: Bool) throws {
        let fitted = try GARCHCalibration.fit(returns: try Self.recordedReturns(last: window))
        try fitted.validate()
        let persistence = fitted.alpha + fitted.beta
        #expect((persistence > 0.995) == integrated, "window \(window): alpha + beta \(persistence)")
    }

    /// Returns without clustering leave alpha or beta at 0, where a logit no longer changes the
    /// likelihood; these two sets ran out of iterations before ``GARCHCalibration/Stall``.
    @Test(
        "iid Student-t returns fit, with little persistence and the right variance",
        arguments: [UInt64(1), 2])
    func independentReturns(seed: UInt64) throws {
        let truth = GARCH11(mean: 0, omega: 4e-4, alpha: 0, beta: 0, degreesOfFreedom: 5)
        let returns = truth.logReturns(
            count: 1000, stream: RandomStream(seed: StreamSeed(root: seed, stream: "iid")))
        let fitted = try GARCHCalibration.fit(returns: returns)
        try fitted.validate()
        // Without clustering there is nothing to persist: seed 1 fits alpha 8e-33 and beta 0.19,
        // seed 2 alpha 0.052 and beta 2e-12 (each at a boundary whose logit the likelihood
        // no longer sees).
        #expect(fitted.alpha + fitted.beta < 0.5, "seed \(seed): alpha \(fitted.alpha), beta \(fitted.beta)")
        // The long-run variance's standard error with 1,000 t5 returns is about 8 %.
        #expect(
            abs(fitted.unconditionalVariance / 4e-4 - 1) < 0.3,
            "seed \(seed): \(fitted.unconditionalVariance)")
        #expect(
            fitted.degreesOfFreedom > 3 && fitted.degreesOfFreedom < 9,
            "seed \(seed): nu \(fitted.degreesOfFreedom)")
    }

    @Test("calibration refuses data it cannot use, saying why")
    func refusals() {
        #expect(
            throws: PriceModelError.calibrationFailed("price 1 is -1.0; expected a positive finite number")
        ) {
            try GBMCalibration.fit(timestamps: [0, 1, 2], prices: [1, -1, 2])
        }
        #expect(throws: PriceModelError.calibrationFailed("timestamps are not increasing at index 2")) {
            try GBMCalibration.fit(timestamps: [0, 5, 5], prices: [1, 1, 2])
        }
        #expect(throws: PriceModelError.calibrationFailed("GARCH needs at least 100 returns, found 3")) {
            try GARCHCalibration.fit(returns: [0.1, 0.2, 0.3])
        }
        #expect(throws: PriceModelError.calibrationFailed("the returns do not vary")) {
            try GARCHCalibration.fit(returns: Array(repeating: 0.01, count: 200))
        }
    }
}

@Suite("GARCH carried from one step to another")
struct GARCHRescalingTests {
    static let daily = GARCH11(mean: 0.001, omega: 4e-5, alpha: 0.085, beta: 0.845, degreesOfFreedom: 4)

    @Test(
        "per unit time: the long-run variance, the mean and the persistence are kept; alpha scales with the step"
    )
    func rule() {
        let ratio = 1.0 / 288
        let fine = Self.daily.rescaled(by: ratio)
        #expect(abs(fine.unconditionalVariance * 288 / Self.daily.unconditionalVariance - 1) < 1e-9)
        #expect(abs(fine.mean * 288 - Self.daily.mean) < 1e-15)
        #expect(abs(pow(fine.alpha + fine.beta, 288) - (Self.daily.alpha + Self.daily.beta)) < 1e-9)
        #expect(abs(fine.alpha - 0.085 / 288) < 1e-15)
        #expect(fine.degreesOfFreedom == 4)
        #expect(throws: Never.self) { try fine.validate() }
        // Coarser: alpha is capped at the persistence's share, so the model stays stationary.
        let coarse = Self.daily.rescaled(by: 30)
        #expect(coarse.alpha + coarse.beta < 1)
        #expect(abs(coarse.alpha / (coarse.alpha + coarse.beta) - 0.085 / 0.93) < 1e-12)
    }

    @Test("simulated on the fine grid and summed per day, the returns have the daily model's variance")
    func aggregated() throws {
        let fine = Self.daily.rescaled(by: 1.0 / 96)
        var dailyReturns: [Double] = []
        for seed in UInt64(1)...8 {
            let returns = fine.logReturns(
                count: 96 * 2_000, stream: RandomStream(seed: StreamSeed(root: seed, stream: "g")))
            for day in 0..<2_000 { dailyReturns.append(returns[(day * 96)..<((day + 1) * 96)].reduce(0, +)) }
        }
        let mean = dailyReturns.reduce(0, +) / Double(dailyReturns.count)
        let variance =
            dailyReturns.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(dailyReturns.count - 1)
        // 16,000 days; with nu = 4 the variance's own error is large, so the bound is 10 %.
        #expect(
            abs(variance / Self.daily.unconditionalVariance - 1) < 0.1,
            "\(variance / Self.daily.unconditionalVariance)")
        #expect(abs(mean - Self.daily.mean) < 5 * (variance / Double(dailyReturns.count)).squareRoot())
    }
}
