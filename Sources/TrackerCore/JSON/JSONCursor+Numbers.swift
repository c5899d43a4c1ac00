import Foundation

/// A JSON number's text, located in the document.
struct NumberLexeme {
    /// Byte range of the number.
    var range: Range<Int>
    /// Whether it has neither fraction nor exponent.
    var isInteger: Bool
}

extension JSONCursor {
    /// Consumes a number that follows RFC 8259's grammar exactly, or consumes nothing.
    ///
    /// - Returns: The lexeme, or nil when the next token is not a well-formed number
    ///   (`NaN`, `Infinity`, `+1`, `01`, `1.`, `.5`, `1e`, `12abc` are all refused).
    mutating func lexNumber() -> NumberLexeme? {
        guard peek() != nil else { return nil }
        let start = offset
        var index = offset
        let count = bytes.count
        if bytes[index] == .minus { index += 1 }
        guard index < count, bytes[index].isDigit else { return nil }
        if bytes[index] == .zero {
            index += 1
        } else {
            while index < count, bytes[index].isDigit { index += 1 }
        }
        var isInteger = true
        if index < count, bytes[index] == .dot {
            index += 1
            guard index < count, bytes[index].isDigit else { return nil }
            while index < count, bytes[index].isDigit { index += 1 }
            isInteger = false
        }
        if index < count, bytes[index] == .lowercaseE || bytes[index] == .uppercaseE {
            index += 1
            if index < count, bytes[index] == .plus || bytes[index] == .minus { index += 1 }
            guard index < count, bytes[index].isDigit else { return nil }
            while index < count, bytes[index].isDigit { index += 1 }
            isInteger = false
        }
        guard index == count || bytes[index].isJSONDelimiter else { return nil }
        offset = index
        return NumberLexeme(range: start..<index, isInteger: isInteger)
    }

    /// Reads a finite number.
    ///
    /// - Parameters:
    ///   - path: The value's JSON path, built only for an error.
    ///   - expected: What the error says was expected.
    /// - Returns: The value, correctly rounded.
    /// - Throws: When the token is not a number (null, a string, NaN, ...) or overflows a Double.
    @inline(__always)
    mutating func readDouble(
        path: @autoclosure () -> String,
        expected: @autoclosure () -> String
    ) throws(LocatedDecodingError) -> Double {
        guard let lexeme = lexNumber() else { throw error(path: path(), expected: expected()) }
        let value = NumberParsing.double(bytes, lexeme.range)
        guard value.isFinite else {
            throw error(at: lexeme.range.lowerBound, path: path(), expected: expected())
        }
        return value
    }

    /// Reads a non-negative integral number of epoch milliseconds.
    ///
    /// Integral values written with a fraction or exponent (`1.6e12`) are accepted.
    ///
    /// - Parameter path: The value's JSON path, built only for an error.
    /// - Returns: The timestamp.
    @inline(__always)
    mutating func readTimestamp(path: @autoclosure () -> String) throws(LocatedDecodingError) -> Int64 {
        let expected = "an integer epoch-millisecond timestamp >= 0"
        guard let lexeme = lexNumber() else { throw error(path: path(), expected: expected) }
        if lexeme.isInteger, let value = NumberParsing.int64(bytes, lexeme.range), value >= 0 {
            return value
        }
        let value = NumberParsing.double(bytes, lexeme.range)
        guard value >= 0, value < 9.2e18, value.rounded(.towardZero) == value else {
            throw error(at: lexeme.range.lowerBound, path: path(), expected: expected)
        }
        return Int64(value)
    }
}

/// Conversion of validated JSON number text to binary.
enum NumberParsing {
    /// Exact powers of ten representable as Double.
    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// The integer value of an integer lexeme, or nil on overflow.
    static func int64(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int64? {
        var index = range.lowerBound
        let negative = bytes[index] == .minus
        if negative { index += 1 }
        var magnitude: UInt64 = 0
        while index < range.upperBound {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(bytes[index] - .zero))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
            index += 1
        }
        if negative {
            return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// The correctly rounded Double of a validated number lexeme.
    ///
    /// Clinger's fast path handles mantissas up to 2^53 with decimal exponents up to 22 exactly
    /// (one IEEE multiplication or division of exact operands; W. D. Clinger, "How to Read
    /// Floating Point Numbers Accurately", PLDI 1990). Mantissas of up to 19 digits go to
    /// ``EiselLemire``. Anything else (more digits, subnormals) goes to the C library's `strtod`,
    /// which rounds correctly.
    static func double(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double {
        var index = range.lowerBound
        let end = range.upperBound
        let negative = bytes[index] == .minus
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var decimalExponent = 0
        while index < end, bytes[index].isDigit {
            accumulate(bytes[index], into: &mantissa, digits: &significantDigits)
            index += 1
        }
        if index < end, bytes[index] == .dot {
            index += 1
            while index < end, bytes[index].isDigit {
                accumulate(bytes[index], into: &mantissa, digits: &significantDigits)
                decimalExponent -= 1
                index += 1
            }
        }
        if index < end {  // exponent
            index += 1
            var exponentNegative = false
            if bytes[index] == .plus || bytes[index] == .minus {
                exponentNegative = bytes[index] == .minus
                index += 1
            }
            var exponent = 0
            while index < end {
                exponent = min(exponent * 10 + Int(bytes[index] - .zero), 100_000)
                index += 1
            }
            decimalExponent += exponentNegative ? -exponent : exponent
        }
        if mantissa == 0 { return negative ? -0.0 : 0.0 }
        if significantDigits <= 19, mantissa <= 1 << 53, abs(decimalExponent) <= 22 {
            let magnitude =
                decimalExponent >= 0
                ? Double(mantissa) * exactPowersOfTen[decimalExponent]
                : Double(mantissa) / exactPowersOfTen[-decimalExponent]
            return negative ? -magnitude : magnitude
        }
        if significantDigits <= 19,
            let magnitude = EiselLemire.double(mantissa: mantissa, exponent: decimalExponent)
        {
            return negative ? -magnitude : magnitude
        }
        return slowPath(bytes, range)
    }

    @inline(__always)
    private static func accumulate(_ digit: UInt8, into mantissa: inout UInt64, digits: inout Int) {
        if mantissa == 0 && digit == .zero { return }  // leading zeros are not significant
        digits += 1
        if digits <= 19 { mantissa = mantissa &* 10 &+ UInt64(digit - .zero) }
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
