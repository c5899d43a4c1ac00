/// The downsamplers a chart can use to fit a series under its point cap.
///
/// `stride` is the app's own; the other four reproduce tsdownsample 0.1.5.1 (the Rust library
/// behind plotly-resampler) index for index, checked against its outputs in
/// `Tests/Fixtures/peers/downsampling-tsdownsample.json`.
public enum DownsamplingAlgorithm: String, CaseIterable, Sendable, Codable {
    /// The app's: every `count / cap`-th point from index 0. See ``StrideDownsampler``.
    case stride
    /// Largest-Triangle-Three-Buckets. See ``LTTBDownsampler``.
    case lttb
    /// Minimum and maximum per equal-width time bin. See ``MinMaxDownsampler``.
    case minmax
    /// First, minimum, maximum and last per equal-width time bin. See ``M4Downsampler``.
    case m4
    /// MinMax preselection, then LTTB. See ``MinMaxLTTBDownsampler``.
    case minmaxlttb

    /// What the algorithm promises about its output.
    public var guarantees: DownsamplingGuarantees {
        switch self {
        case .stride:
            DownsamplingGuarantees(
                respectsCap: false, keepsFirst: true, keepsLast: false, strictlyIncreasing: true)
        case .lttb:
            DownsamplingGuarantees(
                respectsCap: true, keepsFirst: true, keepsLast: true, strictlyIncreasing: true)
        case .minmax:
            DownsamplingGuarantees(
                respectsCap: true, keepsFirst: false, keepsLast: false, strictlyIncreasing: false)
        case .m4, .minmaxlttb:
            DownsamplingGuarantees(
                respectsCap: true, keepsFirst: true, keepsLast: true, strictlyIncreasing: false)
        }
    }

    /// Checks that `nOut` suits the algorithm, whatever the input size.
    ///
    /// - Parameter nOut: The requested output size.
    /// - Throws: ``DownsamplingError`` when `nOut` is below the algorithm's minimum (1 for
    ///   stride, 3 for the LTTB family) or not a multiple of its bin width (2 for MinMax, 4 for M4),
    ///   the same rules as tsdownsample.
    public func validate(nOut: Int) throws(DownsamplingError) {
        let minimum =
            switch self {
            case .stride: 1
            case .minmax: 2
            case .lttb, .minmaxlttb: 3
            case .m4: 4
            }
        guard nOut >= minimum else {
            throw DownsamplingError(algorithm: self, reason: "n_out must be at least \(minimum), got \(nOut)")
        }
        if self == .minmax, !nOut.isMultiple(of: 2) {
            throw DownsamplingError(
                algorithm: self, reason: "n_out must be even (2 points a bin), got \(nOut)")
        }
        if self == .m4, !nOut.isMultiple(of: 4) {
            throw DownsamplingError(
                algorithm: self, reason: "n_out must be a multiple of 4 (4 points a bin), got \(nOut)")
        }
    }

    /// The indices of the points to draw.
    ///
    /// - Parameters:
    ///   - x: Epoch-millisecond timestamps, sorted ascending (ties allowed).
    ///   - y: Values, finite, one per timestamp.
    ///   - nOut: The point budget.
    ///   - parallel: Whether MinMax, M4 and MinMaxLTTB's preselection share their bins out over
    ///     the cores, as tsdownsample's `parallel=True` does. The indices are the same either way;
    ///     LTTB and stride are sequential.
    /// - Returns: Indices into the input in increasing order (MinMax, M4 and MinMaxLTTB may repeat
    ///   an index, as tsdownsample does); every index when `nOut >= x.count`.
    /// - Throws: ``DownsamplingError`` for an unsuitable `nOut` or columns of different lengths.
    /// - Complexity: O(n) for all but MinMax and M4, which add O(bins x log n) for the bin edges.
    public func indices(x: [Int64], y: [Double], nOut: Int, parallel: Bool = false) throws(DownsamplingError)
        -> [Int]
    {
        try validate(nOut: nOut)
        guard x.count == y.count else {
            throw DownsamplingError(algorithm: self, reason: "x has \(x.count) values but y has \(y.count)")
        }
        if nOut >= x.count { return Array(0..<x.count) }
        return x.withUnsafeBufferPointer { x in
            y.withUnsafeBufferPointer { y in
                switch self {
                case .stride: StrideDownsampler.indices(count: x.count, maxPoints: nOut)
                case .lttb: LTTBDownsampler.indices(x: x, y: y, nOut: nOut)
                case .minmax: MinMaxDownsampler.indices(x: x, y: y, nOut: nOut, parallel: parallel)
                case .m4: M4Downsampler.indices(x: x, y: y, nOut: nOut, parallel: parallel)
                case .minmaxlttb: MinMaxLTTBDownsampler.indices(x: x, y: y, nOut: nOut, parallel: parallel)
                }
            }
        }
    }
}

/// What a downsampler promises about its output, for tests and reports.
public struct DownsamplingGuarantees: Sendable, Equatable {
    /// Output count never exceeds the cap.
    public var respectsCap: Bool
    /// Index 0 is always kept.
    public var keepsFirst: Bool
    /// The newest point is always kept.
    public var keepsLast: Bool
    /// No index repeats (otherwise the output is only non-decreasing).
    public var strictlyIncreasing: Bool
}

/// A downsampling request that cannot be served.
public struct DownsamplingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The algorithm asked for.
    public var algorithm: DownsamplingAlgorithm
    /// Why not.
    public var reason: String

    /// `algorithm: reason`.
    public var description: String { "\(algorithm.rawValue): \(reason)" }
}
