extension JSONCursor {
    /// Reads an object, calling `member` with the cursor at each member's value.
    ///
    /// `member` must consume the value (read it or ``skipValue(path:)``). Duplicate keys are an
    /// error: a document that says two things about one key is ambiguous.
    ///
    /// - Parameters:
    ///   - path: The object's JSON path, built only for an error.
    ///   - member: Called once per member with the key.
    package mutating func readObject(
        path: @autoclosure () -> String,
        member: (inout JSONCursor, String) throws(LocatedDecodingError) -> Void
    ) throws(LocatedDecodingError) {
        try readObject(path: path(), names: .none) { cursor, key throws(LocatedDecodingError) in
            try member(&cursor, key.name(in: .none))
        }
    }

    /// Reads an array, calling `element` with the cursor at each element.
    ///
    /// - Parameters:
    ///   - path: The array's JSON path, built only for an error.
    ///   - element: Called once per element with its index; must consume the element.
    @usableFromInline
    package mutating func readArray(
        path: @autoclosure () -> String,
        element: (inout JSONCursor, Int) throws(LocatedDecodingError) -> Void
    ) throws(LocatedDecodingError) {
        try expect(.openBracket, path: path(), expected: "an array")
        if consume(.closeBracket) { return }
        var index = 0
        repeat {
            try element(&self, index)
            index += 1
        } while consume(.comma)
        try expect(.closeBracket, path: path(), expected: "',' or ']' in the array")
    }

    /// Reads a string value, decoding escapes.
    ///
    /// - Parameters:
    ///   - path: The value's JSON path.
    ///   - expected: What the error says was expected.
    package mutating func readString(
        path: @autoclosure () -> String,
        expected: @autoclosure () -> String = "a string"
    ) throws(LocatedDecodingError) -> String {
        guard peek() == .quote else { throw error(path: path(), expected: expected()) }
        let start = offset
        offset += 1
        // Most strings have no escape: they are decoded in one piece, straight from the bytes.
        var escaped: String?
        var runStart = offset
        var runIsASCII = true
        while true {
            if JSONStringRun.skip(in: bytes, from: &offset) { runIsASCII = false }
            guard offset < bytes.count else { break }
            let byte = bytes[offset]
            if byte == .quote {
                guard let run = Self.utf8Text(bytes, runStart..<offset, isASCII: runIsASCII) else {
                    throw error(at: start, path: path(), expected: Self.utf8Expectation)
                }
                offset += 1
                guard var text = escaped else { return run }
                text += run
                return text
            }
            if byte < 0x20 {
                throw error(at: start, path: path(), expected: "a string without raw control characters")
            }
            if byte == .backslash {
                guard let run = Self.utf8Text(bytes, runStart..<offset, isASCII: runIsASCII) else {
                    throw error(at: start, path: path(), expected: Self.utf8Expectation)
                }
                var text = (escaped ?? "") + run
                guard let scalar = readEscape() else {
                    throw error(at: start, path: path(), expected: "a string with valid escapes")
                }
                text.unicodeScalars.append(scalar)
                escaped = text
                runStart = offset
                runIsASCII = true
            } else {
                // One of the last seven bytes, which the word reader leaves.
                if byte >= 0x80 { runIsASCII = false }
                offset += 1
            }
        }
        throw error(at: start, path: path(), expected: "a string closed by '\"'")
    }

    /// The text of `bytes[range]`, or nil when it is not UTF-8. An ASCII run (nearly every run,
    /// known from the scan that found its end) is copied without the generic validator, which
    /// looked up type metadata for each string: 13 % of decoding a `/coins/markets` body.
    private static func utf8Text(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, isASCII: Bool
    ) -> String? {
        let run = UnsafeBufferPointer(rebasing: bytes[range])
        if isASCII { return String(decoding: run, as: UTF8.self) }
        return String(validating: run, as: UTF8.self)
    }

    /// What a string with bytes that are not UTF-8 should have been.
    static let utf8Expectation =
        "a string of UTF-8 text (JSON is UTF-8, RFC 8259; Latin-1 and other encodings are refused)"

