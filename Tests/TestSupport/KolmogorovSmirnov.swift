import CGSL
import Foundation

/// The one-sample Kolmogorov-Smirnov test of a sample against a normal distribution (Kolmogorov
/// 1933, Smirnov 1948), with GSL's normal cdf and the asymptotic p-value of Numerical Recipes
/// (3rd ed., 14.3.3): `Q_KS((sqrt(n) + 0.12 + 0.11 / sqrt(n)) D)`.
public struct KolmogorovSmirnov: Sendable, Equatable {
    /// The largest distance between the sample's empirical cdf and the normal cdf.
    public var statistic: Double
    /// The probability of a distance at least this large if the sample were normal.
    public var pValue: Double

    /// Tests a sample against `N(mean, deviation^2)`.
    ///
    /// - Parameters:
    ///   - sample: At least one finite value.
    ///   - mean: The normal's mean.
    ///   - deviation: The normal's standard deviation, > 0.
    /// - Complexity: O(n log n).
    public init(sample: [Double], normalMean mean: Double, deviation: Double) {
        precondition(!sample.isEmpty && deviation > 0, "a sample and a positive deviation")
        let sorted = sample.sorted()
        let count = Double(sorted.count)
        var distance = 0.0
        for (index, value) in sorted.enumerated() {
            let cdf = gsl_cdf_gaussian_P(value - mean, deviation)
            distance = max(distance, Double(index + 1) / count - cdf, cdf - Double(index) / count)
        }
        statistic = distance
        let root = count.squareRoot()
        pValue = Self.kolmogorovQ((root + 0.12 + 0.11 / root) * distance)
    }

    /// `Q_KS(lambda) = 2 sum_{k>=1} (-1)^(k-1) exp(-2 k^2 lambda^2)`, 1 near 0.
    static func kolmogorovQ(_ lambda: Double) -> Double {
        guard lambda >= 0.001 else { return 1 }
        var sum = 0.0
        var sign = 1.0
        for k in 1...100 {
            let term = sign * exp(-2 * Double(k * k) * lambda * lambda)
            sum += term
            if abs(term) < 1e-12 * abs(sum) { break }
            sign = -sign
        }
        return min(max(2 * sum, 0), 1)
    }
}
