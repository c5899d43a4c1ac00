/// Durations as scenarios, the CLI and the admin API write them: whole numbers with `d`, `h`,
/// `m`, `s` or `ms`, alone or combined from the largest unit down (`500ms`, `30s`, `5m`, `2h`,
/// `7d`, `2h45m`, `1m30s`, `1d12h`).
public enum DurationText {
    /// The units, in the order their suffixes are tried (`ms` before `m`).
    static let units: [(suffix: String, factor: Int64)] = [
        ("d", 86_400_000), ("h", 3_600_000), ("ms", 1), ("m", 60_000), ("s", 1_000),
    ]

    /// The duration in milliseconds, nil when the text is not one or is longer than
    /// ``TimeLimits``' span (so a time plus a duration never overflows).
    ///
    /// - Parameters:
    ///   - text: For example `5m` or `2h45m`.
    ///   - allowZero: Whether `0s` is accepted.
    public static func milliseconds(_ text: String, allowZero: Bool = false) -> Int64? {
        var rest = Substring(text)
        var total: Int64 = 0
        // Each part's unit must be smaller than the one before (`1h30m`, not `30m1h` or `1h1h`).
        var largestAllowed = Int64.max
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 18, let count = Int64(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            // `ms` before `m`: the longer suffix wins.
            guard let unit = units.first(where: { rest.hasPrefix($0.suffix) }), unit.factor < largestAllowed
            else { return nil }
            rest = rest.dropFirst(unit.suffix.count)
            largestAllowed = unit.factor
            guard count <= (TimeLimits.latest - total) / unit.factor else { return nil }
            total += count * unit.factor
        }
        guard largestAllowed != Int64.max, total >= (allowZero ? 0 : 1) else { return nil }
        return total
    }

    /// Whether the text is written as a duration but is longer than ``TimeLimits``' span.
    public static func isTooLong(_ text: String) -> Bool {
        guard milliseconds(text, allowZero: true) == nil, !text.isEmpty else { return false }
        var rest = Substring(text)
        var total = 0.0
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard let count = Double(digits) else { return false }
            rest = rest.dropFirst(digits.count)
            guard let unit = units.first(where: { rest.hasPrefix($0.suffix) }) else { return false }
            rest = rest.dropFirst(unit.suffix.count)
            total += count * Double(unit.factor)
        }
        return total > Double(TimeLimits.latest)
    }

    /// What to write for a duration given another way, when that is clear: `90 minutes` is
    /// `90m`, `1.5h` is `90m`, `2 weeks` is `14d`, `1 hour 30 min` is `90m`. nil when the
    /// text is not a number and a unit, or names less than a millisecond.
    ///
    /// - Parameter text: What was given.
    public static func suggestion(for text: String) -> String? {
        let words: [(names: [String], factor: Double)] = [
            (["ms", "msec", "millisecond", "milliseconds"], 1),
            (["s", "sec", "secs", "second", "seconds"], 1_000),
            (["m", "min", "mins", "minute", "minutes"], 60_000),
            (["h", "hr", "hrs", "hour", "hours"], 3_600_000),
            (["d", "day", "days"], 86_400_000),
            (["w", "wk", "week", "weeks"], 604_800_000),
        ]
        var rest = Substring(text.lowercased().trimmingCharacters(in: .whitespaces))
        var total = 0.0
        while !rest.isEmpty {
            let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard let value = Double(number), value.isFinite else { return nil }
            rest = rest.dropFirst(number.count).drop { $0 == " " }
            let unit = rest.prefix { $0.isLetter }
            guard let factor = words.first(where: { $0.names.contains(String(unit)) })?.factor else {
                return nil
            }
            rest = rest.dropFirst(unit.count).drop { $0 == " " || $0 == "," }
            total += value * factor
        }
        guard total >= 1, total <= Double(TimeLimits.latest), total == total.rounded() else { return nil }
        return Self.text(milliseconds: Int64(total))
    }

    /// The text of a duration in the largest unit that divides it (`30s`, `5m`, `1500ms`), which
    /// ``milliseconds(_:allowZero:)`` reads back.
    ///
    /// - Parameter milliseconds: The duration, >= 0.
    public static func text(milliseconds: Int64) -> String {
        for (suffix, factor) in [("d", Int64(86_400_000)), ("h", 3_600_000), ("m", 60_000), ("s", 1_000)]
        where milliseconds > 0 && milliseconds % factor == 0 {
            return "\(milliseconds / factor)\(suffix)"
        }
        return milliseconds == 0 ? "0s" : "\(milliseconds)ms"
    }
}
