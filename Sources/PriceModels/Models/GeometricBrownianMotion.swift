import Foundation

/// Geometric Brownian motion (Black and Scholes 1973; Samuelson 1965), simulated exactly:
/// `S(t+dt) = S(t) exp((mu - sigma^2 / 2) dt + sigma sqrt(dt) Z)`, Z standard normal.
public struct GeometricBrownianMotion: PriceProcess, Equatable {
    /// Drift per year (`mu`).
    public var drift: Double
    /// Volatility per year (`sigma`), > 0.
    public var volatility: Double

    /// Creates the model.
    ///
    /// - Parameters:
    ///   - drift: Drift per year.
    ///   - volatility: Volatility per year.
    public init(drift: Double, volatility: Double) {
        self.drift = drift
        self.volatility = volatility
    }

    /// `gbm`.
    public var name: String { "gbm" }

    /// Drift finite, volatility positive.
    public func validate() throws(PriceModelError) {
        let check = ParameterCheck(model: name)
        try check.finite("drift", drift)
        try check.positive("volatility", volatility)
    }

    /// The mean of one step's log return: `(mu - sigma^2 / 2) dt`.
    ///
    /// - Parameter stepYears: The step in years.
    public func logReturnMean(stepYears: Double) -> Double {
        (drift - volatility * volatility / 2) * stepYears
    }

    /// `(mu - sigma^2 / 2) dt` and `sigma sqrt(dt)`.
    public func logReturnMoments(stepYears: Double) -> LogReturnMoments? {
        LogReturnMoments(
            mean: logReturnMean(stepYears: stepYears), standardDeviation: volatility * stepYears.squareRoot())
    }

    /// A path; one gaussian per step.
    ///
    /// The normals are drawn first, all at once into the result (one C loop), then turned into
    /// prices in a tight loop: the same draws and the same arithmetic as a draw per step, so the
    /// path is bit for bit the same, but the exponentials no longer wait on the generator.
    public func path(from start: Double, steps: Int, stepYears: Double, stream: RandomStream) -> [Double] {
        let mean = logReturnMean(stepYears: stepYears)
        let scale = volatility * stepYears.squareRoot()
        return [Double](unsafeUninitializedCapacity: steps + 1) { prices, initialized in
            prices[0] = start
            stream.fillGaussians(UnsafeMutableBufferPointer(rebasing: prices[1...]))
            var logPrice = log(start)
            for step in stride(from: 1, through: steps, by: 1) {
                logPrice = logPrice + (mean + scale * prices[step])
                prices[step] = exp(logPrice)
            }
            initialized = steps + 1
        }
    }
}
