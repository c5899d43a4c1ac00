/// A forward-only reader over the bytes of one JSON document (RFC 8259).
///
/// It is the base of the specialised decoders for CoinGecko's numeric responses: it never builds
/// a tree, never allocates per number, and reports every problem as a ``LocatedDecodingError``
/// naming line, column and JSON path. The decoders describe the document's shape; the cursor
/// moves through the bytes. Paths are passed as autoclosures so that they are only built when an
/// error is reported.
///
/// The cursor borrows its bytes: create it only through ``withJSONCursor(over:source:_:)``.
@usableFromInline
package struct JSONCursor {
    /// The document.
    package let bytes: UnsafeBufferPointer<UInt8>
    /// The label errors name: a file name, "response", "stdin".
    package let source: String
    /// The index of the next unread byte.
    package var offset = 0

    /// The deepest nesting ``skipValue(path:)`` accepts before calling the document malformed.
    package static let maximumDepth = 512

    @usableFromInline
    package init(bytes: UnsafeBufferPointer<UInt8>, source: String) {
        self.bytes = bytes
        self.source = source
    }

    /// Skips JSON whitespace and returns the next byte without consuming it, or nil at the end.
    @inline(__always)
    package mutating func peek() -> UInt8? {
        // Compact JSON (every body the simulated server writes) has a token here.
        if offset < bytes.count, bytes[offset] > .space { return bytes[offset] }
        return peekPastWhitespace()
    }

    /// ``peek()`` where whitespace comes first: a byte at a time. (Eight bytes at a time, as
    /// one word, was 6 % slower on CoinGecko's indented markets page: its runs are short.)
    private mutating func peekPastWhitespace() -> UInt8? {
        while offset < bytes.count {
            switch bytes[offset] {
            case .space, .tab, .newline, .carriageReturn: offset += 1
            default: return bytes[offset]
            }
        }
        return nil
    }

    /// Skips whitespace and returns the offset of the next token, for errors that point at it.
    @inline(__always)
    package mutating func startOfNextToken() -> Int {
        _ = peek()
        return offset
    }

    /// Consumes `byte` if it is the next significant byte.
    @inline(__always)
    package mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        offset += 1
        return true
    }

    /// Consumes `byte` or throws an error describing the byte found instead.
    package mutating func expect(
        _ byte: UInt8,
        path: @autoclosure () -> String,
        expected: @autoclosure () -> String
    ) throws(LocatedDecodingError) {
        guard consume(byte) else { throw error(path: path(), expected: expected()) }
    }

    /// Requires that nothing but whitespace follows.
    @usableFromInline
    package mutating func expectEnd() throws(LocatedDecodingError) {
        guard peek() == nil else {
            throw error(path: "$", expected: "the end of the document")
        }
    }

    /// An error located at the next significant byte.
    package mutating func error(path: String, expected: String) -> LocatedDecodingError {
        error(at: startOfNextToken(), path: path, expected: expected)
    }

    /// An error located at `position`, describing the token found there.
    package func error(at position: Int, path: String, expected: String) -> LocatedDecodingError {
        let (line, column) = lineAndColumn(of: position)
        return LocatedDecodingError(
            source: source,
            path: path,
            line: line,
            column: column,
            expected: expected,
            found: describeToken(at: position)
        )
    }

    /// 1-based line and column of a byte offset; computed only when an error is reported.
    package func lineAndColumn(of position: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(position, bytes.count) where bytes[index] == .newline {
            line += 1
            lineStart = index + 1
        }
        return (line, position - lineStart + 1)
    }

    /// A short human description of the token at `position`: `null`, `"abc"`, `an object`, ...
    package func describeToken(at position: Int) -> String {
        guard position < bytes.count else { return "end of input" }
        switch bytes[position] {
        case .openBrace: return "an object"
        case .openBracket: return shortArrayText(at: position) ?? "an array"
        case .closeBracket: return "the end of the array"
        case .closeBrace: return "the end of the object"
        case .comma: return "','"
        case .colon: return "':'"
        default: break
        }
        var end = position
        let isString = bytes[position] == .quote
        if isString {
            end += 1
            while end < bytes.count, bytes[end] != .quote {
                end += bytes[end] == .backslash ? 2 : 1
            }
            end = min(end + 1, bytes.count)
        } else {
            while end < bytes.count, !bytes[end].isJSONDelimiter { end += 1 }
        }
        let limit = 40
        let excerpt = String(decoding: bytes[position..<min(end, position + limit)], as: UTF8.self)
        let truncated = end - position > limit ? excerpt + "..." : excerpt
        return isString ? "the string \(truncated)" : truncated
    }
}

extension JSONCursor {
    /// The text of a flat array starting at `position` (`[1, 2.5, null]`) when it is short.
    fileprivate func shortArrayText(at position: Int) -> String? {
        var end = position + 1
        while end < min(bytes.count, position + 160) {
            switch bytes[end] {
            case .closeBracket: return String(decoding: bytes[position...end], as: UTF8.self)
            case .openBracket, .openBrace: return nil
            default: end += 1
            }
        }
        return nil
    }
}

