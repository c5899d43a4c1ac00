import Foundation

extension GARCH11 {
    /// The model fitted on one step carried to a step `ratio` times as long (`5m` from daily
    /// data: `ratio = 1 / 288`).
    ///
    /// GARCH is not closed under changes of step (Drost and Nijman 1993), so this is a rule, not
    /// an identity: it keeps what a user reads off a chart.
    /// - the long-run variance per unit time: `v' = v ratio` (and the mean, `mean' = mean ratio`);
    /// - the persistence per unit time: `alpha' + beta' = (alpha + beta)^ratio`, so a shock's
    ///   effect halves over the same hours;
    /// - the reaction per unit time: `alpha' = alpha ratio`, so a day of small shocks moves the
    ///   variance as one daily shock did (capped at the persistence's share `alpha / (alpha +
    ///   beta)` when the step grows);
    /// - the tails: `nu' = nu`.
    ///
    /// - Parameter ratio: The new step over the old, > 0.
    public func rescaled(by ratio: Double) -> GARCH11 {
        precondition(ratio > 0 && ratio.isFinite, "a positive finite ratio")
        let persistence = alpha + beta
        let newPersistence = pow(persistence, ratio)
        let newAlpha = min(alpha * ratio, persistence > 0 ? newPersistence * alpha / persistence : 0)
        let variance = unconditionalVariance * ratio
        return GARCH11(
            mean: mean * ratio, omega: variance * (1 - newPersistence), alpha: newAlpha,
            beta: newPersistence - newAlpha, degreesOfFreedom: degreesOfFreedom)
    }
}
