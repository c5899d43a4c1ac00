/// Proleptic Gregorian calendar arithmetic, without Foundation's calendars or locales.
///
/// Used for CoinGecko's dates (`2021-05-15T15:58:12.266Z`), HTTP dates (`Date`, `Retry-After`)
/// and the daily grid of the CSV exports. Pure integer arithmetic, valid for any year.
public enum CivilDate {
    /// Days from 1970-01-01 to the date (H. Hinnant, "chrono-compatible low-level date algorithms").
    ///
    /// - Parameters:
    ///   - year: The year (proleptic Gregorian).
    ///   - month: 1...12.
    ///   - day: 1...31.
    /// - Returns: The day count, negative before 1970.
    public static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The number of days in a month.
    ///
    /// - Parameters:
    ///   - month: 1...12.
    ///   - year: The year, for February.
    /// - Returns: 28...31.
    public static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// An epoch time split into whole seconds, the day and the second of that day (all floored, so
    /// times before 1970 fall on the day they belong to).
    ///
    /// - Parameter milliseconds: Epoch milliseconds.
    /// - Returns: Seconds since the epoch, days since 1970-01-01 and 0...86,399.
    public static func split(milliseconds: Int64) -> (seconds: Int64, days: Int64, secondOfDay: Int64) {
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        return (seconds, days, seconds - days * 86_400)
    }

    /// Year, month and day of a day count since 1970-01-01 (H. Hinnant's `civil_from_days`).
    ///
    /// - Parameter days: Days since 1970-01-01.
    /// - Returns: The civil date.
    public static func civil(fromDaysSinceEpoch days: Int64) -> (year: Int64, month: Int64, day: Int64) {
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
    ///
    /// - Parameter text: The header value.
    /// - Returns: Epoch milliseconds, or nil when the text is not an IMF-fixdate.
    public static func parseHTTPDate(_ text: String) -> Int64? {
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
