import Foundation
import Testing
import WorkbenchFoundation

/// The readers that look at eight bytes at a time (strings, plain numbers, compact chart rows)
/// against independent readings: Foundation's `JSONSerialization`, the standard library's
/// `Double(_:)`, and the cursor's own general path (the same rows with whitespace in them).
@Suite("JSON read a word at a time: strings, plain numbers, compact rows")
struct JSONWordReadingTests {
    /// Pieces of string content: plain ASCII, escapes, two-, three- and four-byte UTF-8.
    private static let pieces = [
        "a", "Z", "7", " ", "/", "~", "\\\"", "\\\\", "\\n", "\\u00e9", "\\ud83d\\ude00", "é", "€", "😀",
        "https://assets.coingecko.com/coins/images/1/large/bitcoin.png?1547033579",
    ]

    /// A document of one string, after `lead` spaces (so the string starts at every offset of a
    /// word), and the string's bytes with a raw byte put at `poison` when given.
    private func document(_ content: String, lead: Int, poison: (index: Int, byte: UInt8)? = nil) -> [UInt8] {
        var bytes = Array(repeating: UInt8(ascii: " "), count: lead) + Array("\"\(content)\"".utf8)
        if let poison { bytes.insert(poison.byte, at: lead + 1 + min(poison.index, content.utf8.count)) }
        return bytes + Array(repeating: UInt8(ascii: " "), count: 9)
    }

    private func foundationString(_ bytes: [UInt8]) -> String? {
        (try? JSONSerialization.jsonObject(with: Data(bytes), options: .fragmentsAllowed)) as? String
    }

    private func ourString(_ bytes: [UInt8]) -> String? {
        try? withJSONDocument(bytes, source: "t") { cursor throws(LocatedDecodingError) in
            try cursor.readString(path: "$")
        }
    }

    @Test("strings decode as JSONSerialization decodes them, from every offset of a word (4,000 strings)")
    func stringsMatchFoundation() throws {
        var generator = SplitMix64(seed: 8)
        for index in 0..<4_000 {
            let count = Int.random(in: 0...24, using: &generator)
            let content = (0..<count).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            let bytes = document(content, lead: index % 8)
            let expected = try #require(foundationString(bytes), "\(content)")
            #expect(ourString(bytes) == expected, "\(content)")
            #expect((try? JSONSyntax.validate(bytes, source: "t")) != nil, "\(content)")
        }
    }

    @Test(
        "a raw control byte or a byte that is not UTF-8 anywhere in a string is refused, as Foundation refuses it"
    )
    func badBytesAreRefused() throws {
        var generator = SplitMix64(seed: 9)
        for index in 0..<3_000 {
            let count = Int.random(in: 1...30, using: &generator)
            let content = (0..<count).map { _ in ["a", "b", "é", "-"].randomElement(using: &generator)! }
                .joined()
            let byte: UInt8 = [0x01, 0x09, 0x0A, 0x1F, 0xFF, 0xC0, 0x80].randomElement(using: &generator)!
            let bytes = document(
                content, lead: index % 8, poison: (Int.random(in: 0...count, using: &generator), byte))
            #expect(foundationString(bytes) == nil, "\(bytes)")
            #expect(ourString(bytes) == nil, "\(bytes)")
            #expect((try? JSONSyntax.validate(bytes, source: "t")) == nil, "\(bytes)")
        }
    }

