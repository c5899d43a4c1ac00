/// How the workbench writes JSON values: one set of rules for every document it produces (results,
/// sweep summaries, synthetic CoinGecko responses), so equal values always give equal bytes.
public enum JSONText {
    /// A finite number in its shortest round-tripping form, integral values without `.0`
    /// (`16951.52`, `42000`, `1e-05`); `null` for NaN or infinity.
    ///
    /// - Parameter value: The number.
    public static func number(_ value: Double) -> String {
        var bytes: [UInt8] = []
        appendNumber(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``number(_:)``'s bytes, whole numbers digit by digit; other numbers are the
    /// standard library's shortest form (`description`), taken as the ASCII it writes rather
    /// than as a String (``ASCIISink``): no allocation, about 40 % less time a number.
    ///
    /// - Parameters:
    ///   - value: The number.
    ///   - bytes: Where to write.
    public static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
        guard value.isFinite else { return bytes.append(contentsOf: "null".utf8) }
        guard value == value.rounded() && abs(value) < 1e15 else {
            var sink = ASCIISink()
            swap(&sink.bytes, &bytes)
            value.write(to: &sink)
            swap(&sink.bytes, &bytes)
            return
        }
        appendInteger(Int64(value), to: &bytes)
    }

    /// Appends an integer in decimal, without making a String.
    ///
    /// - Parameters:
    ///   - value: The integer.
    ///   - bytes: Where to write.
    public static func appendInteger(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(value.magnitude, width: 1, to: &bytes)
    }

    /// Appends the decimal digits of `value`, zero-padded to at least `width` (at most 20): written
    /// from the last digit into a stack buffer, then appended at once.
    ///
    /// - Parameters:
    ///   - value: The number.
    ///   - width: The fewest digits, 1...20.
    ///   - bytes: Where to write.
    public static func appendDigits(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var start = 20
            var rest = value
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            while 20 - start < min(width, 20) {
                start -= 1
                buffer[start] = UInt8(ascii: "0")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<20]))
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    ///
    /// - Parameter text: The text.
    public static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends a JSON string literal's bytes.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - bytes: Where to write.
    public static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case ..<0x20:
                bytes += Array("\\u00".utf8) + [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}

/// Where `Double.write(to:)` puts its text: the standard library hands a stream the ASCII it
/// formatted (`_writeASCII`), which this appends as bytes; the text is `description`'s, byte for
/// byte (`JSONTextWritingTests` compares them over random bit patterns).
struct ASCIISink: TextOutputStream {
    var bytes: [UInt8] = []

    mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
}
