import Foundation

/// A JSON number read in one pass: where its text is, and its decimal parts for conversion.
///
/// Its value is `±mantissa × 10^exponent` when `significantDigits <= 19`; longer mantissas keep
/// their first 19 digits here and are converted from the text.
package struct DecimalNumber {
    /// Byte range of the number's text.
    package var range: Range<Int>
    /// Whether it has neither fraction nor exponent.
    package var isInteger: Bool
    /// Whether it starts with `-`.
    package var isNegative: Bool
    /// Its significant digits (leading zeros are not) as an integer, up to the first 19.
    package var mantissa: UInt64
    /// How many significant digits it has.
    package var significantDigits: Int
    /// The power of ten the mantissa is scaled by (the fraction's digits and the exponent).
    package var exponent: Int
}

extension JSONCursor {
    /// Consumes a number that follows RFC 8259's grammar exactly, or consumes nothing. Its digits
    /// are gathered as they are checked, so the text is read once.
    ///
    /// - Returns: The number, or nil when the next token is not a well-formed number
    ///   (`NaN`, `Infinity`, `+1`, `01`, `1.`, `.5`, `1e`, `12abc` are all refused).
    @inline(__always)
    package mutating func scanNumber() -> DecimalNumber? {
        guard peek() != nil else { return nil }
        if let number = scanPlainNumber() { return number }
        let count = bytes.count
        var index = offset
        var number = DecimalNumber(
            range: offset..<offset, isInteger: true, isNegative: bytes[index] == .minus, mantissa: 0,
            significantDigits: 0, exponent: 0)
        if number.isNegative { index += 1 }
        guard index < count, bytes[index].isDigit else { return nil }
        if bytes[index] == .zero {
            index += 1
        } else {
            index = number.appendDigits(of: bytes, from: index)
        }
        if index < count, bytes[index] == .dot {
            index += 1
            guard index < count, bytes[index].isDigit else { return nil }
            let fractionStart = index
            // After a zero integer part, the fraction's leading zeros only move the point.
            if number.mantissa == 0 {
                while index < count, bytes[index] == .zero { index += 1 }
            }
            index = number.appendDigits(of: bytes, from: index)
            number.exponent -= index - fractionStart
            number.isInteger = false
        }
        if index < count, bytes[index] == .lowercaseE || bytes[index] == .uppercaseE {
            index += 1
            var exponentIsNegative = false
            if index < count, bytes[index] == .plus || bytes[index] == .minus {
                exponentIsNegative = bytes[index] == .minus
                index += 1
            }
            guard index < count, bytes[index].isDigit else { return nil }
            var exponent = 0
            while index < count, bytes[index].isDigit {
                // Held below any exponent that could still give a finite nonzero Double.
                exponent = min(exponent * 10 + Int(bytes[index] - .zero), 100_000)
                index += 1
            }
            number.exponent += exponentIsNegative ? -exponent : exponent
            number.isInteger = false
        }
        guard index == count || bytes[index].isJSONDelimiter else { return nil }
        number.range = offset..<index
        offset = index
        return number
    }

    /// Consumes a number and returns it when it is finite; nil when the next token is no number
    /// or overflows a Double (the caller locates the error at the token's start).
    @inline(__always)
    package mutating func scanFiniteDouble() -> Double? {
        guard let number = scanNumber() else { return nil }
        let value = NumberParsing.double(number, in: bytes)
        return value.isFinite ? value : nil
    }

    /// Consumes a number and returns it when it is a non-negative integral number of epoch
    /// milliseconds (integral values written with a fraction or exponent, `1.6e12`, count); nil
    /// otherwise (the caller locates the error at the token's start).
    @inline(__always)
    package mutating func scanTimestamp() -> Int64? {
        guard let number = scanNumber() else { return nil }
        if let value = NumberParsing.int64(number), value >= 0 { return value }
        let value = NumberParsing.double(number, in: bytes)
        guard value >= 0, value < 9.2e18, value.rounded(.towardZero) == value else { return nil }
        return Int64(value)
    }

    /// Reads a finite number.
    ///
    /// - Parameters:
    ///   - path: The value's JSON path, built only for an error.
    ///   - expected: What the error says was expected.
    /// - Returns: The value, correctly rounded.
    /// - Throws: When the token is not a number (null, a string, NaN, ...) or overflows a Double.
    @inline(__always)
    package mutating func readDouble(
        path: @autoclosure () -> String,
        expected: @autoclosure () -> String
    ) throws(LocatedDecodingError) -> Double {
        let start = startOfNextToken()
        guard let value = scanFiniteDouble() else {
            throw error(at: start, path: path(), expected: expected())
        }
        return value
    }

    /// What ``readTimestamp(path:)`` expects.
    package static let timestampExpectation = "an integer epoch-millisecond timestamp >= 0"

