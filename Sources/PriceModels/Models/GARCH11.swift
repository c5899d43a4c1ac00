import Foundation

/// GARCH(1,1) log returns with Student-t innovations (T. Bollerslev 1986, 1987): volatility
/// clustering and fat tails.
///
/// Per step: `r_t = mu + e_t`, `e_t = sigma_t z_t`, `sigma_t^2 = omega + alpha e_{t-1}^2 +
/// beta sigma_{t-1}^2`, with `z_t` Student-t with `nu` degrees of freedom scaled to unit variance
/// (`t sqrt((nu - 2) / nu)`). The parameters are *per step* (GARCH has no natural continuous
/// time); the step size only labels the path. The variance starts at its long-run level
/// `omega / (1 - alpha - beta)`.
public struct GARCH11: PriceProcess, Equatable {
    /// Mean log return per step (`mu`).
    public var mean: Double
    /// Constant term of the variance (`omega`), > 0.
    public var omega: Double
    /// Weight of the last squared shock (`alpha`), >= 0.
    public var alpha: Double
    /// Weight of the last variance (`beta`), >= 0; `alpha + beta < 1` (stationarity).
    public var beta: Double
    /// Degrees of freedom of the innovations (`nu`), > 2 (finite variance).
    public var degreesOfFreedom: Double

    /// Creates the model.
    ///
    /// - Parameters:
    ///   - mean: Mean log return per step.
    ///   - omega: Variance constant.
    ///   - alpha: Shock weight.
    ///   - beta: Persistence.
    ///   - degreesOfFreedom: Student-t degrees of freedom.
    public init(mean: Double, omega: Double, alpha: Double, beta: Double, degreesOfFreedom: Double) {
        self.mean = mean
        self.omega = omega
        self.alpha = alpha
        self.beta = beta
        self.degreesOfFreedom = degreesOfFreedom
    }

    /// `garch`.
    public var name: String { "garch" }

    /// The long-run variance per step, `omega / (1 - alpha - beta)`.
    public var unconditionalVariance: Double { omega / (1 - alpha - beta) }

    /// omega > 0, alpha and beta >= 0 with `alpha + beta < 1`, nu > 2.
    public func validate() throws(PriceModelError) {
        let check = ParameterCheck(model: name)
        try check.finite("mean", mean)
        try check.positive("omega", omega)
        try check.nonNegative("alpha", alpha)
        try check.nonNegative("beta", beta)
        guard alpha + beta < 1 else {
            throw check.fail("alpha + beta", alpha + beta, "below 1 (stationarity)")
        }
        guard degreesOfFreedom.isFinite, degreesOfFreedom > 2 else {
            throw check.fail("degrees_of_freedom", degreesOfFreedom, "greater than 2 (finite variance)")
        }
    }

    /// The mean and the long-run variance per step (GARCH's parameters are per step).
    public func logReturnMoments(stepYears: Double) -> LogReturnMoments? {
        LogReturnMoments(mean: mean, standardDeviation: unconditionalVariance.squareRoot())
    }

    /// A walk: a Student-t draw a step.
    ///
    /// - Parameters:
    ///   - start: The first price, > 0.
    ///   - stepYears: Unused: the parameters are per step.
    public func walk(from start: Double, stepYears: Double) -> any PriceWalk {
        Walk(model: self, logPrice: log(start))
    }

    /// The log returns alone.
    ///
    /// - Parameters:
    ///   - count: How many.
    ///   - stream: The randomness.
    public func logReturns(count: Int, stream: RandomStream) -> [Double] {
        var walk = Walk(model: self, logPrice: 0)
        return (0..<count).map { _ in walk.nextReturn(stream: stream) }
    }

    /// The process part way: its log price and conditional variance.
    struct Walk: PriceWalk {
        let model: GARCH11
        let unitScale: Double
        var logPrice: Double
        var variance: Double

        var position: WalkPosition {
            get { WalkPosition(logPrice: logPrice, other: variance) }
            set { (logPrice, variance) = (newValue.logPrice, newValue.other) }
        }

        init(model: GARCH11, logPrice: Double) {
            self.model = model
            unitScale = ((model.degreesOfFreedom - 2) / model.degreesOfFreedom).squareRoot()
            self.logPrice = logPrice
            variance = model.unconditionalVariance
        }

        /// The next log return, updating the variance.
        mutating func nextReturn(stream: RandomStream) -> Double {
            let shock = variance.squareRoot() * unitScale * stream.studentT(degrees: model.degreesOfFreedom)
            variance = model.omega + model.alpha * shock * shock + model.beta * variance
            return model.mean + shock
        }

        mutating func advance(into prices: UnsafeMutableBufferPointer<Double>, stream: RandomStream) {
            var walk = self
            LogPricePath.fill(prices, logPrice: &logPrice) { logPrice in
                logPrice + walk.nextReturn(stream: stream)
            }
            variance = walk.variance
        }
    }
}
