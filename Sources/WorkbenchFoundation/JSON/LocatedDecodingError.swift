/// A decoding error that says where it happened and what was wrong there.
///
/// Every rejection of a CoinGecko response, a dataset file or a CLI input file is one of these:
/// the source (file name or "response"), line and column, the JSON path (`$.prices[12][1]`),
/// what was expected and what was found. The `description` reads like a compiler diagnostic:
///
///     market_chart.json:1:4523: at $.prices[12][1]: expected a positive finite price, found null
public struct LocatedDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file name, or a label such as "response" or "stdin".
    public var source: String
    /// The JSON path of the offending value, `$` for the document itself.
    public var path: String
    /// 1-based line of the offending value.
    public var line: Int
    /// 1-based column (in bytes) of the offending value.
    public var column: Int
    /// What was expected there.
    public var expected: String
    /// What was found instead: the value's text, its kind, or "end of input".
    public var found: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - source: The file name or a label.
    ///   - path: The JSON path.
    ///   - line: 1-based line.
    ///   - column: 1-based column.
    ///   - expected: What was expected.
    ///   - found: What was found.
    public init(source: String, path: String, line: Int, column: Int, expected: String, found: String) {
        self.source = source
        self.path = path
        self.line = line
        self.column = column
        self.expected = expected
        self.found = found
    }

    /// `source:line:column: at path: expected ..., found ...`.
    public var description: String {
        "\(source):\(line):\(column): at \(path): expected \(expected), found \(found)"
    }
}
