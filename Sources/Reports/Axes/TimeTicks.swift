import TrackerCore
import WorkbenchFoundation

/// Ticks for a time axis in UTC: round hours, days, weeks, months or years, as the span asks.
public enum TimeTicks {
    /// One tick.
    public struct Tick: Sendable, Equatable {
        /// Epoch milliseconds.
        public var time: Int64
        /// The label: `14:00`, `Jan 5`, `Mar 2024`, `2024`.
        public var label: String
    }

    private static let minute: Int64 = 60_000
    private static let hour: Int64 = 3_600_000
    private static let day: Int64 = 86_400_000

    /// Fixed steps, in milliseconds, tried from the finest.
    private static let fixedSteps: [Int64] = [
        minute, 5 * minute, 15 * minute, 30 * minute, hour, 3 * hour, 6 * hour, 12 * hour, day, 2 * day,
        7 * day, 14 * day,
    ]
    /// Calendar steps, in months, for longer spans.
    private static let monthSteps: [Int64] = [1, 3, 6, 12, 24, 60, 120]

    /// At most `maximumCount` ticks inside `[from, to]`, on the coarsest grid that still gives at
    /// least two where it can.
    public static func ticks(from: Int64, to: Int64, maximumCount: Int = 7) -> [Tick] {
        guard to > from else { return [Tick(time: from, label: dateLabel(from))] }
        let span = to - from
        if let step = fixedSteps.first(where: { span / $0 < Int64(maximumCount) }) {
            // Weeks start on Mondays (1970-01-05 was one); shorter steps on the epoch's grid.
            let anchor: Int64 = step >= 7 * day ? 4 * day : 0
            var time = ceilingMultiple(of: step, atOrAfter: from - anchor) + anchor
            var ticks: [Tick] = []
            while time <= to {
                ticks.append(Tick(time: time, label: step < day ? clockLabel(time) : dateLabel(time)))
                time += step
            }
            return ticks
        }
        let months = span / (30 * day)
        let step = monthSteps.first { months / $0 < Int64(maximumCount) } ?? monthSteps.last!
        var index = monthIndex(of: from)
        if startOfMonth(index) < from { index += 1 }
        index = (index + step - 1) / step * step
        var ticks: [Tick] = []
        while startOfMonth(index) <= to {
            let time = startOfMonth(index)
            ticks.append(Tick(time: time, label: step >= 12 ? String(index / 12) : monthLabel(index)))
            index += step
        }
        return ticks
    }

    private static func ceilingMultiple(of step: Int64, atOrAfter value: Int64) -> Int64 {
        let quotient = value >= 0 ? (value + step - 1) / step : value / step
        return quotient * step
    }

    /// Months since year 0: `year * 12 + month - 1`.
    private static func monthIndex(of time: Int64) -> Int64 {
        let (year, month, _) = CivilDate.civil(fromDaysSinceEpoch: floorDays(time))
        return year * 12 + month - 1
    }

    private static func startOfMonth(_ index: Int64) -> Int64 {
        CivilDate.daysSinceEpoch(year: index / 12, month: index % 12 + 1, day: 1) * day
    }

    private static func floorDays(_ time: Int64) -> Int64 {
        time >= 0 ? time / day : (time - day + 1) / day
    }

    private static let monthNames = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// `14:00`, or the date at midnight.
    public static func clockLabel(_ time: Int64) -> String {
        time == floorDays(time) * day ? dateLabel(time) : clock(time)
    }

    /// `14:00`, UTC, midnight included.
    public static func clock(_ time: Int64) -> String {
        let minutes = (time - floorDays(time) * day) / minute
        return pad(minutes / 60) + ":" + pad(minutes % 60)
    }

    /// `Jan 5`, or `Jan 2024` on the first of January.
    public static func dateLabel(_ time: Int64) -> String {
        let (year, month, dayOfMonth) = CivilDate.civil(fromDaysSinceEpoch: floorDays(time))
        let name = monthNames[Int(month - 1)]
        return month == 1 && dayOfMonth == 1 ? "\(name) \(year)" : "\(name) \(dayOfMonth)"
    }

    /// `Mar`, or `Jan 2024` in January.
    private static func monthLabel(_ index: Int64) -> String {
        let name = monthNames[Int(index % 12)]
        return index % 12 == 0 ? "\(name) \(index / 12)" : name
    }

    private static func pad(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
