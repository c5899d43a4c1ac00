import TrackerCore
import WorkbenchFoundation

/// Per-stream seeds derived from one root seed (DESIGN.md, "Time and randomness").
///
/// Every consumer of randomness (each coin's path, latency, faults, user behaviour) names its
/// stream, for example `coin/bitcoin`; its seed is SplitMix64 over the root seed mixed with an
/// FNV-1a hash of the name. Adding a coin adds a stream and leaves every other stream as it was.
///
/// GSL keeps only 32 bits of a seed, and aliases some seeds: taus2 treats 0 as 1, mt19937 treats
/// 0 as 4357. Raw user seeds are never passed to GSL; ``gslSeed`` is 32 bits, never one of those.
public struct StreamSeed: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The root seed it came from.
    public let root: UInt64
    /// The stream's name.
    public let stream: String
    /// The seed handed to `gsl_rng_set`: 32 bits, never 0, 1 or 4357.
    public let gslSeed: UInt32

    /// Seeds GSL treats as other seeds.
    static let aliasedSeeds: Set<UInt32> = [0, 1, 4_357]

    /// Derives a stream's seed.
    ///
    /// - Parameters:
    ///   - root: The run's root seed (any value).
    ///   - stream: The stream's name.
    public init(root: UInt64, stream: String) {
        self.root = root
        self.stream = stream
        var generator = SplitMix64(seed: root ^ FNV1a.hash(stream))
        var candidate = UInt32(truncatingIfNeeded: generator.next() >> 16)
        while Self.aliasedSeeds.contains(candidate) {
            candidate = UInt32(truncatingIfNeeded: generator.next() >> 16)
        }
        gslSeed = candidate
    }

    /// A sub-stream: `stream/name`.
    ///
    /// - Parameter name: The sub-stream's name.
    public func child(_ name: String) -> StreamSeed {
        StreamSeed(root: root, stream: "\(stream)/\(name)")
    }

    /// `stream@root -> gslSeed`.
    public var description: String { "\(stream)@\(root) -> \(gslSeed)" }
}
