import CGSL

/// A validated correlation matrix and its lower Cholesky factor `L` (`C = L L^T`), computed with
/// GSL's `gsl_linalg_cholesky_decomp1`: `L e` turns independent standard normals `e` into
/// normals with correlation `C`.
public struct CorrelationMatrix: Sendable, Equatable {
    /// The matrix, row by row.
    public let rows: [[Double]]
    /// The lower Cholesky factor, row by row.
    public let cholesky: [[Double]]

    /// Validates the matrix and factors it.
    ///
    /// - Parameters:
    ///   - rows: An n x n symmetric matrix with unit diagonal and entries in [-1, 1].
    ///   - size: The n expected, and what it counts (`3 assets`), for errors.
    ///   - name: The matrix's name in errors (the scenario key, say).
    /// - Throws: ``PriceModelError/invalidMatrix(name:detail:)`` for a wrong shape or entry,
    ///   ``PriceModelError/notPositiveDefinite(name:)`` when no Cholesky factor exists.
    public init(rows: [[Double]], size: (count: Int, of: String), name: String) throws(PriceModelError) {
        let count = size.count
        guard count > 0, rows.count == count, rows.allSatisfy({ $0.count == count }) else {
            throw .invalidMatrix(
                name: name,
                detail: "expected \(count) x \(count) for \(count) \(size.of), found "
                    + "\(rows.count) rows of \(rows.map { String($0.count) }.joined(separator: ", "))")
        }
        for row in 0..<count {
            guard rows[row][row] == 1 else {
                throw .invalidMatrix(
                    name: name, detail: "[\(row)][\(row)] must be 1, found \(rows[row][row])")
            }
            for column in 0..<count {
                let value = rows[row][column]
                guard value.isFinite, abs(value) <= 1 else {
                    throw .invalidMatrix(
                        name: name, detail: "[\(row)][\(column)] must be in [-1, 1], found \(value)")
                }
                guard value == rows[column][row] else {
                    throw .invalidMatrix(
                        name: name,
                        detail:
                            "not symmetric: [\(row)][\(column)] is \(value), [\(column)][\(row)] is \(rows[column][row])"
                    )
                }
            }
        }
        guard let factor = Self.choleskyFactor(of: rows) else { throw .notPositiveDefinite(name: name) }
        self.rows = rows
        cholesky = factor
    }

    /// The lower Cholesky factor through GSL, or nil when the matrix is not positive definite.
    private static func choleskyFactor(of matrix: [[Double]]) -> [[Double]]? {
        // A matrix that is not positive definite is an error code, not GSL's abort.
        _ = GSLErrorHandling.abortOff
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
