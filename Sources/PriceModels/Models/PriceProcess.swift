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

    /// A price path.
    ///
    /// - Parameters:
    ///   - start: The first price, > 0.
    ///   - steps: How many steps to take.
    ///   - stepYears: The step in years (5 minutes is `300 / 31_536_000`).
    ///   - stream: The randomness.
    /// - Returns: `steps + 1` prices, the first being `start`.
    func path(from start: Double, steps: Int, stepYears: Double, stream: RandomStream) -> [Double]
}

/// Milliseconds in the 365-day year the models use.
public let millisecondsPerYear: Double = 365 * 86_400_000
