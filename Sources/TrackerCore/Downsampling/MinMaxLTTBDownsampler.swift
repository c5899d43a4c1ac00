/// MinMaxLTTB, index-exact with tsdownsample 0.1.5.1 (`minmaxlttb_with_x`, ratio 4).
///
/// Source: J. Van Der Donckt et al., "MinMaxLTTB: Leveraging MinMax-Preselection to Scale LTTB",
/// IEEE VIS 2023. When `N / nOut > 4` (integer division), MinMax preselects `4 nOut` points from
/// the interior `[1, N-1)` (bins computed on that interior), index 0 and N-1 are added, and
/// LTTB picks `nOut` of the selection; otherwise it is plain LTTB.
public enum MinMaxLTTBDownsampler {
    /// The preselection ratio (tsdownsample's default `minmax_ratio`).
    public static let minMaxRatio = 4

    /// The kept indices.
    ///
    /// - Parameters:
    ///   - x: Sorted timestamps.
    ///   - y: Values.
    ///   - nOut: The budget, at least 3 unless it covers the input.
    ///   - parallel: Whether the MinMax preselection shares its bins out over the cores (the same
    ///     indices; LTTB itself is sequential).
    /// - Returns: `min(nOut, N)` non-decreasing indices, first and last included.
    static func indices(
        x: UnsafeBufferPointer<Int64>, y: UnsafeBufferPointer<Double>, nOut: Int, parallel: Bool = false
    ) -> [Int] {
        let count = x.count
        guard nOut < count, count / nOut > minMaxRatio else {
            return LTTBDownsampler.indices(x: x, y: y, nOut: nOut)
        }
        let interior = 1..<(count - 1)
        var selection = [0]
        selection.reserveCapacity(nOut * minMaxRatio + 2)
        let preselected = MinMaxDownsampler.indices(
            x: UnsafeBufferPointer(rebasing: x[interior]),
            y: UnsafeBufferPointer(rebasing: y[interior]),
            nOut: nOut * minMaxRatio, parallel: parallel
        )
        selection.append(contentsOf: preselected.lazy.map { $0 + 1 })
        selection.append(count - 1)
        let selectedX = selection.map { x[$0] }
        let selectedY = selection.map { y[$0] }
        let picked = selectedX.withUnsafeBufferPointer { selectedX in
            selectedY.withUnsafeBufferPointer { selectedY in
                LTTBDownsampler.indices(x: selectedX, y: selectedY, nOut: nOut)
            }
        }
        return picked.map { selection[$0] }
    }
}
