/// One of the price models, as a scenario or the CLI names it.
public enum PriceModel: Sendable, Equatable {
    /// Geometric Brownian motion.
    case gbm(GeometricBrownianMotion)
    /// Merton jump diffusion.
    case merton(MertonJumpDiffusion)
    /// GARCH(1,1) with Student-t innovations.
    case garch(GARCH11)
    /// Two-state regime switching.
    case regime(RegimeSwitching)
    /// Ornstein-Uhlenbeck around a peg.
    case ou(OrnsteinUhlenbeck)

    /// The model as a process.
    public var process: any PriceProcess {
        switch self {
        case .gbm(let model): model
        case .merton(let model): model
        case .garch(let model): model
        case .regime(let model): model
        case .ou(let model): model
        }
    }
}
