/// A seeded random price process: the contract every price model meets.
///
/// Parameters are per year (drift 0.5 is +50 % a year) unless a model says otherwise; a path may
/// have any step size. Models are values, validated before use; the randomness comes from the
/// ``RandomStream`` passed in, so a path is a pure function of the parameters and the seed.
public protocol PriceProcess: Sendable {
    /// The model's name in errors and output (`gbm`, `merton`, ...).
    var name: String { get }

    /// Checks the parameters.
    ///
    /// - Throws: ``PriceModelError/invalidParameter(model:name:value:expected:)`` naming the first
    ///   parameter out of range.
    func validate() throws(PriceModelError)

    /// A walk from `start`: the path's prices after the first, a stretch at a time
    /// (``path(from:steps:stepYears:stream:)`` takes them all at once).
    ///
    /// - Parameters:
    ///   - start: The first price, > 0.
    ///   - stepYears: The step in years (5 minutes is `300 / 31_536_000`).
    func walk(from start: Double, stepYears: Double) -> any PriceWalk

    /// The mean and standard deviation of one step's log return in the long run, or nil when the
    /// log price is not a random walk (a pegged coin). ``MarketPaths`` correlates coins through
    /// these, keeping each coin's own mean and variance.
    ///
    /// - Parameter stepYears: The step in years.
    func logReturnMoments(stepYears: Double) -> LogReturnMoments?
}

extension PriceProcess {
    /// Whether the log price is a random walk that can follow the market (not a pegged coin).
    public var followsMarket: Bool { logReturnMoments(stepYears: 1) != nil }
}

/// The mean and standard deviation of one step's log return.
public struct LogReturnMoments: Sendable, Equatable {
    /// The mean.
    public var mean: Double
    /// The standard deviation, > 0.
    public var standardDeviation: Double

    /// Creates the moments.
    ///
    /// - Parameters:
    ///   - mean: The mean.
    ///   - standardDeviation: The standard deviation.
    public init(mean: Double, standardDeviation: Double) {
        self.mean = mean
        self.standardDeviation = standardDeviation
    }
}

/// Milliseconds in the 365-day year the models use.
public let millisecondsPerYear: Double = 365 * 86_400_000
