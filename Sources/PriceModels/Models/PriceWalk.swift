/// A price process part way along its path: the state one step needs (the log price, a variance,
/// a regime), so a path can be produced a stretch at a time, and a copy of the walk (with a copy
/// of its ``RandomStream``) continues it from the same point.
///
/// A path taken in stretches of any lengths is bit for bit the path taken at once: the draws come
/// from the stream in the same order and each price is the same arithmetic on the same state.
/// ``MarketWalk`` relies on this to regenerate ticks from checkpoints.
public protocol PriceWalk: Sendable {
    /// Writes the next `prices.count` prices, one step each.
    ///
    /// - Parameters:
    ///   - prices: Where the prices go.
    ///   - stream: The randomness; the same stream on every call of one path.
    mutating func advance(into prices: UnsafeMutableBufferPointer<Double>, stream: RandomStream)

    /// Where the walk stands: everything that changes as it advances. A walk of the same model
    /// and step set to a position another held continues, with the same stream state, as that
    /// one did from there (``MarketWalk``'s checkpoints keep only this).
    var position: WalkPosition { get set }
}

/// What changes as a walk advances: its log price and at most one more number (a GARCH variance,
/// a regime, a count of jumps), exactly.
public struct WalkPosition: Sendable, Equatable {
    /// The log price.
    public var logPrice: Double
    /// The model's other changing number, or 0.
    public var other: Double

    /// Creates a position.
    ///
    /// - Parameters:
    ///   - logPrice: The log price.
    ///   - other: The model's other changing number (exact for integers below 2^53), or 0.
    public init(logPrice: Double, other: Double = 0) {
        self.logPrice = logPrice
        self.other = other
    }
}

extension PriceProcess {
    /// A path: `steps + 1` prices from `start`, the first being `start`.
    ///
    /// - Parameters:
    ///   - start: The first price, > 0.
    ///   - steps: How many steps to take.
    ///   - stepYears: The step in years (5 minutes is `300 / 31_536_000`).
    ///   - stream: The randomness.
    public func path(from start: Double, steps: Int, stepYears: Double, stream: RandomStream) -> [Double] {
        var walk = walk(from: start, stepYears: stepYears)
        return LogPricePath.prices(from: start, steps: steps) { walk.advance(into: $0, stream: stream) }
    }
}