    /// Reads a non-negative integral number of epoch milliseconds (``scanTimestamp()``).
    ///
    /// - Parameter path: The value's JSON path, built only for an error.
    /// - Returns: The timestamp.
    @inline(__always)
    package mutating func readTimestamp(path: @autoclosure () -> String) throws(LocatedDecodingError) -> Int64
    {
        let start = startOfNextToken()
        guard let value = scanTimestamp() else {
            throw error(at: start, path: path(), expected: Self.timestampExpectation)
        }
        return value
    }
}

extension DecimalNumber {
    /// Adds the run of digits starting at `start` after the digits read so far, and returns
    /// where the run ends. The first digit must be significant (not a leading zero).
    ///
    /// Eight bytes are read as one little-endian word where eight remain: the run's length is
    /// where the first byte outside `0`...`9` sits (``PlainDigits/notDigits(_:)``), and up to
    /// eight digits convert in three multiplications (``PlainDigits/eightDigits(_:)``). So a
    /// 17-digit price costs three steps, not seventeen with a mispredicted exit. Digits past the
    /// 19th, and the last bytes of the document, are added one at a time.
    @inline(__always)
    package mutating func appendDigits(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index &+ 8 <= bytes.count {
            let word = UInt64(
                littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
            let digits = word &- 0x3030_3030_3030_3030
            let run = PlainDigits.notDigits(digits).trailingZeroBitCount / 8
            guard run > 0 else { return index }
            guard significantDigits + run <= 19 else { break }
            mantissa =
                mantissa &* PlainDigits.powerOfTen(run)
                &+ PlainDigits.eightDigits(digits << (64 - 8 * run))
            significantDigits += run
            index &+= run
            if run < 8 { return index }
        }
        while index < bytes.count, bytes[index].isDigit {
            append(digit: bytes[index])
            index += 1
        }
        return index
    }

    /// Adds a digit after those read (as ``appendDigits(of:from:)``, never a leading zero:
    /// ``JSONCursor/scanNumber()`` passes over those, as they only move the point).
    @inline(__always)
    package mutating func append(digit: UInt8) {
        significantDigits += 1
        if significantDigits <= 19 { mantissa = mantissa &* 10 &+ UInt64(digit &- .zero) }
    }
}

/// Conversion of scanned JSON numbers to binary.
package enum NumberParsing {
    /// The powers of ten a Double holds exactly, as literals (so they need no lazy setup).
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The value of an integer (written without fraction or exponent), or nil on overflow.
    @inline(__always)
    package static func int64(_ number: DecimalNumber) -> Int64? {
        guard number.isInteger, number.significantDigits <= 19 else { return nil }
        if number.isNegative {
            return number.mantissa <= UInt64(Int64.max) + 1
                ? Int64(truncatingIfNeeded: 0 &- number.mantissa) : nil
        }
        return number.mantissa <= UInt64(Int64.max) ? Int64(number.mantissa) : nil
    }

    /// The correctly rounded Double of a scanned number.
    ///
    /// Clinger's fast path handles mantissas up to 2^53 with decimal exponents up to 22 exactly
    /// (one IEEE multiplication or division of exact operands; W. D. Clinger, "How to Read
    /// Floating Point Numbers Accurately", PLDI 1990). Mantissas of up to 19 digits go to
    /// ``EiselLemire``. Anything else (more digits, subnormals) goes to the C library's `strtod`
    /// over the number's text, which rounds correctly.
    @inline(__always)
    package static func double(_ number: DecimalNumber, in bytes: UnsafeBufferPointer<UInt8>) -> Double {
        if number.mantissa == 0 { return number.isNegative ? -0.0 : 0.0 }
        guard number.significantDigits <= 19,
            let magnitude = magnitude(mantissa: number.mantissa, exponent: number.exponent)
        else { return slowPath(bytes, number.range) }
        return number.isNegative ? -magnitude : magnitude
    }

    /// The correctly rounded Double of `mantissa × 10^exponent` (a nonzero mantissa of at most
    /// 19 digits) by Clinger's fast path or ``EiselLemire``; nil when neither can decide.
    @inline(__always)
    package static func magnitude(mantissa: UInt64, exponent: Int) -> Double? {
        if mantissa <= 1 << 53, abs(exponent) <= 22 {
            return exponent >= 0
                ? Double(mantissa) * exactPowersOfTen[exponent]
                : Double(mantissa) / exactPowersOfTen[-exponent]
        }
        return EiselLemire.double(mantissa: mantissa, exponent: exponent)
    }

    private static func slowPath(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double {
        let length = range.count
        let parsed = withUnsafeTemporaryAllocation(of: CChar.self, capacity: length + 1) {
            buffer -> Double? in
            for index in 0..<length { buffer[index] = CChar(bitPattern: bytes[range.lowerBound + index]) }
            buffer[length] = 0
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(buffer.baseAddress!, &end)
            // A locale whose decimal separator is not '.' would stop strtod early.
            return end == buffer.baseAddress! + length ? value : nil
        }
        if let parsed { return parsed }
        return Double(String(decoding: bytes[range], as: UTF8.self)) ?? .nan
    }
}
