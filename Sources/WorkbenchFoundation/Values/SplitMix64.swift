/// SplitMix64 (G. Steele, D. Lea, C. Flood, "Fast Splittable Pseudorandom Number Generators",
/// OOPSLA 2014): the workbench's seeded generator.
///
/// It derives independent per-stream seeds from one root seed (DESIGN.md, "Time and randomness")
/// and drives seeded jitter such as the rate limiter's backoff. It is also what the property tests
/// use, so that a failure names its seed. Not cryptographic.
public struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
    private var state: UInt64

    /// Creates a generator.
    ///
    /// - Parameter seed: Any value; equal seeds give equal sequences.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

extension SplitMix64 {
    /// A uniform double in `[0, 1)` from the next 53 random bits.
    public mutating func nextUnitInterval() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }
}

extension SplitMix64 {
    /// The generator of a named stream of a root seed (DESIGN.md, "Time and randomness"), for
    /// consumers that need uniform bits rather than GSL's distributions (user sessions, backoff
    /// jitter, say): independent of every other name's stream.
    ///
    /// - Parameters:
    ///   - root: The run's root seed.
    ///   - stream: The stream's name.
    public init(root: UInt64, stream: String) {
        var mixer = SplitMix64(seed: root ^ FNV1a.hash(stream))
        self.init(seed: mixer.next())
    }
}
