/// The nearest-rank percentile: the smallest value with at least `fraction` of the values at or
/// below it (the definition DESIGN.md gives for every percentile metric that is not
/// time-weighted).
public enum NearestRank {
    /// The percentile of ascending values.
    ///
    /// - Parameters:
    ///   - sorted: The values, ascending; not empty.
    ///   - fraction: 0...1 (0 gives the minimum, 1 the maximum).
    public static func percentile<Value>(_ sorted: [Value], _ fraction: Double) -> Value {
        precondition(!sorted.isEmpty, "a percentile of no values")
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[max(0, min(sorted.count - 1, rank - 1))]
    }
}
