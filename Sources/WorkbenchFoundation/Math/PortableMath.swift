import CPortableMath

/// Math whose bits do not depend on the CPU.
///
/// glibc chooses its `exp`, `log` and `pow` by CPU (a build with fused multiply-adds where FMA
/// and AVX2 exist, a baseline one elsewhere), and the builds round differently (`exp` and `pow`
/// for about one argument in 1,400, `log` one in 15,000), so a synthetic path drawn on a laptop
/// and on CI differed in a few last digits. Every price in this module is `exp` of a log price.
/// `portable_exp`, `portable_log` and `portable_pow` (`Sources/CPortableMath`) are glibc's
/// baseline algorithms written with plain IEEE operations, the same bits everywhere.
public enum PortableMath {
    /// e^x, bit for bit glibc's baseline (non-FMA) `exp` on every x86-64 CPU.
    ///
    /// - Parameter x: The exponent.
    /// - Returns: e^x, within 0.52 ulp.
    public static func exp(_ x: Double) -> Double { portable_exp(x) }

    /// The natural logarithm, bit for bit glibc's baseline (non-FMA) `log` on every x86-64 CPU.
    ///
    /// - Parameter x: The argument.
    /// - Returns: ln x (-infinity at 0, NaN below it), within 0.52 ulp.
    public static func log(_ x: Double) -> Double { portable_log(x) }

    /// x to the power y, bit for bit glibc's baseline (non-FMA) `pow` on every x86-64 CPU,
    /// special values (zeros, infinities, NaN, negative x) included.
    ///
    /// - Parameters:
    ///   - x: The base.
    ///   - y: The exponent.
    /// - Returns: x^y, within 0.52 ulp.
    public static func pow(_ x: Double, _ y: Double) -> Double { portable_pow(x, y) }
}

/// Every `exp` written in this module is ``PortableMath/exp(_:)`` (a module's own function
/// shadows Foundation's): price paths, model constants, statistics and calibration alike.
@inline(__always)
func exp(_ x: Double) -> Double { portable_exp(x) }

/// Every `log` written in this module is ``PortableMath/log(_:)``, as `exp` is.
@inline(__always)
func log(_ x: Double) -> Double { portable_log(x) }

/// Every `pow` written in this module is ``PortableMath/pow(_:_:)``, as `exp` is.
@inline(__always)
func pow(_ x: Double, _ y: Double) -> Double { portable_pow(x, y) }

/// Every `expm1` written in this module is ``PortableMath/expm1(_:)``, as `exp` is.
@inline(__always)
func expm1(_ x: Double) -> Double { PortableMath.expm1(x) }

/// Every `log1p` written in this module is ``PortableMath/log1p(_:)``, as `exp` is.
@inline(__always)
func log1p(_ x: Double) -> Double { PortableMath.log1p(x) }

/// Every `lgamma` written in this module is ``PortableMath/logGamma(_:)``, as `exp` is: positive
/// arguments only (glibc's reflection for negative ones is not reproduced; a precondition says so).
@inline(__always)
func lgamma(_ x: Double) -> Double { PortableMath.logGamma(x) }
