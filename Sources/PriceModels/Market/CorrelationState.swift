import Foundation

/// ``MarketWalk``'s correlation part way: for each correlated coin, its last price as drawn
/// alone and its log price as mixed, and the market factor's stream.
///
/// A stretch of prices drawn alone becomes standardised innovations `e = (r - mean) / sd`, with
/// `r` the log return and the moments the coin's own (``PriceProcess/logReturnMoments(stepYears:)``);
/// ``MarketCorrelation/mix(_:factor:)`` mixes them, and the mixed log price takes `mean + sd z`.
struct CorrelationState {
    private struct Member {
        let slot: Int
        let id: String
        let moments: LogReturnMoments
        var drawnPrice: Double
        var logPrice: Double
    }

    private let correlation: MarketCorrelation
    private var members: [Member]
    private let factor: RandomStream

    /// The state at the start, or nil when no coin follows another.
    init?(
        coins: [SyntheticCoin], correlation: MarketCorrelation, stepYears: Double, rootSeed: UInt64,
        generator: GeneratorKind
    ) {
        let slots = Dictionary(
            coins.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        members = correlation.correlatedCoinIds.compactMap { id in
            guard let slot = slots[id],
                let moments = coins[slot].model.process.logReturnMoments(stepYears: stepYears)
            else { return nil }
            let start = coins[slot].startPrice
            return Member(slot: slot, id: id, moments: moments, drawnPrice: start, logPrice: log(start))
        }
        guard !members.isEmpty else { return nil }
        self.correlation = correlation
        factor = RandomStream(seed: StreamSeed(root: rootSeed, stream: "market/factor"), kind: generator)
    }

    private init(copying other: CorrelationState) {
        correlation = other.correlation
        members = other.members
        factor = other.factor.copy()
    }

    /// A copy at the same point, with its own factor stream.
    func copy() -> CorrelationState { CorrelationState(copying: self) }

    /// Replaces the correlated coins' prices drawn alone by their mixed prices.
    ///
    /// - Parameter prices: Every coin's stretch, by slot.
    mutating func mix(_ prices: [UnsafeMutableBufferPointer<Double>]) {
        var innovations: [String: [Double]] = [:]
        for member in members {
            let drawn = prices[member.slot]
            var previous = member.drawnPrice
            innovations[member.id] = drawn.map { price in
                defer { previous = price }
                return (log(price) - log(previous) - member.moments.mean) / member.moments.standardDeviation
            }
        }
        let factor = self.factor
        correlation.mix(&innovations) { count in
            var draws = [Double](repeating: 0, count: count)
            draws.withUnsafeMutableBufferPointer { factor.fillGaussians($0) }
            return draws
        }
        for index in members.indices {
            let member = members[index]
            let out = prices[member.slot]
            guard let mixed = innovations[member.id], let last = out.last else { continue }
            members[index].drawnPrice = last
            var logPrice = member.logPrice
            for (step, shock) in mixed.enumerated() {
                logPrice += member.moments.mean + member.moments.standardDeviation * shock
                out[step] = exp(logPrice)
            }
            members[index].logPrice = logPrice
        }
    }
}
