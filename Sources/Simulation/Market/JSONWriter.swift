import TrackerCore
import WorkbenchFoundation

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

    /// `"name":` for a name made at run time (ASCII, needing no escapes).
    mutating func member(named name: String) {
        bytes.append(UInt8(ascii: ","))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: name.utf8)
        raw("\":")
    }

    /// A JSON string, escaped (``JSONText/appendQuoted(_:to:)``).
    mutating func string(_ text: String) {
        JSONText.appendQuoted(text, to: &bytes)
    }

    /// A finite number, shortest form (``JSONText/appendNumber(_:to:)``); `null` for NaN or
    /// infinity.
    mutating func number(_ value: Double) {
        JSONText.appendNumber(value, to: &bytes)
    }

    /// ``number(_:)``, or `null` for nil (CoinGecko's answer where it has no figure).
    mutating func optionalNumber(_ value: Double?) {
        guard let value else { return raw("null") }
        number(value)
    }

    /// A number rounded to an integer, as CoinGecko sends market caps and volumes.
    mutating func rounded(_ value: Double) {
        guard value.isFinite, abs(value) < 9e18 else { return raw("null") }
        integer(Int64(value.rounded()))
    }

    /// A copy of bytes this writer wrote already (a figure repeated under another name), without
    /// formatting the number again.
    mutating func appendCopy(of range: Range<Int>) {
        for index in range { bytes.append(bytes[index]) }
    }

    /// Bytes already written as JSON.
    mutating func append(_ json: [UInt8]) {
        bytes.append(contentsOf: json)
    }

    /// Bytes already written as JSON, part of a larger buffer.
    mutating func append(_ json: ArraySlice<UInt8>) {
        bytes.append(contentsOf: json)
    }

    /// A chart point `[time,value]` of a column (opening the column's array at its first point).
    ///
    /// - Returns: Where the time's digits are in ``bytes``, for the same point in other columns.
    @discardableResult
    mutating func pair(_ time: Int64, _ value: Double) -> Range<Int> {
        raw(bytes.isEmpty ? "[[" : ",[")
        let start = bytes.count
        integer(time)
        let stamp = start..<bytes.count
        raw(",")
        number(value)
        raw("]")
        return stamp
    }

    /// A chart point whose time's digits were written already (``pair(_:_:)-(Int64,_)``).
    mutating func pair(_ stamp: ArraySlice<UInt8>, _ value: Double) {
        raw(bytes.isEmpty ? "[[" : ",[")
        bytes.append(contentsOf: stamp)
        raw(",")
        number(value)
        raw("]")
    }

    /// An integer, in decimal.
    mutating func integer(_ value: Int64) {
        JSONText.appendInteger(value, to: &bytes)
    }

    /// `"2023-01-08T16:49:40.132Z"` (``TimeFormatting/appendISO8601(_:withMilliseconds:to:)``).
    mutating func isoMilliseconds(_ milliseconds: Int64) {
        bytes.append(UInt8(ascii: "\""))
        TimeFormatting.appendISO8601(milliseconds, withMilliseconds: true, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }
}
