import Foundation

/// Two-state Markov regime switching (J. D. Hamilton 1989): a calm and a turbulent regime, each a
/// GBM with its own drift and volatility; the regime changes between steps with fixed
/// probabilities.
public struct RegimeSwitching: PriceProcess, Equatable {
    /// The two regimes' dynamics; the path starts in the first.
    public var regimes: [GeometricBrownianMotion]
    /// Per-step probability of leaving regime 0 and of leaving regime 1, in [0, 1].
    public var switchProbabilities: [Double]

    /// Creates the model.
    ///
    /// - Parameters:
    ///   - calm: Regime 0 (where the path starts).
    ///   - turbulent: Regime 1.
    ///   - leaveCalm: Per-step probability of switching 0 -> 1.
    ///   - leaveTurbulent: Per-step probability of switching 1 -> 0.
    public init(
        calm: GeometricBrownianMotion, turbulent: GeometricBrownianMotion, leaveCalm: Double,
        leaveTurbulent: Double
    ) {
        regimes = [calm, turbulent]
        switchProbabilities = [leaveCalm, leaveTurbulent]
    }

    /// `regime`.
    public var name: String { "regime" }

    /// Each regime's checks, probabilities in [0, 1].
    public func validate() throws(PriceModelError) {
        let check = ParameterCheck(model: name)
        for (index, regime) in regimes.enumerated() {
            try check.finite("regime\(index).drift", regime.drift)
            try check.positive("regime\(index).volatility", regime.volatility)
        }
        try check.probability("leave_calm", switchProbabilities[0])
        try check.probability("leave_turbulent", switchProbabilities[1])
    }

    /// The mixture of the two regimes' moments, weighted by the chain's stationary distribution
    /// (calm with probability `leave_turbulent / (leave_calm + leave_turbulent)`; the starting,
    /// calm regime when neither is ever left).
    public func logReturnMoments(stepYears: Double) -> LogReturnMoments? {
        let leaving = switchProbabilities[0] + switchProbabilities[1]
        let calm = leaving > 0 ? switchProbabilities[1] / leaving : 1
        let weights = [calm, 1 - calm]
        let means = regimes.map { $0.logReturnMean(stepYears: stepYears) }
        let mean = weights[0] * means[0] + weights[1] * means[1]
        let secondMoment = (0..<2).reduce(0.0) { sum, index in
            sum + weights[index]
                * (regimes[index].volatility * regimes[index].volatility * stepYears + means[index]
                    * means[index])
        }
        return LogReturnMoments(mean: mean, standardDeviation: (secondMoment - mean * mean).squareRoot())
    }

    /// A path.
    public func path(from start: Double, steps: Int, stepYears: Double, stream: RandomStream) -> [Double] {
        pathWithRegimes(from: start, steps: steps, stepYears: stepYears, stream: stream).prices
    }

    /// A path and the regime of each step.
    ///
    /// - Parameters:
    ///   - start: The first price.
    ///   - steps: Steps.
    ///   - stepYears: Step in years.
    ///   - stream: The randomness.
    public func pathWithRegimes(from start: Double, steps: Int, stepYears: Double, stream: RandomStream)
        -> (prices: [Double], regimes: [UInt8])
    {
        let means = regimes.map { $0.logReturnMean(stepYears: stepYears) }
        let scales = regimes.map { $0.volatility * stepYears.squareRoot() }
        var states = [UInt8](repeating: 0, count: steps)
        var state = 0
        let prices = LogPricePath.prices(from: start, steps: steps) { step, logPrice in
            if stream.uniform() < switchProbabilities[state] { state = 1 - state }
            states[step] = UInt8(state)
            return logPrice + (means[state] + scales[state] * stream.gaussian())
        }
        return (prices, states)
    }
}
