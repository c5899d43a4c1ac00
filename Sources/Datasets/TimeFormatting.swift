/// Epoch-millisecond times and durations as people read them, without Foundation's formatters
/// (which depend on locale and time zone).
public enum TimeFormatting {
    /// `2021-05-15T14:39:54Z` (milliseconds dropped).
    ///
    /// - Parameter milliseconds: Epoch milliseconds.
    public static func iso8601(_ milliseconds: Int64) -> String {
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilDate.civil(fromDaysSinceEpoch: days)
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
            + "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))Z"
    }

    /// A compact duration: `23h 54m`, `90d 14h 39m`, `4m 59s`, `955 ms`.
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
        let parts: [String] =
            if days > 0 {
                ["\(days)d", "\(hours)h", "\(minutes)m"]
            } else if hours > 0 {
                ["\(hours)h", "\(minutes)m"]
            } else {
                ["\(minutes)m", "\(rest)s"]
            }
        return sign + parts.joined(separator: " ")
    }

    private static func pad<Number: BinaryInteger>(_ value: Number, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

extension CivilDate {
    /// Year, month and day of a day count since 1970-01-01 (H. Hinnant's `civil_from_days`).
    static func civil(fromDaysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Epoch milliseconds of an HTTP date (`Sat, 15 May 2021 15:34:27 GMT`, RFC 9110 IMF-fixdate).
    static func parseHTTPDate(_ text: String) -> Int64? {
        let parts = text.split(separator: " ")
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard parts.count == 6, parts[5] == "GMT", let day = Int64(parts[1]),
            let monthIndex = months.firstIndex(of: String(parts[2])), let year = Int64(parts[3])
        else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int64($0) }
        guard clock.count == 3 else { return nil }
        let days = daysSinceEpoch(year: year, month: Int64(monthIndex + 1), day: day)
        return ((days * 24 + clock[0]) * 60 + clock[1]) * 60_000 + clock[2] * 1000
    }
}
