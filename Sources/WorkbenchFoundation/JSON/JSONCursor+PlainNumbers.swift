/// The plain numbers of CoinGecko's chart rows (`1621003519770`, `50675.258073370765`) read
/// sixteen bytes at a time: a digit run is found and converted in two words, where the general
/// scanner (``JSONCursor/scanNumber()``) checks the grammar a byte or a run at a time. Any other
/// shape (a sign, a leading zero, an exponent, more than 19 digits, the document's last bytes)
/// is left to the general scanner, which gives the same value: the fast path builds the same
/// ``DecimalNumber``.
extension JSONCursor {
    /// The number at the cursor when it is `digits` or `digits.digits` (the first digit not
    /// zero, at most 19 digits, then a delimiter), the cursor moved past it; nil, the cursor
    /// unmoved, for any other token.
    @inline(__always)
    mutating func scanPlainNumber() -> DecimalNumber? {
        let start = offset
        guard start < bytes.count, bytes[start] > .zero, bytes[start] <= .nine,
            let whole = PlainDigits.run(in: bytes, at: start)
        else { return nil }
        var end = start &+ whole.count
        var number = DecimalNumber(
            range: start..<end, isInteger: true, isNegative: false, mantissa: whole.value,
            significantDigits: whole.count, exponent: 0)
        if end < bytes.count, bytes[end] == .dot {
            guard let fraction = PlainDigits.run(in: bytes, at: end &+ 1), fraction.count > 0,
                whole.count &+ fraction.count <= 19
            else { return nil }
            number.mantissa = whole.value &* PlainDigits.powerOfTen(fraction.count) &+ fraction.value
            number.significantDigits &+= fraction.count
            number.exponent = -fraction.count
            number.isInteger = false
            end &+= 1 &+ fraction.count
        }
        guard end == bytes.count || bytes[end].isJSONDelimiter else { return nil }
        number.range = start..<end
        offset = end
        return number
    }
}

/// Digit runs read as two little-endian words.
enum PlainDigits {
    /// The powers of ten a run's value can be scaled by, as literals.
    private static let powersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
        1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000,
        1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ]

    /// 10^`exponent`, 0...19.
    @inline(__always)
    static func powerOfTen(_ exponent: Int) -> UInt64 { powersOfTen[exponent] }

    /// The run of digits at `start` (possibly empty) and its value, when it is shorter than 16
    /// digits and 16 bytes remain from `start`; nil otherwise.
    @inline(__always)
    static func run(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (value: UInt64, count: Int)? {
        guard start &+ 16 <= bytes.count else { return nil }
        let base = UnsafeRawPointer(bytes.baseAddress! + start)
        let first = UInt64(littleEndian: base.loadUnaligned(as: UInt64.self)) &- 0x3030_3030_3030_3030
        let firstStops = notDigits(first)
        if firstStops != 0 {
            let count = firstStops.trailingZeroBitCount / 8
            return (count == 0 ? 0 : eightDigits(first << UInt64(64 &- 8 &* count)), count)
        }
        let second =
            UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            &- 0x3030_3030_3030_3030
        let secondStops = notDigits(second)
        guard secondStops != 0 else { return nil }
        let count = secondStops.trailingZeroBitCount / 8
        let high = eightDigits(first)
        guard count > 0 else { return (high, 8) }
        return (high &* powersOfTen[count] &+ eightDigits(second << UInt64(64 &- 8 &* count)), 8 &+ count)
    }

    /// The high nibble of every byte of `digits` (bytes less `'0'`) that was no digit, and
    /// possibly of bytes after the first such byte: a byte that is no digit has a high nibble
    /// after `- '0'` or after a further `+ 6`, and a borrow or carry only reaches the bytes after
    /// it. So the lowest flagged byte is where a run of digits ends.
    @inline(__always)
    static func notDigits(_ digits: UInt64) -> UInt64 {
        (digits | (digits &+ 0x0606_0606_0606_0606)) & 0xF0F0_F0F0_F0F0_F0F0
    }

    /// The value of eight digit values (0...9), the first in the lowest byte, in three
    /// multiplications (fast_float's `parse_eight_digits_unrolled`; D. Lemire, "Number Parsing
    /// at a Gigabyte per Second", 2021).
    @inline(__always)
    static func eightDigits(_ digits: UInt64) -> UInt64 {
        let pairs = digits &* 10 &+ (digits >> 8)  // each 16-bit lane's low byte: two digits
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        let lowHalves = (pairs & mask) &* 0x000F_4240_0000_0064  // 100 and 1,000,000 << 32
        let highHalves = ((pairs >> 16) & mask) &* 0x0000_2710_0000_0001  // 1 and 10,000 << 32
        return (lowHalves &+ highHalves) >> 32
    }
}
