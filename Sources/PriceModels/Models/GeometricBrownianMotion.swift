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

    /// A walk; one gaussian per step.
    ///
    /// - Parameters:
    ///   - start: The first price, > 0.
    ///   - stepYears: The step in years.
    public func walk(from start: Double, stepYears: Double) -> any PriceWalk {
        Walk(
            mean: logReturnMean(stepYears: stepYears), scale: volatility * stepYears.squareRoot(),
            logPrice: log(start))
    }

    /// GBM part way: its log price.
    struct Walk: PriceWalk {
        let mean: Double
        let scale: Double
        var logPrice: Double

        var position: WalkPosition {
            get { WalkPosition(logPrice: logPrice) }
            set { logPrice = newValue.logPrice }
        }

        /// The normals are drawn first, all at once into `prices` (one C loop), then turned into
        /// prices in a tight loop: the same draws and arithmetic as a draw per step, but the
        /// exponentials no longer wait on the generator.
        mutating func advance(into prices: UnsafeMutableBufferPointer<Double>, stream: RandomStream) {
            stream.fillGaussians(prices)
            for index in prices.indices {
                logPrice = logPrice + (mean + scale * prices[index])
                prices[index] = exp(logPrice)
            }
        }
    }
}
