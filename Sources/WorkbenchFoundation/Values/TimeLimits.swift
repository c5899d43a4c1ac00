/// The times the workbench accepts: from 1970 to the end of year 9999, epoch milliseconds, so
/// every timestamp prints as ISO 8601 and sums of them cannot overflow.
public enum TimeLimits {
    /// 1970-01-01T00:00:00Z.
    public static let earliest: Int64 = 0
    /// 9999-12-31T23:59:59.999Z.
    public static let latest: Int64 = 253_402_300_799_999

    /// The time `count` steps of `step` ms after `start`, or nil when it is past ``latest``
    /// (or the arithmetic would overflow).
    ///
    /// - Parameters:
    ///   - start: The first time, epoch ms.
    ///   - step: The step, ms (not negative).
    ///   - count: The number of steps (not negative).
    public static func time(after start: Int64, steps count: Int, of step: Int64) -> Int64? {
        guard count >= 0, step >= 0, (earliest...latest).contains(start) else { return nil }
        let (span, overflow) = Int64(count).multipliedReportingOverflow(by: step)
        guard !overflow, span <= latest - start else { return nil }
        return start + span
    }
}
