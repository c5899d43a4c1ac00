import Foundation
import Testing
import WorkbenchFoundation

/// ``PortableMath/exp(_:)``, ``PortableMath/log(_:)`` and ``PortableMath/pow(_:_:)`` are glibc's
/// baseline exp, log and pow bit for bit, whatever the CPU.
@Suite("Portable exp, log and pow: glibc's baseline builds, the same bits on every CPU")
struct PortableMathTests {
    /// FNV-1a over the bits of exp at 1,000,000 arguments (200,000 in each of five ranges, from
    /// a 64-bit LCG), as glibc 2.36's exp gives them with its FMA variants switched off
    /// (`GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-FMA,-FMA4`, a C program). glibc's FMA build gives
    /// 0x10de64114f156534 on the same arguments.
    static let baselineDigest: UInt64 = 0x6aa4_33a9_8269_5516

    @Test("a million arguments, overflow and subnormal ranges included, digest to glibc's baseline")
    func baselineBits() {
        var state: UInt64 = 2026
        var digest: UInt64 = 14_695_981_039_346_656_037
        for (low, high) in [(-745.0, 709.0), (-20, 20), (0, 12), (-1e-3, 1e-3), (-760, -700)] {
            for _ in 0..<200_000 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let x = low + Double(state >> 11) * 0x1p-53 * (high - low)
                digest = (digest ^ PortableMath.exp(x).bitPattern) &* 1_099_511_628_211
            }
        }
        #expect(digest == Self.baselineDigest, "0x\(String(digest, radix: 16))")
    }

    @Test("special arguments give what every glibc build gives")
    func specials() {
        let arguments: [Double] = [
            0, -0.0, 1e-300, -1e-300, 0x1p-54, 1, -1, 709.782712893384, 709.79, -708.4, -720,
            -745.1332191019411, -745.2, 1024, -1024, .infinity, -.infinity,
        ]
        for x in arguments {
            #expect(PortableMath.exp(x).bitPattern == Foundation.exp(x).bitPattern, "exp(\(x))")
        }
        #expect(PortableMath.exp(.nan).isNaN)
        #expect(PortableMath.exp(1) == M_E)
    }

    @Test("within half an ulp and a little of the exact value, against long double exp")
    func accuracy() {
        var state: UInt64 = 7
        for _ in 0..<100_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let x = -30 + Double(state >> 11) * 0x1p-53 * 60
            let value = PortableMath.exp(x)
            let exact = Foundation.expl(Float80(x))
            let error = abs(Float80(value) - exact) / Float80(value.ulp)
            #expect(error < 0.52, "exp(\(x)): \(error) ulp")
        }
    }

    /// FNV-1a over the bits of log at 1,000,000 arguments (a third 2^-1000 to 2^1000, a third
    /// within 0.1 of 1, a third raw bit patterns: subnormals, negatives, infinities, NaNs), as
    /// glibc 2.36's baseline log gives them (a C program under the same tunable). glibc's FMA build
    /// gives 0x3523fb5d3cd77802.
    static let baselineLogDigest: UInt64 = 0xec10_6072_e8ab_c3ef

    @Test("a million arguments, subnormals and bad ones included, digest to glibc's baseline log")
    func baselineLogBits() {
        var state: UInt64 = 2026
        var digest: UInt64 = 14_695_981_039_346_656_037
        for index in 0..<1_000_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let x: Double
            switch index % 3 {
            case 0:
                x = Double(
                    sign: .plus, exponent: Int(state % 2000) - 1000,
                    significand: 1 + Double(state >> 11) * 0x1p-53)
            case 1: x = 0.9 + Double(state >> 11) * 0x1p-53 * 0.2
            default: x = Double(bitPattern: state >> 12)
            }
            digest = (digest ^ PortableMath.log(x).bitPattern) &* 1_099_511_628_211
        }
        #expect(digest == Self.baselineLogDigest, "0x\(String(digest, radix: 16))")
    }

    @Test("log's special arguments, and log inverting exp")
    func logSpecials() {
        for x in [1.0, 2, 0.5, 10, 100, 0x1p-1074, 0x1p-1022, .greatestFiniteMagnitude, .infinity, 0, -0.0] {
            #expect(PortableMath.log(x).bitPattern == Foundation.log(x).bitPattern, "log(\(x))")
        }
        #expect(
            PortableMath.log(-1).isNaN && PortableMath.log(.nan).isNaN && PortableMath.log(-.infinity).isNaN)
        for x in stride(from: -700.0, through: 700, by: 0.37) {
            let roundTrip = PortableMath.log(PortableMath.exp(x))
            #expect(abs(roundTrip - x) <= 2 * max(x.ulp, 0x1p-52), "log(exp(\(x))) = \(roundTrip)")
        }
    }

    /// FNV-1a over the bits of pow at 1,000,000 argument pairs (10 to a power in -6...4 as a
    /// synthetic universe draws prices, ranks 1-10,000 to powers in -1...1, bases 0.001-1,000 to
    /// powers in -20...20, negative bases to whole powers), as glibc 2.36's baseline pow gives them.
    /// glibc's FMA build gives 0xd772e56d69bbf417.
    static let baselinePowDigest: UInt64 = 0xbfd5_5651_bcb9_2eac

    @Test("a million argument pairs, negative bases included, digest to glibc's baseline pow")
    func baselinePowBits() {
        var state: UInt64 = 2026
        var digest: UInt64 = 14_695_981_039_346_656_037
        for index in 0..<1_000_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let u = Double(state >> 11) * 0x1p-53
            let v = Double((state &* 0x9E37_79B9_7F4A_7C15) >> 11) * 0x1p-53
            let (x, y): (Double, Double)
            switch index % 4 {
            case 0: (x, y) = (10, -6 + 10 * u)
            case 1: (x, y) = (1 + (u * 10_000).rounded(.down), -1 + 2 * v)
            case 2: (x, y) = (1e-3 + 1e3 * u, -20 + 40 * v)
            default: (x, y) = (-(1 + 10 * u), (v * 40).rounded(.down) - 20)
            }
            digest = (digest ^ PortableMath.pow(x, y).bitPattern) &* 1_099_511_628_211
        }
        #expect(digest == Self.baselinePowDigest, "0x\(String(digest, radix: 16))")
    }

    @Test("pow's special values are IEEE's")
    func powSpecials() {
        let values: [Double] = [0, -0.0, 1, -1, 2, -2, 0.5, .infinity, -.infinity, 0x1p-1074]
        for x in values {
            for y in values {
                let (ours, theirs) = (PortableMath.pow(x, y), Foundation.pow(x, y))
                #expect(ours.bitPattern == theirs.bitPattern, "pow(\(x), \(y)) = \(ours), not \(theirs)")
            }
        }
        #expect(PortableMath.pow(-2, 0.5).isNaN && PortableMath.pow(.nan, 2).isNaN)
        #expect(PortableMath.pow(.nan, 0) == 1 && PortableMath.pow(1, .nan) == 1)
        #expect(PortableMath.pow(10, 3) == 1000 && PortableMath.pow(2, -1074) == 0x1p-1074)
    }
}
