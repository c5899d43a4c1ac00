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
        guard let plain = PlainDigits.number(in: bytes, at: offset) else { return nil }
        let number = DecimalNumber(
            range: offset..<plain.end, isInteger: plain.fractionDigits == 0, isNegative: false,
            mantissa: plain.mantissa, significantDigits: plain.digits, exponent: -plain.fractionDigits)
        offset = plain.end
        return number
    }

    /// ``scanPlainNumber()`` converted, without the `DecimalNumber` in between: the value of a
    /// plain number (as ``NumberParsing/double(_:in:)`` gives it), the cursor moved past it; nil,
    /// the cursor unmoved, for any other token or a value the fast conversions cannot decide.
    @inline(__always)
    package mutating func scanPlainDouble() -> Double? {
        guard let plain = PlainDigits.number(in: bytes, at: offset),
            let value = NumberParsing.magnitude(mantissa: plain.mantissa, exponent: -plain.fractionDigits)
        else { return nil }
        offset = plain.end
        return value
    }

    /// A plain number without a fraction as an integer (as ``scanTimestamp()`` reads it), the
    /// cursor moved past it; nil, the cursor unmoved, for any other token.
    @inline(__always)
    package mutating func scanPlainInteger() -> Int64? {
        guard let plain = PlainDigits.number(in: bytes, at: offset), plain.fractionDigits == 0,
            plain.mantissa <= UInt64(Int64.max)
        else { return nil }
        offset = plain.end
        return Int64(plain.mantissa)
    }
}

/// A plain number's digits as one integer, how many of them follow the point, and where its
/// text ends.
struct PlainNumber {
    var mantissa: UInt64
    var digits: Int
    var fractionDigits: Int
    var end: Int
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

    /// The plain number at `start` (`digits` or `digits.digits`, the first digit not zero, at
    /// most 19 digits, then a delimiter or the end), or nil.
    @inline(__always)
    static func number(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> PlainNumber? {
        guard start < bytes.count, bytes[start] > .zero, bytes[start] <= .nine,
            let whole = run(in: bytes, at: start)
        else { return nil }
        var number = PlainNumber(
            mantissa: whole.value, digits: whole.count, fractionDigits: 0, end: start &+ whole.count)
        if number.end < bytes.count, bytes[number.end] == .dot {
            guard let fraction = run(in: bytes, at: number.end &+ 1), fraction.count > 0,
                whole.count &+ fraction.count <= 19
            else { return nil }
            number.mantissa = whole.value &* powersOfTen[fraction.count] &+ fraction.value
            number.digits &+= fraction.count
            number.fractionDigits = fraction.count
            number.end &+= 1 &+ fraction.count
        }
        guard number.end == bytes.count || bytes[number.end].isJSONDelimiter else { return nil }
        return number
    }

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
