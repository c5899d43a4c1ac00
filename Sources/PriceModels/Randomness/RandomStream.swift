import CGSL

/// One seeded GSL generator: the source of every random number in one stream.
///
/// Owns its `gsl_rng` and frees it on deinit. Not `Sendable`: a stream belongs to one consumer
/// on one thread, which is also what keeps a run deterministic.
public final class RandomStream {
    private let generator: UnsafeMutablePointer<gsl_rng>
    /// The seed it was started with.
    public let seed: StreamSeed
    /// The generator type.
    public let kind: GeneratorKind

    /// Starts a stream.
    ///
    /// - Parameters:
    ///   - seed: The derived seed.
    ///   - kind: The generator (taus2 by default).
    public init(seed: StreamSeed, kind: GeneratorKind = .taus2) {
        _ = GSLErrorHandling.abortOff
        guard let generator = gsl_rng_alloc(kind.gslType) else {
            preconditionFailure("gsl_rng_alloc failed: out of memory")
        }
        gsl_rng_set(generator, UInt(seed.gslSeed))
        self.generator = generator
        self.seed = seed
        self.kind = kind
    }

    private init(generator: UnsafeMutablePointer<gsl_rng>, seed: StreamSeed, kind: GeneratorKind) {
        self.generator = generator
        self.seed = seed
        self.kind = kind
    }

    deinit { gsl_rng_free(generator) }

    /// An independent copy at the same point: it draws what this stream would draw next
    /// (`gsl_rng_clone`), and drawing from either leaves the other as it is.
    public func copy() -> RandomStream {
        guard let clone = gsl_rng_clone(generator) else {
            preconditionFailure("gsl_rng_clone failed: out of memory")
        }
        return RandomStream(generator: clone, seed: seed, kind: kind)
    }

    /// 64-bit words the generator's state takes: 2 for taus2 (its three 32-bit words packed),
    /// otherwise `gsl_rng_size` rounded up (625 for MT19937).
    public var stateWords: Int { kind == .taus2 ? 2 : (gsl_rng_size(generator) + 7) / 8 }

    /// Appends the generator's state (``stateWords`` words): with ``restoreState(from:)`` a
    /// checkpoint a few words long instead of a whole generator. taus2's state is three
    /// `unsigned long`s that GSL keeps below 2^32 (`taus_set` and every step mask them with
    /// `0xffffffff`), so two words hold it: the first two in one, the third in the other.
    ///
    /// - Parameter words: Where it goes.
    public func appendState(to words: inout [UInt64]) {
        guard let state = gsl_rng_state(generator) else {
            preconditionFailure("gsl_rng_state has no state")
        }
        if kind == .taus2 {
            let taus = state.assumingMemoryBound(to: UInt.self)
            precondition(
                taus[0] >> 32 == 0 && taus[1] >> 32 == 0 && taus[2] >> 32 == 0, "taus2 words are 32-bit")
            words.append(UInt64(taus[0]) | UInt64(taus[1]) << 32)
            words.append(UInt64(taus[2]))
            return
        }
        let start = words.count
        words.append(contentsOf: repeatElement(0, count: stateWords))
        words.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            (base + start * 8).copyMemory(from: state, byteCount: gsl_rng_size(generator))
        }
    }

    /// Sets the generator to a state ``appendState(to:)`` wrote from a stream of the same kind: it
    /// then draws what that stream drew next.
    ///
    /// - Parameter words: The state, ``stateWords`` words.
    public func restoreState(from words: ArraySlice<UInt64>) {
        precondition(words.count == stateWords, "a \(kind) state is \(stateWords) words, not \(words.count)")
        guard let state = gsl_rng_state(generator) else {
            preconditionFailure("gsl_rng_state has no state")
        }
        if kind == .taus2 {
            let taus = state.assumingMemoryBound(to: UInt.self)
            let first = words[words.startIndex]
            taus[0] = UInt(first & 0xffff_ffff)
            taus[1] = UInt(first >> 32)
            taus[2] = UInt(words[words.startIndex + 1])
            return
        }
        words.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            state.copyMemory(from: base, byteCount: gsl_rng_size(generator))
        }
    }

    /// A standard normal sample (Marsaglia and Tsang's ziggurat, `gsl_ran_gaussian_ziggurat`).
    @inline(__always)
    public func gaussian() -> Double {
        gsl_ran_gaussian_ziggurat(generator, 1)
    }

    /// Fills a buffer with standard normals: the same draws, in the same order, as one
    /// ``gaussian()`` per element, in a C loop.
    ///
    /// - Parameter buffer: Where the samples go.
    public func fillGaussians(_ buffer: UnsafeMutableBufferPointer<Double>) {
        guard let base = buffer.baseAddress else { return }
        cgsl_fill_gaussian_ziggurat(generator, base, buffer.count)
    }

    /// A uniform sample in [0, 1).
    @inline(__always)
    public func uniform() -> Double {
        gsl_rng_uniform(generator)
    }

    /// A Poisson count with mean `mean`.
    ///
    /// - Parameter mean: The mean, >= 0.
    public func poisson(mean: Double) -> Int {
        Int(gsl_ran_poisson(generator, mean))
    }

    /// A Student-t sample with `degrees` degrees of freedom.
    ///
    /// - Parameter degrees: Degrees of freedom, > 0.
    public func studentT(degrees: Double) -> Double {
        gsl_ran_tdist(generator, degrees)
    }

    /// Fills a buffer with standard normal samples.
    ///
    /// - Parameter buffer: The buffer.
    public func fillGaussian(_ buffer: UnsafeMutableBufferPointer<Double>) {
        for index in buffer.indices { buffer[index] = gsl_ran_gaussian_ziggurat(generator, 1) }
    }
}
