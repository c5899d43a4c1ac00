/// A price model's parameters, or a correlation matrix, that cannot be used.
public enum PriceModelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A parameter outside its range.
    case invalidParameter(model: String, name: String, value: Double, expected: String)
    /// A correlation matrix of the wrong shape or with invalid entries.
    case invalidMatrix(name: String, detail: String)
    /// A correlation matrix that is not positive definite (Cholesky failed).
    case notPositiveDefinite(name: String)
    /// A model name that is not in the catalogue.
    case unknownModel(String, known: [String])
    /// A parameter the model does not have.
    case unknownParameter(model: String, name: String, known: [String])
    /// Two coins of one market with the same id.
    case duplicateCoin(String)
    /// A given price path that cannot be used (empty, unsorted, a bad price).
    case invalidPath(coinId: String, detail: String)
    /// A calibration that cannot run on the data or did not converge.
    case calibrationFailed(String)
    /// A coin asked to move with the market whose model cannot (a pegged coin).
    case cannotCorrelate(coinId: String, model: String)

    /// One line: the model, the parameter, the value and what was expected.
    public var description: String {
        switch self {
        case .invalidParameter(let model, let name, let value, let expected):
            "\(model): \(name) must be \(expected), found \(value)"
        case .invalidMatrix(let name, let detail): "correlation matrix \"\(name)\": \(detail)"
        case .notPositiveDefinite(let name):
            "correlation matrix \"\(name)\" is not positive definite (no Cholesky factor exists); "
                + "check that the correlations are mutually consistent"
        case .unknownModel(let name, let known):
            "unknown price model \"\(name)\"; models: \(known.joined(separator: ", "))"
        case .unknownParameter(let model, let name, let known):
            "\(model) has no parameter \"\(name)\"; parameters: \(known.joined(separator: ", "))"
        case .duplicateCoin(let id): "coin id \"\(id)\" appears twice in the market"
        case .invalidPath(let coin, let detail): "the path of \(coin): \(detail)"
        case .calibrationFailed(let detail): "calibration failed: \(detail)"
        case .cannotCorrelate(let coin, let model):
            "coin \(coin): \(model) prices revert to a peg and cannot follow the market; give it correlation 0"
        }
    }
}

/// Parameter checks shared by the models.
struct ParameterCheck {
    let model: String

    func positive(_ name: String, _ value: Double) throws(PriceModelError) {
        guard value.isFinite, value > 0 else { throw fail(name, value, "a positive finite number") }
    }

    func nonNegative(_ name: String, _ value: Double) throws(PriceModelError) {
        guard value.isFinite, value >= 0 else { throw fail(name, value, "a finite number >= 0") }
    }

    func finite(_ name: String, _ value: Double) throws(PriceModelError) {
        guard value.isFinite else { throw fail(name, value, "a finite number") }
    }

    func probability(_ name: String, _ value: Double) throws(PriceModelError) {
        guard value >= 0, value <= 1 else { throw fail(name, value, "a probability in [0, 1]") }
    }

    func fail(_ name: String, _ value: Double, _ expected: String) -> PriceModelError {
        .invalidParameter(model: model, name: name, value: value, expected: expected)
    }
}
