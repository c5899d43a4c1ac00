/// Eisel-Lemire conversion of a decimal `w × 10^q` to the nearest Double, for a mantissa of at
/// most 19 digits: one or two 64×64-bit multiplications by a 128-bit power of five, with exact
/// rounding to even.
///
/// CoinGecko's prices carry 15 to 17 significant digits, beyond Clinger's fast path (a mantissa
/// up to 2^53), so before this nearly every price went to `strtod`. The algorithm and its
/// constants follow D. Lemire, "Number Parsing at a Gigabyte per Second", Software: Practice and
/// Experience 51(8), 2021, and fast_float's `compute_float`. It answers nil in the cases it
/// leaves to a slower exact path (subnormal results, and the product the paper calls ambiguous).
package enum EiselLemire {
    package static let smallestPowerOfTen = -342
    package static let largestPowerOfTen = 308
    private static let mantissaBits = 52
    private static let minimumExponent = -1023
    private static let infinitePower = 0x7FF

    /// The Double nearest `mantissa × 10^exponent` (rounded to even), or nil when the fast
    /// computation cannot decide.
    ///
    /// - Parameters:
    ///   - mantissa: The decimal digits as an integer, nonzero and exact (at most 19 digits).
    ///   - exponent: The power of ten.
    @inline(__always)
    package static func double(mantissa: UInt64, exponent q: Int) -> Double? {
        if q < smallestPowerOfTen { return 0 }
        if q > largestPowerOfTen { return .infinity }
        let leadingZeros = mantissa.leadingZeroBitCount
        let w = mantissa << UInt64(leadingZeros)
        let index = 2 * (q - smallestPowerOfTen)
        var (high, low) = w.multipliedFullWidth(by: powersOfFive[index])
        // 55 bits of precision are needed: the implicit bit, a rounding bit, and the upper bit.
        let precisionMask: UInt64 = .max >> 55
        if high & precisionMask == precisionMask {
            let second = w.multipliedFullWidth(by: powersOfFive[index + 1]).high
            low = low &+ second
            if second > low { high = high &+ 1 }
        }
        if low == .max, !(-27...55).contains(q) { return nil }
        let upperBit = Int(high >> 63)
        let shift = UInt64(upperBit + 64 - mantissaBits - 3)
        var result = high >> shift
        var power2 = power(q) + upperBit - leadingZeros - minimumExponent
        // Subnormal results go to the exact path.
        guard power2 > 0 else { return nil }
        // Exactly halfway between two doubles: round to even.
        if low <= 1, (-4...23).contains(q), result & 3 == 1, result << shift == high {
            result &= ~1
        }
        result += result & 1
        result >>= 1
        if result >= 2 << UInt64(mantissaBits) {
            result = 1 << UInt64(mantissaBits)
            power2 += 1
        }
        result &= ~(1 << UInt64(mantissaBits))
        if power2 >= infinitePower { return .infinity }
        return Double(bitPattern: result | UInt64(power2) << UInt64(mantissaBits))
    }

    /// floor(log2(10^q)) + 63, exact over the table's range.
    @inline(__always)
    private static func power(_ q: Int) -> Int { (((152_170 + 65_536) * q) >> 16) + 63 }
}
