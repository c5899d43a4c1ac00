/// A scenario that cannot be used, located: the file, the line and column, and the key path.
///
/// ``description`` is one line, `file:line:column: key.path: problem`, the format the CLI prints
/// (exit code 2).
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The scenario file.
    public var file: String
    /// The line, 1-based; 0 when unknown.
    public var line: Int
    /// The column, 1-based; 0 when unknown.
    public var column: Int
    /// The key path (`policies.limiter`, `market.coins[2].price`); empty for the document.
    public var keyPath: String
    /// What is wrong and what was expected.
    public var message: String
    /// Further problems found in the same file, in the order found.
    public var others: [ScenarioError] = []

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - file: The file.
    ///   - line: The line.
    ///   - column: The column.
    ///   - keyPath: The key path.
    ///   - message: The problem.
    public init(file: String, line: Int, column: Int, keyPath: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath
        self.message = message
    }

    /// Every problem, this one first: one line each.
    public var report: String {
        ([description] + others.map(\.description)).joined(separator: "\n")
    }

    /// `file:line:column: key.path: message` (this problem only; ``report`` has all).
    public var description: String {
        let place = line > 0 ? "\(file):\(line):\(column)" : file
        return keyPath.isEmpty ? "\(place): \(message)" : "\(place): \(keyPath): \(message)"
    }
}
