import CGSL
import Foundation

/// Correlated GBM paths for several assets: one GBM per asset, their gaussian shocks correlated
/// through the Cholesky factor `L` of the correlation matrix (`Z = L e`, e independent normals),
/// computed with GSL's `gsl_linalg_cholesky_decomp1`.
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
        let size = assets.count
        guard size > 0, correlation.count == size, correlation.allSatisfy({ $0.count == size }) else {
            throw .invalidMatrix(
                name: matrixName,
                detail: "expected \(size) x \(size) for \(size) assets, found "
                    + "\(correlation.count) rows of \(correlation.map { String($0.count) }.joined(separator: ", "))"
            )
        }
        for row in 0..<size {
            guard correlation[row][row] == 1 else {
                throw .invalidMatrix(
                    name: matrixName, detail: "[\(row)][\(row)] must be 1, found \(correlation[row][row])")
            }
            for column in 0..<size {
                let value = correlation[row][column]
                guard value.isFinite, abs(value) <= 1 else {
                    throw .invalidMatrix(
                        name: matrixName, detail: "[\(row)][\(column)] must be in [-1, 1], found \(value)")
                }
                guard value == correlation[column][row] else {
                    throw .invalidMatrix(
                        name: matrixName,
                        detail:
                            "not symmetric: [\(row)][\(column)] is \(value), [\(column)][\(row)] is \(correlation[column][row])"
                    )
                }
            }
        }
        guard let factor = Self.choleskyFactor(of: correlation) else {
            throw .notPositiveDefinite(name: matrixName)
        }
        self.assets = assets
        self.correlation = correlation
        self.matrixName = matrixName
        cholesky = factor
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

    /// The lower Cholesky factor through GSL, or nil when the matrix is not positive definite.
    private static func choleskyFactor(of matrix: [[Double]]) -> [[Double]]? {
        let size = matrix.count
        guard let gslMatrix = gsl_matrix_alloc(size, size) else { return nil }
        defer { gsl_matrix_free(gslMatrix) }
        for row in 0..<size {
            for column in 0..<size { gsl_matrix_set(gslMatrix, row, column, matrix[row][column]) }
        }
        guard gsl_linalg_cholesky_decomp1(gslMatrix) == GSL_SUCCESS else { return nil }
        return (0..<size).map { row in
            (0..<size).map { column in column <= row ? gsl_matrix_get(gslMatrix, row, column) : 0 }
        }
    }
}
