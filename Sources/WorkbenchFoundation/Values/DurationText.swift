/// Durations as scenarios and the admin API write them: a whole number with `ms`, `s`, `m`, `h`
/// or `d` (`500ms`, `30s`, `5m`, `2h`, `7d`; `1h30m` is not accepted).
public enum DurationText {
    /// The duration in milliseconds, nil when the text is not one or is longer than
    /// ``TimeLimits``' span (so a time plus a duration never overflows).
    ///
    /// - Parameters:
    ///   - text: For example `5m`.
    ///   - allowZero: Whether `0s` is accepted.
    public static func milliseconds(_ text: String, allowZero: Bool = false) -> Int64? {
        let units: [(String, Int64)] = [
            ("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000),
        ]
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            if let count = Int64(text.dropLast(suffix.count)), count >= (allowZero ? 0 : 1),
                count <= TimeLimits.latest / factor
            {
                return count * factor
            }
        }
        return nil
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
