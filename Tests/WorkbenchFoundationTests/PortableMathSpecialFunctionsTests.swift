import Foundation
import Testing
import WorkbenchFoundation

/// ``PortableMath/expm1(_:)``, ``PortableMath/log1p(_:)`` and ``PortableMath/logGamma(_:)``:
/// accurate against `long double` references, right at the special values, and the same bits
/// as recorded (glibc's own `expm1`, `log1p` and `lgamma` differ between its FMA and baseline
/// builds; these must not differ anywhere).
@Suite("Portable expm1, log1p and log-gamma: accurate, and the same bits on every CPU")
struct PortableMathSpecialFunctionsTests {
    /// Arguments from a 64-bit LCG, uniform in `low..<high`, the same on every run.
    struct Arguments: Sequence, IteratorProtocol {
        var state: UInt64
        let low: Double
        let high: Double
        var remaining: Int

        init(_ low: Double, _ high: Double, count: Int, seed: UInt64 = 11) {
            (self.low, self.high, remaining, state) = (low, high, count, seed)
        }

        mutating func next() -> Double? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return low + Double(state >> 11) * 0x1p-53 * (high - low)
        }
    }

    /// The distance from `value` to `exact` in units of `value`'s last place; infinity where one
    /// is finite and the other not (so a `max` over errors never passes a NaN over).
    static func ulps(_ value: Double, _ exact: Float80) -> Float80 {
        if value.isFinite != exact.isFinite { return .infinity }
        if !value.isFinite { return value == Double(exact) ? 0 : .infinity }
        return abs(Float80(value) - exact) / Float80(value.ulp)
    }

    @Test(
        "expm1 within 2.5 ulp of expm1l",
        arguments: [(-1e-8, 1e-8), (-1e-3, 1e-3), (-1, 1), (-40, 40), (-745, 709), (700, 709.78)])
    func expm1Accuracy(range: (low: Double, high: Double)) {
        let worst = Arguments(range.low, range.high, count: 200_000).map { x in
            Self.ulps(PortableMath.expm1(x), expm1l(Float80(x)))
        }.max()!
        #expect(worst < 2.5, "worst \(worst) ulp in \(range)")
    }

    @Test(
        "log1p within 2 ulp of log1pl",
        arguments: [(-1, -0.5), (-1e-8, 1e-8), (-0.5, 1), (1, 1e6), (1e300, 1.797e308)])
    func log1pAccuracy(range: (low: Double, high: Double)) {
        let worst = Arguments(range.low, range.high, count: 200_000).filter { $0 > -1 }.map { x in
            Self.ulps(PortableMath.log1p(x), log1pl(Float80(x)))
        }.max()!
        #expect(worst < 2, "worst \(worst) ulp in \(range)")
    }

    @Test("log-gamma within 3.5 ulp of lgammal from 10 to 1e300 (log-uniform)")
    func logGammaLargeArguments() {
        let worst = Arguments(Foundation.log(10), Foundation.log(1e300), count: 200_000).map { logX in
            let x = Foundation.exp(logX)
            return Self.ulps(PortableMath.logGamma(x), lgammal(Float80(x)))
        }.max()!
        #expect(worst < 3.5, "worst \(worst) ulp")
    }

    @Test("log-gamma within 1e-14 of lgammal below 10, and 10 ulp on tiny arguments")
    func logGammaSmallArguments() {
        let worstAbsolute = Arguments(0, 10, count: 200_000).filter { $0 > 0 }.map { x in
            abs(Float80(PortableMath.logGamma(x)) - lgammal(Float80(x)))
        }.max()!
        #expect(worstAbsolute < 1e-14, "worst \(worstAbsolute)")
        let worstTiny = Arguments(1e-12, 1e-3, count: 100_000).map { x in
            Self.ulps(PortableMath.logGamma(x), lgammal(Float80(x)))
        }.max()!
        #expect(worstTiny < 10, "worst \(worstTiny) ulp")
    }

    @Test("special values")
    func specials() {
        #expect(PortableMath.expm1(0).bitPattern == 0)
        #expect(PortableMath.expm1(-0.0).bitPattern == (-0.0).bitPattern)
        #expect(PortableMath.expm1(1e-300) == 1e-300)
        #expect(PortableMath.expm1(.infinity) == .infinity)
        #expect(PortableMath.expm1(710) == .infinity)
        #expect(PortableMath.expm1(-.infinity) == -1)
        #expect(PortableMath.expm1(-40) == -1)
        #expect(PortableMath.expm1(.nan).isNaN)
        #expect(PortableMath.log1p(0).bitPattern == 0)
        #expect(PortableMath.log1p(-0.0).bitPattern == (-0.0).bitPattern)
        #expect(PortableMath.log1p(-1e-300) == -1e-300)
        #expect(PortableMath.log1p(-1) == -.infinity)
        #expect(PortableMath.log1p(-2).isNaN)
        #expect(PortableMath.log1p(.infinity) == .infinity)
        #expect(PortableMath.log1p(.greatestFiniteMagnitude) == Foundation.log(.greatestFiniteMagnitude))
        #expect(PortableMath.log1p(.nan).isNaN)
        #expect(PortableMath.logGamma(1) == 0)
        #expect(PortableMath.logGamma(2) == 0)
        #expect(abs(PortableMath.logGamma(0.5) - 0.572_364_942_924_700_1) < 1e-14)  // log(sqrt(pi))
        #expect(abs(PortableMath.logGamma(3) - 0.693_147_180_559_945_3) < 1e-14)  // log 2
        #expect(PortableMath.expm1(709.78) < .infinity)
        #expect(PortableMath.logGamma(.leastNonzeroMagnitude) == -Foundation.log(.leastNonzeroMagnitude))
        #expect(PortableMath.logGamma(1e306) == .infinity)
        #expect(PortableMath.logGamma(.infinity) == .infinity)
        #expect(PortableMath.logGamma(.nan).isNaN)
    }

    /// FNV-1a over the bits of each function at 1,000,000 arguments, as recorded on
    /// 2026-11-25. Nothing here calls glibc's math, so every CPU gives these (run with
    /// `GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-FMA,-FMA4` too); a change of algorithm changes
    /// every GARCH calibration and XIRR, and must be deliberate.
    @Test(
        "a million arguments each, digest as recorded",
        arguments: [
            ("expm1", -40.0, 40.0, 0x960a_84ed_e785_094e as UInt64),
            ("log1p", -1.0, 100.0, 0x12d5_a27f_f7e9_cb28 as UInt64),
            ("logGamma", 0.0, 200.0, 0x1093_6ff9_60f2_15ae as UInt64),
        ])
    func recordedBits(function: String, low: Double, high: Double, digest expected: UInt64) {
        let apply: (Double) -> Double =
            switch function {
            case "expm1": PortableMath.expm1
            case "log1p": PortableMath.log1p
            default: { PortableMath.logGamma($0 == 0 ? 1 : $0) }
            }
        var digest: UInt64 = 14_695_981_039_346_656_037
        for x in Arguments(low, high, count: 1_000_000, seed: 2026) {
            digest = (digest ^ apply(x).bitPattern) &* 1_099_511_628_211
        }
        #expect(digest == expected, "\(function): 0x\(String(digest, radix: 16))")
    }
}
