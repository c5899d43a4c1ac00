import CGSL
import Foundation

/// Maximum-likelihood GARCH(1,1)-t parameters from log returns, with GSL's Nelder-Mead simplex
/// minimiser (`gsl_multimin_fminimizer_nmsimplex2`) on the negative log-likelihood.
///
/// The mean is the sample mean. The other parameters are searched in an unconstrained space that
/// maps onto the valid region, so every candidate is a stationary model: `omega = exp(a)`,
/// `alpha + beta = logistic(b)`, `alpha = (alpha + beta) logistic(c)`, `nu = 2 + exp(d)`. The
/// variance recursion starts at the sample variance. The Student-t density is scaled to unit
/// variance, as in ``GARCH11``.
public enum GARCHCalibration {
    /// Fits a model.
    ///
    /// - Parameters:
    ///   - returns: Log returns, at least 100.
    ///   - maxIterations: The minimiser's iteration budget.
    /// - Returns: The fitted model.
    /// - Throws: ``PriceModelError/calibrationFailed(_:)`` for too little or invalid data, or when
    ///   the minimiser neither converges nor stalls on a flat likelihood (``Stall``) within
    ///   `maxIterations`.
    public static func fit(returns: [Double], maxIterations: Int = 5_000) throws(PriceModelError) -> GARCH11 {
        guard returns.count >= 100 else {
            throw .calibrationFailed("GARCH needs at least 100 returns, found \(returns.count)")
        }
        if let bad = returns.firstIndex(where: { !$0.isFinite }) {
            throw .calibrationFailed("return \(bad) is \(returns[bad])")
        }
        guard returns.contains(where: { $0 != returns[0] }) else {
            throw .calibrationFailed("the returns do not vary")
        }
        let mean = returns.reduce(0, +) / Double(returns.count)
        let residuals = returns.map { $0 - mean }
        let variance = residuals.reduce(0) { $0 + $1 * $1 } / Double(residuals.count)
        let problem = Likelihood(residuals: residuals, initialVariance: variance)
        // Start: persistence 0.9, alpha 0.1 of it, nu 8, omega matching the sample variance.
        let start = [log(variance * 0.1), logit(0.9), logit(0.1 / 0.9), log(6.0)]
        let best = try minimise(problem, from: start, maxIterations: maxIterations)
        return problem.model(best, mean: mean)
    }

    static func logistic(_ value: Double) -> Double { 1 / (1 + exp(-value)) }
    static func logit(_ probability: Double) -> Double { log(probability / (1 - probability)) }

    /// The negative log-likelihood of the residuals under a parameter vector.
    final class Likelihood {
        let residuals: [Double]
        let initialVariance: Double

        init(residuals: [Double], initialVariance: Double) {
            self.residuals = residuals
            self.initialVariance = initialVariance
        }

        func model(_ point: [Double], mean: Double) -> GARCH11 {
            let persistence = GARCHCalibration.logistic(point[1])
            let alpha = persistence * GARCHCalibration.logistic(point[2])
            return GARCH11(
                mean: mean, omega: exp(point[0]), alpha: alpha, beta: persistence - alpha,
                degreesOfFreedom: 2 + exp(point[3]))
        }

        func negativeLogLikelihood(_ point: [Double]) -> Double {
            let garch = model(point, mean: 0)
            let nu = garch.degreesOfFreedom
            let constant = lgamma((nu + 1) / 2) - lgamma(nu / 2) - 0.5 * log(Double.pi * (nu - 2))
            var variance = initialVariance
            var total = 0.0
            for residual in residuals {
                total +=
                    constant - 0.5 * log(variance)
                    - (nu + 1) / 2 * log(1 + residual * residual / ((nu - 2) * variance))
                variance = garch.omega + garch.alpha * residual * residual + garch.beta * variance
            }
            return total.isFinite ? -total : .greatestFiniteMagnitude
        }
    }

