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

    /// A path.
    public func path(from start: Double, steps: Int, stepYears: Double, stream: RandomStream) -> [Double] {
        let returns = logReturns(count: steps, stream: stream)
        return LogPricePath.prices(from: start, steps: steps) { step, logPrice in logPrice + returns[step] }
    }

    /// The log returns alone.
    ///
    /// - Parameters:
    ///   - count: How many.
    ///   - stream: The randomness.
    public func logReturns(count: Int, stream: RandomStream) -> [Double] {
        let unitScale = ((degreesOfFreedom - 2) / degreesOfFreedom).squareRoot()
        var variance = unconditionalVariance
        var returns = [Double](repeating: 0, count: count)
        for index in 0..<count {
            let shock = variance.squareRoot() * unitScale * stream.studentT(degrees: degreesOfFreedom)
            returns[index] = mean + shock
            variance = omega + alpha * shock * shock + beta * variance
        }
        return returns
    }
}
