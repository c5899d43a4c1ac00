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

    /// 64-bit words the generator's state takes (`gsl_rng_size`, rounded up): 3 for taus2, 625
    /// for MT19937.
    public var stateWords: Int { (gsl_rng_size(generator) + 7) / 8 }

    /// Appends the generator's state (`gsl_rng_state`, zero-padded to ``stateWords`` words): with
    /// ``restoreState(from:)`` a checkpoint a few words long instead of a whole generator.
    ///
    /// - Parameter words: Where it goes.
    public func appendState(to words: inout [UInt64]) {
        let start = words.count
        words.append(contentsOf: repeatElement(0, count: stateWords))
        words.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress, let state = gsl_rng_state(generator) else { return }
            (base + start * 8).copyMemory(from: state, byteCount: gsl_rng_size(generator))
        }
    }

    /// Sets the generator to a state ``appendState(to:)`` wrote from a stream of the same kind: it
    /// then draws what that stream drew next.
    ///
    /// - Parameter words: The state, ``stateWords`` words.
    public func restoreState(from words: ArraySlice<UInt64>) {
        precondition(words.count == stateWords, "a \(kind) state is \(stateWords) words, not \(words.count)")
        words.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, let state = gsl_rng_state(generator) else { return }
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
