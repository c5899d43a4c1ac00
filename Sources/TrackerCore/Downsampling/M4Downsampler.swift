/// M4 over equal-width time bins, index-exact with tsdownsample 0.1.5.1 (`m4_with_x`).
///
/// Source: U. Jugel et al., "M4: A Visualization-Oriented Time Series Data Aggregation",
/// VLDB 2014. `nOut / 4` bins (see ``EqualWidthBins``); a bin of at most four points keeps them
/// all, otherwise it keeps its first point, its first minimum and first maximum in index order,
/// and its last point (indices can repeat). Because the last bin always runs to the end, the
/// newest point is always kept.
public enum M4Downsampler {
    /// The kept indices.
    ///
    /// - Parameters:
    ///   - x: Sorted timestamps.
    ///   - y: Values.
    ///   - nOut: The budget, a multiple of 4.
    ///   - parallel: Whether to share the bins out over the cores (the same indices).
    /// - Returns: Non-decreasing indices, at most `nOut`; every index when `nOut >= N`.
    static func indices(
        x: UnsafeBufferPointer<Int64>, y: UnsafeBufferPointer<Double>, nOut: Int, parallel: Bool = false
    ) -> [Int] {
        EqualWidthBins.select(x: x, y: y, nOut: nOut, keepingBinEnds: true, parallel: parallel)
    }
}
