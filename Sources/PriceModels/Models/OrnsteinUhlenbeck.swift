import Foundation

/// An Ornstein-Uhlenbeck process on the log price around a peg (Uhlenbeck and Ornstein 1930;
/// Vasicek 1977), for stablecoins: `dX = theta (log(peg) - X) dt + sigma dW`, simulated with its
/// exact transition `X(t+dt) = m + (X(t) - m) e^(-theta dt) + sigma sqrt((1 - e^(-2 theta dt)) /
/// (2 theta)) Z`.
public struct OrnsteinUhlenbeck: PriceProcess, Equatable {
    /// The peg, > 0 (1 for a dollar stablecoin).
    public var peg: Double
    /// Mean-reversion speed per year (`theta`), > 0.
    public var reversionSpeed: Double
    /// Volatility per year (`sigma`), > 0.
    public var volatility: Double

    /// Creates the model.
    ///
    /// - Parameters:
    ///   - peg: The peg.
    ///   - reversionSpeed: Reversion speed per year.
    ///   - volatility: Volatility per year.
    public init(peg: Double, reversionSpeed: Double, volatility: Double) {
        self.peg = peg
        self.reversionSpeed = reversionSpeed
        self.volatility = volatility
    }

    /// `ou`.
    public var name: String { "ou" }

    /// None: the log price reverts to the peg, it is not a random walk.
    public func logReturnMoments(stepYears: Double) -> LogReturnMoments? { nil }

    /// Peg, speed and volatility positive.
    public func validate() throws(PriceModelError) {
        let check = ParameterCheck(model: name)
        try check.positive("peg", peg)
        try check.positive("reversion_speed", reversionSpeed)
        try check.positive("volatility", volatility)
    }

    /// The stationary standard deviation of the log price, `sigma / sqrt(2 theta)`.
    public var stationaryDeviation: Double { volatility / (2 * reversionSpeed).squareRoot() }

    /// A walk; one gaussian per step.
    ///
    /// - Parameters:
    ///   - start: The first price, > 0.
    ///   - stepYears: The step in years.
    public func walk(from start: Double, stepYears: Double) -> any PriceWalk {
        let decay = exp(-reversionSpeed * stepYears)
        return Walk(
            target: log(peg), decay: decay,
            scale: volatility * ((1 - decay * decay) / (2 * reversionSpeed)).squareRoot(),
            logPrice: log(start))
    }

    /// The process part way: its log price.
    struct Walk: PriceWalk {
        let target: Double
        let decay: Double
        let scale: Double
        var logPrice: Double

        var position: WalkPosition {
            get { WalkPosition(logPrice: logPrice) }
            set { logPrice = newValue.logPrice }
        }

        mutating func advance(into prices: UnsafeMutableBufferPointer<Double>, stream: RandomStream) {
            let (target, decay, scale) = (self.target, self.decay, self.scale)
            LogPricePath.fill(prices, logPrice: &logPrice) { logPrice in
                target + (logPrice - target) * decay + scale * stream.gaussian()
            }
        }
    }
}