    /// Reads `\x` or `\uXXXX` (with surrogate pairs) at the cursor; nil if malformed.
    private mutating func readEscape() -> Unicode.Scalar? {
        guard offset + 1 < bytes.count else { return nil }
        let code = bytes[offset + 1]
        offset += 2
        switch code {
        case UInt8(ascii: "\""): return "\""
        case .backslash: return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard let high = readHex4() else { return nil }
            if (0xD800..<0xDC00).contains(high) {
                guard offset + 1 < bytes.count, bytes[offset] == .backslash,
                    bytes[offset + 1] == UInt8(ascii: "u")
                else { return nil }
                offset += 2
                guard let low = readHex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
            return Unicode.Scalar(high)
        default:
            return nil
        }
    }

    private mutating func readHex4() -> UInt32? {
        guard offset + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = bytes[offset].hexDigitValue else { return nil }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    /// Skips one value of any kind, checking its syntax.
    ///
    /// - Parameter path: The value's JSON path, built only for an error.
    package mutating func skipValue(path: @autoclosure () -> String) throws(LocatedDecodingError) {
        try skipValue(path: path, depth: 0)
    }

    private mutating func skipValue(path: () -> String, depth: Int) throws(LocatedDecodingError) {
        guard depth < Self.maximumDepth else {
            throw error(path: path(), expected: "nesting at most \(Self.maximumDepth) deep")
        }
        switch peek() {
        case .openBrace:
            try readObject(path: path()) { cursor, key throws(LocatedDecodingError) in
                try cursor.skipValue(path: { path().member(key) }, depth: depth + 1)
            }
        case .openBracket:
            try readArray(path: path()) { cursor, index throws(LocatedDecodingError) in
                try cursor.skipValue(path: { path().element(index) }, depth: depth + 1)
            }
        case .quote:
            if skipPlainString() { return }
            _ = try readString(path: path())
        default:
            if scanNumber() != nil { return }
            if consumeLiteral("true") || consumeLiteral("false") || consumeLiteral("null") { return }
            throw error(path: path(), expected: "a JSON value")
        }
    }

    /// Skips a string of plain ASCII (no escape, no control character: a date, an id) without
    /// making a `String`; false, the cursor unmoved, for any other, which ``readString(path:expected:)``
    /// then reads and checks.
    private mutating func skipPlainString() -> Bool {
        plainStringContent() != nil
    }

    /// The bytes between the quotes of the string of plain ASCII (no escape, no control
    /// character) at the cursor, the cursor moved past it; nil, the cursor unmoved, for any other
    /// value.
    mutating func plainStringContent() -> Range<Int>? {
        guard offset < bytes.count, bytes[offset] == .quote else { return nil }
        var end = offset + 1
        if JSONStringRun.skip(in: bytes, from: &end) { return nil }
        while end < bytes.count {
            let byte = bytes[end]
            if byte == .quote {
                defer { offset = end + 1 }
                return offset + 1..<end
            }
            guard byte >= 0x20, byte < 0x80, byte != .backslash else { return nil }
            end += 1
        }
        return nil
    }

    /// Consumes the literal (`null`, `true`, `false`) if it is next.
    package mutating func consumeLiteral(_ literal: StaticString) -> Bool {
        // Most calls ask for `null` where a number or a string is: the first byte tells.
        guard let first = peek(), first == literal.utf8Start.pointee else { return false }
        let length = literal.utf8CodeUnitCount
        guard offset + length <= bytes.count else { return false }
        let matches = literal.withUTF8Buffer { expected in
            (0..<length).allSatisfy { bytes[offset + $0] == expected[$0] }
        }
        guard matches, offset + length == bytes.count || bytes[offset + length].isJSONDelimiter else {
            return false
        }
        offset += length
        return true
    }
}

extension UInt8 {
    /// The value of an ASCII hex digit, or nil.
    fileprivate var hexDigitValue: UInt8? {
        switch self {
        case .zero ... .nine: return self - .zero
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return self - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return self - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

extension String {
    /// The JSON path of a member of the object at this path: `$.prices`, `$["a b"]`.
    package func member(_ key: String) -> String {
        let isIdentifier =
            !key.isEmpty
            && key.utf8.allSatisfy {
                ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || $0 == 0x5F || $0.isDigit
            }
        return isIdentifier ? "\(self).\(key)" : "\(self)[\"\(key)\"]"
    }

    /// The JSON path of an element of the array at this path: `$.prices[3]`.
    @usableFromInline
    package func element(_ index: Int) -> String { "\(self)[\(index)]" }
}
