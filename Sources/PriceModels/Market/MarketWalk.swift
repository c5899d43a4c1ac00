import Foundation

/// A synthetic market part way along its paths: each coin's walk and stream, and the correlation's
/// state. It advances every coin a stretch at a time, and ``copy()`` keeps a checkpoint to
/// regenerate a stretch from later (``CheckpointedPaths``).
///
/// Each coin draws from its own stream, `coin/<id>` under the run's root seed, as if alone; the
/// correlated coins' log returns are then replaced by ``MarketCorrelation``'s mix, the market
/// factor drawn from the stream `market/factor`. Stretches of any lengths give, bit for bit, the
/// prices of one long stretch (``PriceWalk``).
public struct MarketWalk {
    /// The coins, in the order given.
    public let coinIds: [String]
    private var walks: [any PriceWalk]
    private let streams: [RandomStream]
    private var mix: CorrelationState?

    /// Starts every coin at its start price.
    ///
    /// - Parameters:
    ///   - coins: The coins; ids must be unique.
    ///   - rootSeed: The run's root seed.
    ///   - stepYears: The step in years.
    ///   - generator: The GSL generator.
    ///   - correlation: How the coins move together.
    /// - Throws: ``PriceModelError`` for an invalid coin, a repeated id, or a coin that cannot
    ///   follow the market asked to.
    public init(
        coins: [SyntheticCoin], rootSeed: UInt64, stepYears: Double, generator: GeneratorKind,
        correlation: MarketCorrelation
    ) throws(PriceModelError) {
        try Self.validate(coins, correlation: correlation)
        coinIds = coins.map(\.id)
        walks = coins.map { $0.model.process.walk(from: $0.startPrice, stepYears: stepYears) }
        streams = coins.map {
            RandomStream(seed: StreamSeed(root: rootSeed, stream: "coin/\($0.id)"), kind: generator)
        }
        mix = CorrelationState(
            coins: coins, correlation: correlation, stepYears: stepYears, rootSeed: rootSeed,
            generator: generator)
    }

    private init(copying other: MarketWalk) {
        coinIds = other.coinIds
        walks = other.walks
        streams = other.streams.map { $0.copy() }
        mix = other.mix?.copy()
    }

    /// Checks the coins one by one (parameters, then a repeated id), then the correlation.
    ///
    /// - Parameters:
    ///   - coins: The coins.
    ///   - correlation: How they move together.
    /// - Throws: The first ``PriceModelError`` found.
    public static func validate(_ coins: [SyntheticCoin], correlation: MarketCorrelation)
        throws(PriceModelError)
    {
        var seen = Set<String>()
        for coin in coins {
            try coin.validate()
            guard seen.insert(coin.id).inserted else { throw .duplicateCoin(coin.id) }
        }
        try correlation.check(against: coins)
    }

    /// A copy at the same point that advances on its own: streams are copied, not shared.
    public func copy() -> MarketWalk { MarketWalk(copying: self) }

    /// Words a checkpoint takes (``appendCheckpoint(to:)``): 10 for a coin that follows the market
    /// on taus2 streams (80 bytes), where a ``copy()`` takes some 640.
    public var checkpointWords: Int { ownWords + factorWords }

    /// The checkpoint's last words: the market factor's stream state (0 without correlation). Every
    /// walk of one market that follows the factor draws the same normals from its own copy of
    /// the stream, so at the same tick these words are the same in each (``CheckpointedPaths``
    /// keeps them once).
    public var factorWords: Int { mix?.factorWords ?? 0 }

    /// The checkpoint's words before ``factorWords``: what is this walk's own.
    private var ownWords: Int {
        2 * walks.count + streams.reduce(0) { $0 + $1.stateWords } + (mix?.memberWords ?? 0)
    }

    /// Appends where the walk stands, as 64-bit words: each coin's ``WalkPosition``, each stream's
    /// state, then the correlation's (its members', then the factor stream's, the last
    /// ``factorWords``). ``restoreCheckpoint(from:)`` on a copy of the same market's walk (at any
    /// point) takes it back there.
    ///
    /// - Parameter words: Where it goes.
    public func appendCheckpoint(to words: inout [UInt64]) {
        appendOwnWords(to: &words)
        mix?.appendFactor(to: &words)
    }

    /// Appends a checkpoint in two parts: the walk's own words to `words`, the factor stream's
    /// ``factorWords`` to `factor` (``appendCheckpoint(to:)`` with the two put one after the
    /// other).
    ///
    /// - Parameters:
    ///   - words: Where the walk's own words go.
    ///   - factor: Where the factor stream's state goes.
    public func appendCheckpoint(to words: inout [UInt64], factor: inout [UInt64]) {
        appendOwnWords(to: &words)
        mix?.appendFactor(to: &factor)
    }

    private func appendOwnWords(to words: inout [UInt64]) {
        for walk in walks {
            let position = walk.position
            words.append(position.logPrice.bitPattern)
            words.append(position.other.bitPattern)
        }
        for stream in streams { stream.appendState(to: &words) }
        mix?.appendMembers(to: &words)
    }

    /// Takes the walk to a checkpoint ``appendCheckpoint(to:)`` wrote from a walk of the same
    /// coins, seed, step, generator and correlation: it then advances as that walk did.
    ///
    /// - Parameter words: The checkpoint, ``checkpointWords`` words.
    public mutating func restoreCheckpoint(from words: ArraySlice<UInt64>) {
        precondition(words.count == checkpointWords, "a checkpoint is \(checkpointWords) words")
        let split = words.endIndex - factorWords
        restoreCheckpoint(own: words[..<split], factor: words[split...])
    }

    /// Takes the walk to a checkpoint written in two parts (``appendCheckpoint(to:factor:)``).
    ///
    /// - Parameters:
    ///   - own: The walk's own words.
    ///   - factor: The factor stream's ``factorWords`` words.
    public mutating func restoreCheckpoint(own words: ArraySlice<UInt64>, factor: ArraySlice<UInt64>) {
        precondition(
            words.count == ownWords && factor.count == factorWords,
            "a checkpoint is \(ownWords) and \(factorWords) words")
        var next = words.startIndex
        for index in walks.indices {
            walks[index].position = WalkPosition(
                logPrice: Double(bitPattern: words[next]), other: Double(bitPattern: words[next + 1]))
            next += 2
        }
        for stream in streams {
            stream.restoreState(from: words[next..<next + stream.stateWords])
            next += stream.stateWords
        }
        mix?.restore(members: words[next...], factor: factor)
    }

    /// Writes every coin's next prices, one step each: `prices[i]` is coin i's, all of one length.
    ///
    /// - Parameter prices: One buffer per coin, in ``coinIds``' order.
    public mutating func advance(into prices: [UnsafeMutableBufferPointer<Double>]) {
        precondition(prices.count == walks.count, "one buffer per coin")
        for index in walks.indices {
            walks[index].advance(into: prices[index], stream: streams[index])
        }
        mix?.mix(prices)
    }

    /// Every coin's next `count` prices, one step each, in ``coinIds``' order.
    ///
    /// - Parameter count: Steps, >= 0.
    public mutating func advance(by count: Int) -> [[Double]] {
        var flat = [Double](repeating: 0, count: count * walks.count)
        flat.withUnsafeMutableBufferPointer { flat in
            advance(
                into: walks.indices.map {
                    UnsafeMutableBufferPointer(rebasing: flat[$0 * count..<($0 + 1) * count])
                })
        }
        guard walks.count > 1 else { return [flat] }
        return walks.indices.map { Array(flat[$0 * count..<($0 + 1) * count]) }
    }
}
