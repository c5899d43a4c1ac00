import CGSL

/// Which GSL generator a stream uses.
public enum GeneratorKind: String, Sendable, Equatable, CaseIterable, Codable {
    /// L'Ecuyer's maximally equidistributed Tausworthe generator (taus2, 1996): fast, the default.
    case taus2
    /// Matsumoto and Nishimura's Mersenne Twister (MT19937, 1998).
    case mt19937

    /// GSL's type, reached through the shim (the globals are not concurrency-safe in Swift 6).
    var gslType: UnsafePointer<gsl_rng_type> {
        switch self {
        case .taus2: cgsl_rng_type_taus2()
        case .mt19937: cgsl_rng_type_mt19937()
        }
    }
}
