extension CivilDate {
    /// Epoch milliseconds of an ISO-8601 / RFC 3339 date-time as CoinGecko sends it.
    ///
    /// Accepts `2021-05-15T15:58:12.266Z`, `2021-05-15T15:58:12Z`, any number of fraction digits
    /// (truncated to milliseconds), and a numeric offset (`+08:00`, `-0530`) instead of `Z`. The
    /// app decodes these with Foundation's `.iso8601` strategy, which on its iOS 26.1 target
    /// accepts fractional seconds too (`docs/network.md`); this byte-level parser is what
    /// `TrackerCore` uses.
    ///
    /// - Parameter text: The date-time text.
    /// - Returns: Epoch milliseconds, or nil when the text is not a valid date-time.
    public static func parseISO8601(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { parseISO8601(utf8: $0) }
    }

    /// ``parseISO8601(_:)`` of the text whose UTF-8 bytes are `bytes`.
    ///
    /// - Parameter bytes: The date-time text's bytes.
    /// - Returns: Epoch milliseconds, or nil when the text is not a valid date-time.
    public static func parseISO8601(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var scanner = DigitScanner(bytes)
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
            let month = scanner.number(digits: 2), scanner.skip("-"),
            let day = scanner.number(digits: 2), scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
            let hour = scanner.number(digits: 2), scanner.skip(":"),
            let minute = scanner.number(digits: 2), scanner.skip(":"),
            let second = scanner.number(digits: 2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }
        var milliseconds: Int64 = 0
        if scanner.skip(".") {
            var digits = 0
            while let digit = scanner.digit() {
                if digits < 3 { milliseconds = milliseconds * 10 + digit }
                digits += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 3) { milliseconds *= 10 }
        }
        guard let offsetMinutes = scanner.zoneOffsetMinutes(), scanner.isAtEnd else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let minutes = (days * 24 + hour) * 60 + minute - offsetMinutes
        return (minutes * 60 + second) * 1000 + milliseconds
    }
}

/// A cursor over ASCII bytes for the fixed-width fields of a date-time.
private struct DigitScanner {
    package let bytes: UnsafeBufferPointer<UInt8>
    package var index = 0

    package init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    package var isAtEnd: Bool { index == bytes.count }

    package mutating func digit() -> Int64? {
        guard index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 else { return nil }
        index += 1
        return Int64(bytes[index - 1] - 0x30)
    }

    package mutating func number(digits count: Int) -> Int64? {
        var value: Int64 = 0
        for _ in 0..<count {
            guard let digit = digit() else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    package mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard index < bytes.count, bytes[index] == UInt8(character.value) else { return false }
        index += 1
        return true
    }

    /// `Z` is 0; `+hh:mm`, `+hhmm` and `-` forms give signed minutes; anything else is nil.
    package mutating func zoneOffsetMinutes() -> Int64? {
        if skip("Z") || skip("z") { return 0 }
        let sign: Int64
        if skip("+") {
            sign = 1
        } else if skip("-") {
            sign = -1
        } else {
            return nil
        }
        guard let hours = number(digits: 2) else { return nil }
        _ = skip(":")
        guard let minutes = number(digits: 2), hours < 24, minutes < 60 else { return nil }
        return sign * (hours * 60 + minutes)
    }
}
