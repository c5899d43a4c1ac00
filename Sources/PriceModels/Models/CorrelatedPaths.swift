import Foundation

/// Correlated GBM paths for several assets: one GBM per asset, their gaussian shocks correlated
/// through the Cholesky factor `L` of the correlation matrix (`Z = L e`, e independent normals),
/// computed with GSL (``CorrelationMatrix``).
///
/// The assets share one stream (their shocks are drawn together), so adding an asset to a
/// correlated group changes the group's paths; uncorrelated coins get streams of their own.
public struct CorrelatedPaths: Sendable, Equatable {
    /// The assets' dynamics, in matrix order.
    public var assets: [GeometricBrownianMotion]
    /// The correlation matrix, row by row.
    public var correlation: [[Double]]
    /// The matrix's name in errors.
    public var matrixName: String
    /// The lower Cholesky factor, row by row.
    public let cholesky: [[Double]]

    /// Validates the assets and the matrix and factors it.
    ///
    /// - Parameters:
    ///   - assets: One GBM per asset.
    ///   - correlation: An n x n symmetric matrix with unit diagonal and entries in [-1, 1].
    ///   - matrixName: Its name in errors (the scenario key, say).
    /// - Throws: ``PriceModelError/invalidMatrix(name:detail:)`` for a wrong shape or entry,
    ///   ``PriceModelError/notPositiveDefinite(name:)`` when no Cholesky factor exists, or an
    ///   asset's parameter error.
    public init(assets: [GeometricBrownianMotion], correlation: [[Double]], matrixName: String)
        throws(PriceModelError)
    {
        for asset in assets { try asset.validate() }
        let matrix = try CorrelationMatrix(
            rows: correlation, size: (assets.count, "assets"), name: matrixName)
        self.assets = assets
        self.correlation = correlation
        self.matrixName = matrixName
        cholesky = matrix.cholesky
    }

    /// One path per asset, all of `steps + 1` prices.
    ///
    /// - Parameters:
    ///   - starts: Each asset's first price.
    ///   - steps: Steps.
    ///   - stepYears: Step in years.
    ///   - stream: The group's randomness.
    public func paths(from starts: [Double], steps: Int, stepYears: Double, stream: RandomStream)
        -> [[Double]]
    {
        precondition(starts.count == assets.count, "one start price per asset")
        let size = assets.count
        let means = assets.map { $0.logReturnMean(stepYears: stepYears) }
        let scales = assets.map { $0.volatility * stepYears.squareRoot() }
        var logPrices = starts.map { log($0) }
        var paths = starts.map { [Double](repeating: $0, count: steps + 1) }
        var independent = [Double](repeating: 0, count: size)
        for step in 0..<steps {
            for index in 0..<size { independent[index] = stream.gaussian() }
            for row in 0..<size {
                var shock = 0.0
                for column in 0...row { shock += cholesky[row][column] * independent[column] }
                logPrices[row] += means[row] + scales[row] * shock
                paths[row][step + 1] = exp(logPrices[row])
            }
        }
        return paths
    }
}