    /// A number's text of a random shape: a whole part of 1 to 20 digits (or `0`), maybe a fraction
    /// of 1 to 20 digits, maybe an exponent or a sign.
    private func numberText(_ generator: inout SplitMix64) -> String {
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
        }
        var text =
            Int.random(in: 0..<6, using: &generator) == 0
            ? "0" : "\(Int.random(in: 1...9, using: &generator))"
        if text != "0" { text += digits(Int.random(in: 0...19, using: &generator)) }
        if Bool.random(using: &generator) { text += "." + digits(Int.random(in: 1...20, using: &generator)) }
        if Int.random(in: 0..<8, using: &generator) == 0 {
            text += "e-\(Int.random(in: 0...30, using: &generator))"
        }
        if Int.random(in: 0..<8, using: &generator) == 0 { text = "-" + text }
        return text
    }

    @Test("numbers of every plain shape, then each delimiter, read as Double(_:) reads them (30,000 numbers)")
    func plainNumbersMatchStandardLibrary() throws {
        var generator = SplitMix64(seed: 10)
        for index in 0..<30_000 {
            let text = numberText(&generator)
            let delimiter = [",", "]", "}", " ", "\n"][index % 5]
            // The number first in a document with room after it for two whole words.
            let bytes = Array("[\(text)\(delimiter)".utf8) + Array(repeating: UInt8(ascii: " "), count: 17)
            let read = try withJSONCursor(over: bytes, source: "t") { cursor throws(LocatedDecodingError) in
                _ = cursor.consume(UInt8(ascii: "["))
                return cursor.scanFiniteDouble()
            }
            #expect(read == Double(text), "\(text)")
            // The row reader's conversions: nil for what is not plain, else the same value.
            let plain = try withJSONCursor(over: bytes, source: "t") { cursor throws(LocatedDecodingError) in
                _ = cursor.consume(UInt8(ascii: "["))
                return (cursor.scanPlainDouble(), cursor.offset)
            }
            if let value = plain.0 {
                #expect(value == Double(text) && plain.1 == 1 + text.utf8.count, "\(text)")
            }
            if !text.contains(".") && !text.contains("e") && !text.hasPrefix("-"), let whole = Int64(text) {
                let stamp = try withJSONCursor(over: bytes, source: "t") {
                    cursor throws(LocatedDecodingError) in
                    _ = cursor.consume(UInt8(ascii: "["))
                    return cursor.scanTimestamp()
                }
                #expect(stamp == whole, "\(text)")
                let plainStamp = try withJSONCursor(over: bytes, source: "t") {
                    cursor throws(LocatedDecodingError) in
                    _ = cursor.consume(UInt8(ascii: "["))
                    return cursor.scanPlainInteger()
                }
                #expect(plainStamp == nil || plainStamp == whole, "\(text)")
            }
        }
    }

    @Test("a number run into a byte that ends no number (12x, 1.5.2, 1.e5) is no number")
    func malformedFollowersAreRefused() throws {
        for text in [
            "12x", "1.5.2", "1621003519770a", "50675.258073370765q", "1.", "1.e5", "01",
            "1234567890123456.5z",
        ] {
            let bytes = Array("[\(text),".utf8) + Array(repeating: UInt8(ascii: " "), count: 17)
            let read = try withJSONCursor(over: bytes, source: "t") { cursor throws(LocatedDecodingError) in
                _ = cursor.consume(UInt8(ascii: "["))
                return cursor.scanFiniteDouble()
            }
            #expect(read == nil, "\(text)")
        }
    }

    /// Chart rows `[[t, v], ...]` with or without a space after each comma (a space sends every
    /// row to the general reader).
    private func rows(_ values: [(String, String)], spaced: Bool) -> [UInt8] {
        let comma = spaced ? ", " : ","
        return Array(("[" + values.map { "[\($0.0)\(comma)\($0.1)]" }.joined(separator: comma) + "]").utf8)
    }

    private func read(_ bytes: [UInt8]) -> Result<NumericRows, LocatedDecodingError> {
        Result { () throws(LocatedDecodingError) in
            try withJSONDocument(bytes, source: "t") { cursor throws(LocatedDecodingError) in
                try cursor.readRows(path: "$.prices", rules: [.price()])
            }
        }
    }

    @Test("compact rows read as the same rows with spaces do, good rows and bad (2,000 documents)")
    func compactRowsMatchGeneralReader() throws {
        var generator = SplitMix64(seed: 11)
        let odd = ["0", "-1.5", "null", "\"1\"", "1e400", "0.0", "7", "1e2"]
        for _ in 0..<2_000 {
            let count = Int.random(in: 1...40, using: &generator)
            let values: [(String, String)] = (0..<count).map { _ in
                let stamp =
                    Int.random(in: 0..<40, using: &generator) == 0
                    ? ["1.5", "-3", "1e3", "null"].randomElement(using: &generator)!
                    : String(UInt64.random(in: 1_600_000_000_000...1_700_000_000_000, using: &generator))
                let value =
                    Int.random(in: 0..<30, using: &generator) == 0
                    ? odd.randomElement(using: &generator)!
                    : numberText(&generator).replacingOccurrences(of: "-", with: "")
                return (stamp, value)
            }
            let compact = read(rows(values, spaced: false))
            let spaced = read(rows(values, spaced: true))
            switch (compact, spaced) {
            case (.success(let a), .success(let b)):
                #expect(a.timestamps == b.timestamps && a.columns == b.columns)
            case (.failure(let a), .failure(let b)):
                #expect(a.path == b.path && a.expected == b.expected && a.found == b.found, "\(a) / \(b)")
            default:
                Issue.record("compact \(compact), spaced \(spaced)")
            }
        }
    }
}
