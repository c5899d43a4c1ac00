import CGSL
import Testing

@Suite("CGSL shim")
struct CGSLShimTests {
    @Test("taus2 is reached through the shim and is reproducible for a seed")
    func taus2Reproducible() throws {
        let first = try draws(seed: 12345, count: 5)
        let second = try draws(seed: 12345, count: 5)
        let other = try draws(seed: 54321, count: 5)
        #expect(first == second)
        #expect(first != other)
        #expect(first.allSatisfy { $0 < 4_294_967_296 })
    }

    @Test("the generator is taus2 and the mt19937 shim reaches a different type")
    func generatorNames() throws {
        let taus = try #require(gsl_rng_alloc(cgsl_rng_type_taus2()))
        defer { gsl_rng_free(taus) }
        let mt = try #require(gsl_rng_alloc(cgsl_rng_type_mt19937()))
        defer { gsl_rng_free(mt) }
        #expect(String(cString: gsl_rng_name(taus)) == "taus2")
        #expect(String(cString: gsl_rng_name(mt)) == "mt19937")
    }

    @Test("GSL statistics agree with a hand computation")
    func statistics() {
        let values: [Double] = [2, 4, 4, 4, 5, 5, 7, 9]
        let mean = values.withUnsafeBufferPointer { gsl_stats_mean($0.baseAddress, 1, $0.count) }
        let sd = values.withUnsafeBufferPointer { gsl_stats_sd_m($0.baseAddress, 1, $0.count, 5) }
        #expect(mean == 5)
        #expect(abs(sd - (32.0 / 7.0).squareRoot()) < 1e-12)
    }

    private func draws(seed: UInt, count: Int) throws -> [UInt] {
        let generator = try #require(gsl_rng_alloc(cgsl_rng_type_taus2()))
        defer { gsl_rng_free(generator) }
        gsl_rng_set(generator, seed)
        return (0..<count).map { _ in gsl_rng_get(generator) }
    }
}