    private static func minimise(_ problem: Likelihood, from start: [Double], maxIterations: Int)
        throws(PriceModelError) -> [Double]
    {
        _ = GSLErrorHandling.abortOff
        let dimension = start.count
        let context = Unmanaged.passRetained(problem)
        defer { context.release() }
        var function = gsl_multimin_function(
            f: { vector, parameters in
                guard let vector, let parameters else { return .greatestFiniteMagnitude }
                let problem = Unmanaged<Likelihood>.fromOpaque(parameters).takeUnretainedValue()
                let point = (0..<vector.pointee.size).map { gsl_vector_get(vector, $0) }
                return problem.negativeLogLikelihood(point)
            },
            n: dimension,
            params: context.toOpaque())
        guard let minimizer = gsl_multimin_fminimizer_alloc(cgsl_multimin_nmsimplex2(), dimension),
            let initial = gsl_vector_alloc(dimension), let steps = gsl_vector_alloc(dimension)
        else { throw .calibrationFailed("out of memory") }
        defer {
            gsl_multimin_fminimizer_free(minimizer)
            gsl_vector_free(initial)
            gsl_vector_free(steps)
        }
        for (index, value) in start.enumerated() {
            gsl_vector_set(initial, index, value)
            gsl_vector_set(steps, index, 0.5)
        }
        gsl_multimin_fminimizer_set(minimizer, &function, initial, steps)
        func best() -> [Double] { (0..<dimension).map { gsl_vector_get(minimizer.pointee.x, $0) } }
        var iterations = 0
        var status = Int32(GSL_SUCCESS)
        var stall = Stall()
        while iterations < maxIterations {
            iterations += 1
            status = gsl_multimin_fminimizer_iterate(minimizer)
            guard status == GSL_SUCCESS else { break }
            if gsl_multimin_test_size(gsl_multimin_fminimizer_size(minimizer), sizeTolerance) == GSL_SUCCESS
                || stall.isFlat(after: minimizer.pointee.fval)
            {
                return best()
            }
        }
        guard status == GSL_SUCCESS else {
            throw .calibrationFailed(
                "the likelihood maximisation stopped after \(iterations) iterations: \(String(cString: gsl_strerror(status)))"
            )
        }
        throw .calibrationFailed(
            "the likelihood maximisation did not converge in \(maxIterations) iterations")
    }

    /// The simplex's size at which the fit stops, in the search space (log omega, the logits,
    /// log(nu - 2)): a relative precision of about 1e-5 in each parameter, thousands of times
    /// finer than the fit's own standard errors (a year of Bitcoin's daily returns: omega 79 %,
    /// alpha 53 %, beta 10 %, nu 22 %, from the Hessian at scipy's optimum). `CalibrationTests`
    /// checks that year's fit against scipy's maximum likelihood.
    ///
    /// It is not smaller because of rounding. The negative log-likelihood of a year is about
    /// 1e3, so it is blurred by about 1e-13, and within a simplex of 1e-7 its vertices differ by
    /// less than that: at 1e-7 whether the simplex shrank depended on the last bits (on 350
    /// windows of the recorded Bitcoin history, 16 to 40 windows ran out of iterations, and a
    /// change of 1e-15 in the likelihood's constant changed which).
    static let sizeTolerance = 1e-5

    /// Watches the simplex's best value for progress, to stop where the likelihood is flat.
    ///
    /// Some of the search's directions can stop mattering to the likelihood: the persistence's
    /// logit once `alpha + beta` is 1 to the Double (an integrated fit, long windows of Bitcoin's
    /// history), the logit of alpha's share once alpha or beta is 0 to the Double (returns
    /// without clustering), and `log(nu - 2)` once the Student-t is a normal. The simplex then drifts
    /// along them without shrinking, and before this rule ran out of iterations on 2 of 48 sets
    /// of iid returns. When the best value has not improved by `1e-10` of itself in 500
    /// iterations (converged fits take 300 to 450 in all), the best point is the fit: the
    /// directions left have no effect on the likelihood. The threshold is a million times the
    /// rounding of the likelihood, so it does not bring rounding back into the decision.
    struct Stall {
        /// The least relative improvement that counts as progress.
        static let progress = 1e-10
        /// Iterations without progress after which the likelihood is taken as flat.
        static let iterations = 500
        private var reference = Double.infinity
        private var quiet = 0

        /// Records the best value after an iteration.
        ///
        /// - Parameter value: The simplex's best value (the negative log-likelihood).
        /// - Returns: Whether it has not improved by ``progress`` of itself for ``iterations``
        ///   iterations.
        mutating func isFlat(after value: Double) -> Bool {
            if value < reference - Self.progress * abs(value) {
                (reference, quiet) = (value, 0)
            } else {
                quiet += 1
            }
            return quiet >= Self.iterations
        }
    }
}
