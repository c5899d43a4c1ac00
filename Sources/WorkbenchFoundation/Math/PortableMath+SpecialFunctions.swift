/// `expm1`, `log1p` and the log-gamma function with the same bits on every CPU.
///
/// glibc chooses these by CPU too: its FMA build and its baseline build disagree on `expm1` for
/// about one argument in 1,000, on `log1p` for one in 2,200 and on `lgamma` for one in 120,000
/// (2,000,000 arguments each, a C program run with and without
/// `GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2,-FMA,-FMA4`). These are written here instead, from
/// ``PortableMath/exp(_:)``, ``PortableMath/log(_:)`` and plain IEEE operations. This module is
/// compiled for baseline x86-64, which has no fused multiply-add, so every CPU computes them
/// with the same roundings. They are not glibc's bits; they are the same bits everywhere.
extension PortableMath {
    /// e^x - 1, accurate where x is near zero.
    ///
    /// Kahan's formula: with `u = exp(x)` rounded, `(u - 1) x / log(u)`. The rounding error of
    /// `u` cancels between the numerator and the denominator (N. J. Higham, *Accuracy and
    /// Stability of Numerical Algorithms*, 2nd ed., 2002, section 1.14.1). Where `u` rounds to 1
    /// the answer is `x`, where `u - 1` rounds to -1 it is -1, and past 40 it is `u`.
    ///
    /// - Parameter x: The exponent.
    /// - Returns: e^x - 1: within 2.5 ulp of the exact value on the arguments the tests draw
    ///   (`PortableMathSpecialFunctionsTests`). `+infinity` past about 709.78, -1 below about
    ///   -37.4, NaN for NaN, and `x` itself (its sign kept) where |x| < 2^-54.
    public static func expm1(_ x: Double) -> Double {
        let u = exp(x)
        if u == 1 || x.isNaN { return x }
        // Past 40, e^x - 1 rounds to e^x (1 is under 2^-57 of it), and (u - 1) x would overflow
        // before the division from about 702 on.
        if x > 40 { return u }
        let uMinusOne = u - 1
        if uMinusOne == -1 { return -1 }
        return uMinusOne * x / log(u)
    }

    /// ln(1 + x), accurate where x is near zero.
    ///
    /// Kahan's formula: with `u = 1 + x` rounded, `log(u) x / (u - 1)`, since `u - 1` is exact
    /// and `log(u) / (u - 1)` varies slowly (the same section of Higham). Where `u` rounds to 1
    /// the answer is `x`, and past 2^53 it is `log(x)`.
    ///
    /// - Parameter x: The argument.
    /// - Returns: ln(1 + x): within 2 ulp of the exact value on the arguments the tests draw.
    ///   `-infinity` at -1, NaN below -1 and for NaN, `+infinity` at `+infinity`, and `x`
    ///   itself (its sign kept) where |x| < 2^-54.
    public static func log1p(_ x: Double) -> Double {
        let u = 1 + x
        if u == 1 || x.isNaN { return x }
        // Past 2^53, 1 + x rounds to x or a neighbour, and ln(1 + x) = ln x + 1/x, where 1/x is
        // under 2^-53 of ln x; log(u) x would overflow near the largest x.
        if x > 0x1p53 { return log(x) }
        if u <= 0 { return log(u) }
        return log(u) * x / (u - 1)
    }

    /// The natural logarithm of the gamma function, for positive arguments.
    ///
    /// The argument is moved up to `z = x + n >= 10` by `lgamma(x) = lgamma(z) - log(x (x + 1)
    /// ... (x + n - 1))`, and `lgamma(z)` is Stirling's series, `(z - 1/2) log z - z + log(2 pi)
    /// / 2` plus `B_2k / (2k (2k - 1) z^(2k - 1))` for k = 1...8 (Abramowitz and Stegun 6.1.40;
    /// the next term is under 2e-18 at z = 10). Exactly 0 at 1 and 2; `-log(x)` below 2^-60.
    ///
    /// Accuracy, measured against `long double` `lgammal` on the tests' arguments: within 3.5
    /// ulp from 10 up (glibc's own: 1.8); below 10 the shift subtracts two nearly equal
    /// logarithms of 13-15, so the error is absolute, under 1e-14 (2e-15 at 0.5 and 3; relative
    /// error is large only next to the zeros at 1 and 2); within 10 ulp below 1e-3. The
    /// GARCH likelihood uses it for the Student-t density's constant, where an absolute error
    /// of 1e-14 is far below the likelihood's own rounding.
    ///
    /// - Parameter x: The argument, positive (NaN and `+infinity` are returned as they are).
    /// - Returns: ln Gamma(x); `+infinity` past about 2.5e305.
    /// - Precondition: `x` is not zero or negative: the reflection formula for negative
    ///   arguments is not implemented, and no caller needs it.
    public static func logGamma(_ x: Double) -> Double {
        precondition(!(x <= 0), "PortableMath.logGamma is defined for positive arguments, got \(x)")
        if x.isNaN || x == .infinity { return x }
        if x == 1 || x == 2 { return 0 }
        // lgamma(x) = -log(x) - (Euler's gamma) x + O(x^2): below 2^-60 the rest is under a
        // part in 2^100 of it, and the shift's product would lose bits among the subnormals.
        if x < 0x1p-60 { return -log(x) }
        var z = x
        var product = 1.0
        while z < 10 {
            product *= z
            z += 1
        }
        let inverse = 1 / z
        let inverseSquared = inverse * inverse
        var series = stirlingCoefficients[0]
        for coefficient in stirlingCoefficients.dropFirst() { series = series * inverseSquared + coefficient }
        let halfLogTwoPi = 0.918_938_533_204_672_7
        let stirling = (z - 0.5) * log(z) - z + halfLogTwoPi + series * inverse
        return product == 1 ? stirling : stirling - log(product)
    }

    /// `B_2k / (2k (2k - 1))` for k = 8 down to 1 (Horner's order): -3617/122400, 1/156,
    /// -691/360360, 1/1188, -1/1680, 1/1260, -1/360, 1/12.
    private static let stirlingCoefficients: [Double] = [
        -3617 / 122_400, 1 / 156, -691 / 360_360, 1 / 1188, -1 / 1680, 1 / 1260, -1 / 360, 1 / 12,
    ]
}
