/// A seeded generator (SplitMix64): the cases of a run depend on its seed alone.
public struct SplitMix: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator from a seed.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<count`.
    public mutating func below(_ count: Int) -> Int { Int(next() % UInt64(max(count, 1))) }

    /// True one time in `count`.
    public mutating func oneIn(_ count: Int) -> Bool { below(count) == 0 }

    /// One of the elements.
    public mutating func pick<T>(_ elements: [T]) -> T { elements[below(elements.count)] }
}