extension JSONCursor {
    /// The error for a document that does not start as UTF-8 text (a byte-order mark of UTF-16
    /// or UTF-32, a NUL), or nil. Not generic, so that ``withJSONCursor(over:source:_:)``, whose
    /// body other modules specialise, runs it without looking up type metadata.
    @usableFromInline
    package static func encodingProblem(_ buffer: UnsafeBufferPointer<UInt8>, source: String)
        -> LocatedDecodingError?
    {
        // An ASCII first byte that is not NUL, then a byte that is not NUL, is no mark and no
        // UTF-16 (what `problemAtStart` looks for, without its copy of the first bytes).
        if let first = buffer.first, first != 0, first < 0x80, buffer.count < 2 || buffer[1] != 0 {
            return nil
        }
        guard let problem = TextEncoding.problemAtStart(of: buffer) else { return nil }
        return LocatedDecodingError(
            source: source, path: "$", line: 1, column: 1, expected: "UTF-8 JSON", found: problem)
    }
}

/// Runs `body` with a cursor over the bytes of `data`.
///
/// - Parameters:
///   - data: The document's bytes (`Data`, `[UInt8]`, ...).
///   - source: The label errors name.
///   - body: The decoding work.
@inlinable
package func withJSONCursor<Bytes: Collection, Result>(
    over data: Bytes,
    source: String,
    _ body: (inout JSONCursor) throws(LocatedDecodingError) -> Result
) throws(LocatedDecodingError) -> Result where Bytes.Element == UInt8 {
    let outcome: Swift.Result<Result, LocatedDecodingError>? = data.withContiguousStorageIfAvailable {
        buffer in
        if let problem = JSONCursor.encodingProblem(buffer, source: source) { return .failure(problem) }
        var cursor = JSONCursor(bytes: buffer, source: source)
        do throws(LocatedDecodingError) {
            return .success(try body(&cursor))
        } catch {
            return .failure(error)
        }
    }
    if let outcome { return try outcome.get() }
    let copy = Array(data)
    return try withJSONCursor(over: copy, source: source, body)
}

/// Reads one whole document with `body` and requires that nothing but whitespace follows.
///
/// - Parameters:
///   - data: The document's bytes.
///   - source: The label errors name.
///   - body: Reads the top-level value.
@inlinable
package func withJSONDocument<Bytes: Collection, Result>(
    _ data: Bytes,
    source: String,
    _ body: (inout JSONCursor) throws(LocatedDecodingError) -> Result
) throws(LocatedDecodingError) -> Result where Bytes.Element == UInt8 {
    try withJSONCursor(over: data, source: source) { cursor throws(LocatedDecodingError) in
        let value = try body(&cursor)
        try cursor.expectEnd()
        return value
    }
}

/// Reads a document that is an array of objects, each with `element`.
@inlinable
package func decodeObjectArray<Bytes: Collection, Element>(
    _ data: Bytes,
    source: String,
    element: (inout JSONCursor, () -> String) throws(LocatedDecodingError) -> Element
) throws(LocatedDecodingError) -> [Element] where Bytes.Element == UInt8 {
    try withJSONDocument(data, source: source) { cursor throws(LocatedDecodingError) in
        try cursor.readObjects(path: "$", element: element)
    }
}

extension UInt8 {
    package static let space = UInt8(ascii: " ")
    package static let tab = UInt8(ascii: "\t")
    package static let newline = UInt8(ascii: "\n")
    package static let carriageReturn = UInt8(ascii: "\r")
    package static let openBrace = UInt8(ascii: "{")
    package static let closeBrace = UInt8(ascii: "}")
    package static let openBracket = UInt8(ascii: "[")
    package static let closeBracket = UInt8(ascii: "]")
    package static let comma = UInt8(ascii: ",")
    package static let colon = UInt8(ascii: ":")
    package static let quote = UInt8(ascii: "\"")
    package static let backslash = UInt8(ascii: "\\")
    package static let minus = UInt8(ascii: "-")
    package static let plus = UInt8(ascii: "+")
    package static let dot = UInt8(ascii: ".")
    package static let zero = UInt8(ascii: "0")
    package static let nine = UInt8(ascii: "9")
    package static let lowercaseE = UInt8(ascii: "e")
    package static let uppercaseE = UInt8(ascii: "E")

    /// Whether the byte ends a bare JSON token (number, literal or stray word).
    @inline(__always)
    package var isJSONDelimiter: Bool {
        switch self {
        case .space, .tab, .newline, .carriageReturn, .comma, .colon, .closeBracket, .closeBrace,
            .openBracket, .openBrace:
            return true
        default:
            return false
        }
    }

    /// Whether the byte is an ASCII digit.
    @inline(__always)
    package var isDigit: Bool { self >= .zero && self <= .nine }
}
