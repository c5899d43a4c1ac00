import Foundation

/// Merton's jump diffusion (R. C. Merton, "Option pricing when underlying stock returns are
/// discontinuous", 1976): GBM plus Poisson-timed jumps with normal log sizes, for crashes and
/// spikes.
///
/// Per step: `N ~ Poisson(lambda dt)` jumps, each a log jump `Y ~ N(muJ, sigmaJ^2)`, and the
/// drift compensated by `lambda k dt` with `k = exp(muJ + sigmaJ^2 / 2) - 1`, so that the
/// expected price still grows at `mu`.
public struct MertonJumpDiffusion: PriceProcess, Equatable {
    /// The diffusion part.
    public var diffusion: GeometricBrownianMotion
    /// Expected jumps per year (`lambda`), >= 0.
    public var jumpIntensity: Double
    /// Mean log jump size (`muJ`; -0.2 is a typical 18 % crash).
    public var jumpMean: Double
    /// Standard deviation of the log jump size (`sigmaJ`), >= 0.
    public var jumpVolatility: Double

    /// Creates the model.
    ///
    /// - Parameters:
    ///   - drift: Drift per year.
    ///   - volatility: Diffusion volatility per year.
    ///   - jumpIntensity: Jumps per year.
    ///   - jumpMean: Mean log jump.
    ///   - jumpVolatility: Standard deviation of the log jump.
    public init(
        drift: Double, volatility: Double, jumpIntensity: Double, jumpMean: Double, jumpVolatility: Double
    ) {
        diffusion = GeometricBrownianMotion(drift: drift, volatility: volatility)
        self.jumpIntensity = jumpIntensity
        self.jumpMean = jumpMean
        self.jumpVolatility = jumpVolatility
    }

    /// `merton`.
    public var name: String { "merton" }

    /// The diffusion's checks, intensity and jump volatility >= 0, jump mean finite.
    public func validate() throws(PriceModelError) {
        let check = ParameterCheck(model: name)
        try check.finite("drift", diffusion.drift)
        try check.positive("volatility", diffusion.volatility)
        try check.nonNegative("jump_intensity", jumpIntensity)
        try check.finite("jump_mean", jumpMean)
        try check.nonNegative("jump_volatility", jumpVolatility)
    }

    /// The diffusion's compensated mean plus `lambda dt` jumps of mean `jump_mean`; the variance
    /// `sigma^2 dt + lambda dt (jump_mean^2 + jump_volatility^2)` (a compound Poisson sum).
    public func logReturnMoments(stepYears: Double) -> LogReturnMoments? {
        let jumpsPerStep = jumpIntensity * stepYears
        let variance =
            diffusion.volatility * diffusion.volatility * stepYears
            + jumpsPerStep * (jumpMean * jumpMean + jumpVolatility * jumpVolatility)
        return LogReturnMoments(
            mean: diffusion.logReturnMean(stepYears: stepYears) - compensation * stepYears + jumpsPerStep
                * jumpMean,
            standardDeviation: variance.squareRoot())
    }

    /// `lambda (e^(jump_mean + jump_volatility^2 / 2) - 1)`: the drift the jumps add, taken off.
    private var compensation: Double {
        jumpIntensity * (exp(jumpMean + jumpVolatility * jumpVolatility / 2) - 1)
    }

    /// A walk: a gaussian a step, a Poisson count of jumps (when the intensity is positive) and a
    /// gaussian a jump.
    ///
    /// - Parameters:
    ///   - start: The first price, > 0.
    ///   - stepYears: The step in years.
    public func walk(from start: Double, stepYears: Double) -> any PriceWalk {
        jumpWalk(from: start, stepYears: stepYears)
    }

    /// A path and the number of jumps in it.
    ///
    /// - Parameters:
    ///   - start: The first price.
    ///   - steps: Steps.
    ///   - stepYears: Step in years.
    ///   - stream: The randomness.
    public func pathWithJumps(from start: Double, steps: Int, stepYears: Double, stream: RandomStream)
        -> (prices: [Double], jumps: Int)
    {
        var walk = jumpWalk(from: start, stepYears: stepYears)
        let prices = LogPricePath.prices(from: start, steps: steps) { walk.advance(into: $0, stream: stream) }
        return (prices, walk.jumps)
    }

    private func jumpWalk(from start: Double, stepYears: Double) -> Walk {
        Walk(
            mean: diffusion.logReturnMean(stepYears: stepYears) - compensation * stepYears,
            scale: diffusion.volatility * stepYears.squareRoot(), jumpsPerStep: jumpIntensity * stepYears,
            jumpMean: jumpMean, jumpVolatility: jumpVolatility, logPrice: log(start))
    }

    /// The process part way: its log price, and the jumps so far.
    struct Walk: PriceWalk {
        let mean: Double
        let scale: Double
        let jumpsPerStep: Double
        let jumpMean: Double
        let jumpVolatility: Double
        var logPrice: Double
        var jumps = 0

        var position: WalkPosition {
            get { WalkPosition(logPrice: logPrice, other: Double(jumps)) }
            set { (logPrice, jumps) = (newValue.logPrice, Int(newValue.other)) }
        }

        mutating func advance(into prices: UnsafeMutableBufferPointer<Double>, stream: RandomStream) {
            let (mean, scale, jumpsPerStep) = (self.mean, self.scale, self.jumpsPerStep)
            let (jumpMean, jumpVolatility) = (self.jumpMean, self.jumpVolatility)
            var jumps = self.jumps
            LogPricePath.fill(prices, logPrice: &logPrice) { logPrice in
                var next = logPrice + (mean + scale * stream.gaussian())
                let count = jumpsPerStep > 0 ? stream.poisson(mean: jumpsPerStep) : 0
                for _ in 0..<count { next += jumpMean + jumpVolatility * stream.gaussian() }
                jumps += count
                return next
            }
            self.jumps = jumps
        }
    }
}
