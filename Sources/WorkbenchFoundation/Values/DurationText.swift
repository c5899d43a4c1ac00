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
