/// The app's downsampler, reproduced faithfully, defects included.
///
/// Bitpal-v2's `CoinDetailViewModel.filterAndLimitLineData` (and the candle variant):
///
///     guard filtered.count > maxPoints else { return filtered }
///     let step = filtered.count / maxPoints
///     return stride(from: 0, to: filtered.count, by: step).map { filtered[$0] }
///
/// Integer division rounds the step down, so the output has `ceil(count / step)` points: up to
/// about twice the cap (289 points, cap 96: step 3, 97 points; 191 points, cap 96: step 1, all
/// 191). And the last index kept is the largest multiple of `step` below `count`, so unless
/// `count - 1` is such a multiple the newest point (the current price) is not drawn.
public enum StrideDownsampler {
    /// The indices the app keeps.
    ///
    /// - Parameters:
    ///   - count: The number of points after range filtering.
    ///   - maxPoints: The range's cap, at least 1.
    /// - Returns: `0, step, 2 step, ...` below `count`, or every index when `count <= maxPoints`.
    public static func indices(count: Int, maxPoints: Int) -> [Int] {
        precondition(maxPoints >= 1, "the app divides by maxPoints")
        guard count > maxPoints else { return Array(0..<count) }
        let step = count / maxPoints
        return Array(Swift.stride(from: 0, to: count, by: step))
    }

    /// How many points the app draws for `count` points and a cap: `ceil(count / (count / cap))`.
    ///
    /// - Parameters:
    ///   - count: The number of points after range filtering.
    ///   - maxPoints: The cap, at least 1.
    public static func outputCount(count: Int, maxPoints: Int) -> Int {
        guard count > maxPoints else { return count }
        let step = count / maxPoints
        return (count + step - 1) / step
    }
}
