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
        /// With one market factor, the coin's loading on it and on its own part,
        /// `(sqrt(rho), sqrt(1 - rho))`; nil under a matrix.
        let factorWeights: (load: Double, own: Double)?
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
        members = correlation.correlatedIds(among: coins).compactMap { id in
            guard let slot = slots[id],
                let moments = coins[slot].model.process.logReturnMoments(stepYears: stepYears)
            else { return nil }
            let start = coins[slot].startPrice
            var weights: (Double, Double)?
            if case .oneFactor(let correlations) = correlation, let rho = correlations[id] {
                weights = (rho.squareRoot(), (1 - rho).squareRoot())
            }
            return Member(
                slot: slot, id: id, moments: moments, factorWeights: weights, drawnPrice: start,
                logPrice: log(start))
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

    /// Words ``appendMembers(to:)`` writes: two a member.
    var memberWords: Int { 2 * members.count }

    /// Words ``appendFactor(to:)`` writes: the factor stream's state.
    var factorWords: Int { factor.stateWords }

    /// Appends what changes in the members as the state advances: each one's prices.
    ///
    /// - Parameter words: Where it goes.
    func appendMembers(to words: inout [UInt64]) {
        for member in members {
            words.append(member.drawnPrice.bitPattern)
            words.append(member.logPrice.bitPattern)
        }
    }

    /// Appends the factor stream's state.
    ///
    /// - Parameter words: Where it goes.
    func appendFactor(to words: inout [UInt64]) {
        factor.appendState(to: &words)
    }

    /// Sets the state to what ``appendMembers(to:)`` and ``appendFactor(to:)`` wrote from the
    /// same market.
    ///
    /// - Parameters:
    ///   - members: ``memberWords`` words.
    ///   - factor: ``factorWords`` words.
    mutating func restore(members words: ArraySlice<UInt64>, factor state: ArraySlice<UInt64>) {
        var next = words.startIndex
        for index in members.indices {
            members[index].drawnPrice = Double(bitPattern: words[next])
            members[index].logPrice = Double(bitPattern: words[next + 1])
            next += 2
        }
        factor.restoreState(from: state)
    }

    /// Replaces the correlated coins' prices drawn alone by their mixed prices.
    ///
    /// - Parameter prices: Every coin's stretch, by slot.
    mutating func mix(_ prices: [UnsafeMutableBufferPointer<Double>]) {
        // One logarithm a tick: each price's is the next one's previous.
        var innovations = members.map { member in
            let drawn = prices[member.slot]
            var previous = log(member.drawnPrice)
            return drawn.map { price in
                let current = log(price)
                defer { previous = current }
                return (current - previous - member.moments.mean) / member.moments.standardDeviation
            }
        }
        mixInnovations(&innovations)
        for index in members.indices {
            let member = members[index]
            let out = prices[member.slot]
            guard let last = out.last else { continue }
            members[index].drawnPrice = last
            var logPrice = member.logPrice
            for (step, shock) in innovations[index].enumerated() {
                logPrice += member.moments.mean + member.moments.standardDeviation * shock
                out[step] = exp(logPrice)
            }
            members[index].logPrice = logPrice
        }
    }

    /// ``MarketCorrelation/mix(_:factor:)`` on the members' innovations, in ``members``' order.
    /// One market factor is mixed here with each member's weights computed once (the same
    /// arithmetic, so the same bits): a market of single-coin walks mixes in time linear in
    /// its coins.
    private func mixInnovations(_ innovations: inout [[Double]]) {
        let factor = self.factor
        guard case .oneFactor = correlation else {
            var byId = Dictionary(
                zip(members.map(\.id), innovations), uniquingKeysWith: { first, _ in first })
            correlation.mix(&byId) { count in
                var draws = [Double](repeating: 0, count: count)
                draws.withUnsafeMutableBufferPointer { factor.fillGaussians($0) }
                return draws
            }
            innovations = members.map { byId[$0.id] ?? [] }
            return
        }
        guard let count = innovations.first?.count else { return }
        var common = [Double](repeating: 0, count: count)
        common.withUnsafeMutableBufferPointer { factor.fillGaussians($0) }
        for (index, member) in members.enumerated() {
            guard let (load, own) = member.factorWeights else { continue }
            innovations[index].withUnsafeMutableBufferPointer { mixed in
                for step in mixed.indices { mixed[step] = load * common[step] + own * mixed[step] }
            }
        }
    }
}
