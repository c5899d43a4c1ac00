import CPortableMath

/// Math whose bits do not depend on the CPU.
///
/// glibc chooses its `exp` by CPU (a build with fused multiply-adds where FMA and AVX2 exist, a
/// baseline one elsewhere), and the two round differently for about one argument in 1,400, so a
/// synthetic path drawn on a laptop and on CI differed in a few last digits. Every price in this
/// module is `exp` of a log price. `portable_exp` (`Sources/CPortableMath`) is glibc's baseline
/// algorithm written with plain IEEE operations, the same bits everywhere.
public enum PortableMath {
    /// e^x, bit for bit glibc's baseline (non-FMA) `exp` on every x86-64 CPU.
    ///
    /// - Parameter x: The exponent.
    /// - Returns: e^x, within 0.52 ulp.
    public static func exp(_ x: Double) -> Double { portable_exp(x) }
}

/// Every `exp` written in this module is ``PortableMath/exp(_:)`` (a module's own function
/// shadows Foundation's): price paths, model constants, statistics and calibration alike.
@inline(__always)
func exp(_ x: Double) -> Double { portable_exp(x) }
