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
        return sorted[index(count: sorted.count, fraction)]
    }

    /// Where the percentile sits among `count` ascending values (0-based): what a database
    /// query's `OFFSET` needs to read the same value without loading the others.
    ///
    /// - Parameters:
    ///   - count: How many values; at least 1.
    ///   - fraction: 0...1.
    public static func index(count: Int, _ fraction: Double) -> Int {
        let rank = Int((fraction * Double(count)).rounded(.up))
        return max(0, min(count - 1, rank - 1))
    }
}
