/// MinMax over equal-width time bins, index-exact with tsdownsample 0.1.5.1 (`min_max_with_x`).
///
/// `nOut / 2` bins (see ``EqualWidthBins``); a bin of at most two points keeps them all,
/// otherwise it keeps the first minimum and the first maximum of y, in index order (the same
/// index twice when the bin is flat). Empty bins keep nothing, so the output can be shorter than
/// `nOut`; it is never longer.
public enum MinMaxDownsampler {
    /// The kept indices.
    ///
    /// - Parameters:
    ///   - x: Sorted timestamps.
    ///   - y: Values.
    ///   - nOut: The budget, even.
    ///   - parallel: Whether to share the bins out over the cores (the same indices).
    /// - Returns: Non-decreasing indices, at most `nOut`; every index when `nOut >= N`.
    static func indices(
        x: UnsafeBufferPointer<Int64>, y: UnsafeBufferPointer<Double>, nOut: Int, parallel: Bool = false
    ) -> [Int] {
        EqualWidthBins.select(x: x, y: y, nOut: nOut, keepingBinEnds: false, parallel: parallel)
    }
}
