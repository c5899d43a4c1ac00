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

    /// A walk: a uniform a step (to switch or not, before the step), then a gaussian.
    ///
    /// - Parameters:
    ///   - start: The first price, > 0.
    ///   - stepYears: The step in years.
    public func walk(from start: Double, stepYears: Double) -> any PriceWalk {
        regimeWalk(from: start, stepYears: stepYears, recording: false)
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
        var walk = regimeWalk(from: start, stepYears: stepYears, recording: true)
        walk.taken?.reserveCapacity(steps)
        let prices = LogPricePath.prices(from: start, steps: steps) { walk.advance(into: $0, stream: stream) }
        return (prices, walk.taken ?? [])
    }

    private func regimeWalk(from start: Double, stepYears: Double, recording: Bool) -> Walk {
        Walk(
            means: regimes.map { $0.logReturnMean(stepYears: stepYears) },
            scales: regimes.map { $0.volatility * stepYears.squareRoot() },
            switchProbabilities: switchProbabilities, logPrice: log(start), taken: recording ? [] : nil)
    }

    /// The process part way: its log price and regime (and, when asked, every regime taken).
    struct Walk: PriceWalk {
        let means: [Double]
        let scales: [Double]
        let switchProbabilities: [Double]
        var logPrice: Double
        var state = 0
        var taken: [UInt8]?

        /// The log price and regime; the regimes taken are not part of it.
        var position: WalkPosition {
            get { WalkPosition(logPrice: logPrice, other: Double(state)) }
            set { (logPrice, state) = (newValue.logPrice, Int(newValue.other)) }
        }

        mutating func advance(into prices: UnsafeMutableBufferPointer<Double>, stream: RandomStream) {
            let (means, scales, switchProbabilities) = (self.means, self.scales, self.switchProbabilities)
            var state = self.state
            var taken = self.taken.take()
            LogPricePath.fill(prices, logPrice: &logPrice) { logPrice in
                if stream.uniform() < switchProbabilities[state] { state = 1 - state }
                taken?.append(UInt8(state))
                return logPrice + (means[state] + scales[state] * stream.gaussian())
            }
            self.state = state
            self.taken = taken
        }
    }
}
