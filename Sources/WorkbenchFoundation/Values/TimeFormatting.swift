/// Epoch-millisecond times and durations as people read them, without Foundation's formatters
/// (which depend on locale and time zone).
public enum TimeFormatting {
    /// `2021-05-15T14:39:54Z` (milliseconds dropped).
    ///
    /// - Parameter milliseconds: Epoch milliseconds.
    public static func iso8601(_ milliseconds: Int64) -> String {
        var bytes: [UInt8] = []
        appendISO8601(milliseconds, withMilliseconds: false, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``iso8601(_:)``'s text, or `2023-01-08T16:49:40.132Z` with the milliseconds (as
    /// CoinGecko writes `last_updated`), digit by digit without making a String.
    ///
    /// - Parameters:
    ///   - milliseconds: Epoch milliseconds.
    ///   - withMilliseconds: Whether to write `.sss` before the `Z`.
    ///   - bytes: Where to write.
    public static func appendISO8601(_ milliseconds: Int64, withMilliseconds: Bool, to bytes: inout [UInt8]) {
        let (seconds, days, second) = CivilDate.split(milliseconds: milliseconds)
        let secondOfDay = UInt64(second)
        let (year, month, day) = CivilDate.civil(fromDaysSinceEpoch: days)
        if year < 0 { bytes.append(UInt8(ascii: "-")) }
        JSONText.appendDigits(year.magnitude, width: 4, to: &bytes)
        for (separator, value) in [
            (UInt8(ascii: "-"), UInt64(month)), (UInt8(ascii: "-"), UInt64(day)),
            (UInt8(ascii: "T"), secondOfDay / 3600), (UInt8(ascii: ":"), secondOfDay / 60 % 60),
            (UInt8(ascii: ":"), secondOfDay % 60),
        ] {
            bytes.append(separator)
            JSONText.appendDigits(value, width: 2, to: &bytes)
        }
        if withMilliseconds {
            bytes.append(UInt8(ascii: "."))
            JSONText.appendDigits(UInt64(milliseconds - seconds * 1000), width: 3, to: &bytes)
        }
        bytes.append(UInt8(ascii: "Z"))
    }

    /// An HTTP date, RFC 9110's IMF-fixdate: `Sat, 15 May 2021 15:34:27 GMT` (milliseconds
    /// dropped); ``CivilDate/parseHTTPDate(_:)`` reads it back.
    ///
    /// - Parameter milliseconds: Epoch milliseconds.
    public static func httpDate(_ milliseconds: Int64) -> String {
        let (_, days, secondOfDay) = CivilDate.split(milliseconds: milliseconds)
        let (year, month, day) = CivilDate.civil(fromDaysSinceEpoch: days)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(29)
        // 1970-01-01 was a Thursday.
        bytes += weekdayNames[Int(((days % 7) + 7) % 7)]
        bytes += [UInt8(ascii: ","), UInt8(ascii: " ")]
        JSONText.appendDigits(UInt64(day), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        bytes += monthNames[Int(month) - 1]
        bytes.append(UInt8(ascii: " "))
        appendYear(year, to: &bytes)
        for (separator, value) in [
            (UInt8(ascii: " "), secondOfDay / 3600), (UInt8(ascii: ":"), secondOfDay / 60 % 60),
            (UInt8(ascii: ":"), secondOfDay % 60),
        ] {
            bytes.append(separator)
            JSONText.appendDigits(UInt64(value), width: 2, to: &bytes)
        }
        bytes += Array(" GMT".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let weekdayNames = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"].map { Array($0.utf8) }
    private static let monthNames = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ].map { Array($0.utf8) }

    /// Appends a year as four digits (digit by digit: `serve` dates every reply); a year outside
    /// 0...9999 as its decimal text padded with zeros to four characters, a negative year's sign
    /// inside the padding (`00-5`), as it always has been.
    private static func appendYear(_ year: Int64, to bytes: inout [UInt8]) {
        guard !(0...9999).contains(year) else {
            return JSONText.appendDigits(UInt64(year), width: 4, to: &bytes)
        }
        let text = Array(String(year).utf8)
        bytes += Array(repeating: UInt8(ascii: "0"), count: max(0, 4 - text.count)) + text
    }

    /// A compact duration: `23h 54m`, `90d 14h 39m`, `4m 59s`, `955 ms`; trailing zero parts
    /// left out (`2h`, `30d`, `1d 6h`).
    ///
    /// - Parameter milliseconds: A duration.
    public static func duration(_ milliseconds: Int64) -> String {
        let sign = milliseconds < 0 ? "-" : ""
        let magnitude = milliseconds.magnitude
        if magnitude < 1000 { return "\(sign)\(magnitude) ms" }
        let seconds = magnitude / 1000
        let (days, hours, minutes, rest) = (
            seconds / 86_400, seconds / 3600 % 24, seconds / 60 % 60, seconds % 60
        )
        var parts: [(UInt64, String)] =
            if days > 0 {
                [(days, "d"), (hours, "h"), (minutes, "m")]
            } else if hours > 0 {
                [(hours, "h"), (minutes, "m")]
            } else {
                [(minutes, "m"), (rest, "s")]
            }
        while parts.count > 1, parts.last?.0 == 0 { parts.removeLast() }
        if parts.count == 2, parts[0].0 == 0 { parts.removeFirst() }
        return sign + parts.map { "\($0.0)\($0.1)" }.joined(separator: " ")
    }
}
