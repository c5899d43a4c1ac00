import TrackerCore

/// Writes CoinGecko-shaped JSON straight into bytes: members in a fixed order, numbers in their
/// shortest round-tripping form, so the same values always give the same bytes. A synthetic
/// response is built without intermediate strings (the simulator builds thousands of them).
struct JSONWriter {
    private(set) var bytes: [UInt8] = []

    /// Creates a writer.
    ///
    /// - Parameter capacity: Bytes to reserve.
    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// Raw ASCII text (punctuation, literals).
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// `"name":`, preceded by a comma unless it is the object's first member.
    mutating func member(_ name: StaticString, first: Bool = false) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        raw("\":")
    }

    /// A JSON string, escaped (``JSONText/appendQuoted(_:to:)``).
    mutating func string(_ text: String) {
        JSONText.appendQuoted(text, to: &bytes)
    }

    /// A finite number, shortest form (``JSONText/number(_:)``); `null` for NaN or infinity.
    mutating func number(_ value: Double) {
        bytes.append(contentsOf: JSONText.number(value).utf8)
    }

    /// A number rounded to an integer, as CoinGecko sends market caps and volumes.
    mutating func rounded(_ value: Double) {
        guard value.isFinite, abs(value) < 9e18 else { return raw("null") }
        integer(Int64(value.rounded()))
    }

    /// Bytes already written as JSON.
    mutating func append(_ json: [UInt8]) {
        bytes.append(contentsOf: json)
    }

    /// An integer.
    mutating func integer(_ value: Int64) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// `"2023-01-08T16:49:40.132Z"`.
    mutating func isoMilliseconds(_ milliseconds: Int64) {
        let millis = ((milliseconds % 1000) + 1000) % 1000
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: TimeFormatting.iso8601(milliseconds).utf8.dropLast())
        bytes.append(UInt8(ascii: "."))
        for divisor in [100, 10, 1] { bytes.append(UInt8(ascii: "0") + UInt8(millis / Int64(divisor) % 10)) }
        raw("Z\"")
    }
}
