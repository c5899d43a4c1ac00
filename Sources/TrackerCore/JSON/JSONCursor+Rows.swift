/// What the values of one column of a numeric row must satisfy.
struct ValueRule {
    /// The value's name in errors: "price", "market cap", "open".
    var name: String
    /// Whether zero is allowed (volumes and market caps) or not (prices).
    var allowsZero: Bool

    /// A price: positive and finite.
    static func price(_ name: String = "price") -> ValueRule { ValueRule(name: name, allowsZero: false) }

    /// A quantity such as a market cap or volume: zero or positive, finite.
    static func quantity(_ name: String) -> ValueRule { ValueRule(name: name, allowsZero: true) }

    /// The error's "expected" text.
    var expectation: String {
        allowsZero ? "a finite \(name) >= 0" : "a positive finite \(name)"
    }

    @inline(__always)
    func accepts(_ value: Double) -> Bool { allowsZero ? value >= 0 : value > 0 }
}

/// Rows read by ``JSONCursor/readRows(path:rules:)``: timestamps and one column per rule.
struct NumericRows {
    var timestamps: [Int64] = []
    var columns: [[Double]]
}

extension JSONCursor {
    /// Reads an array of numeric rows `[[timestamp, v1, ..., vk], ...]`, CoinGecko's chart shape.
    ///
    /// Every row must have exactly `1 + rules.count` numbers; every value must satisfy its rule.
    /// Nothing is dropped: a `null`, a string, a short or long row, a non-finite, zero or
    /// negative price is a located error.
    ///
    /// - Parameters:
    ///   - path: The array's JSON path.
    ///   - rules: One rule per value column.
    ///   - rowCheck: A check across the values of the row just read (for example OHLC's
    ///     `low <= open, close <= high`); returns what was expected when the row fails it.
    /// - Returns: The columns, in document order (not yet sorted).
    mutating func readRows(
        path: String,
        rules: [ValueRule],
        rowCheck: ((NumericRows) -> String?)? = nil
    ) throws(LocatedDecodingError) -> NumericRows {
        let width = rules.count
        let shape = "[timestamp, " + rules.map(\.name).joined(separator: ", ") + "]"
        var rows = NumericRows(columns: Array(repeating: [], count: width))
        try expect(.openBracket, path: path, expected: "an array of \(shape) rows")
        if consume(.closeBracket) { return rows }
        var row = 0
        repeat {
            let rowStart = startOfNextToken()
            try expect(.openBracket, path: path.element(row), expected: "a row \(shape)")
            rows.timestamps.append(try readTimestamp(path: path.element(row).element(0)))
            for column in 0..<width {
                guard consume(.comma) else {
                    throw error(
                        path: path.element(row),
                        expected: "\(width + 1) numbers \(shape) in the row, not \(column + 1)"
                    )
                }
                let rule = rules[column]
                let valueStart = startOfNextToken()
                let value = try readDouble(
                    path: path.element(row).element(column + 1),
                    expected: rule.expectation
                )
                guard rule.accepts(value) else {
                    throw error(
                        at: valueStart,
                        path: path.element(row).element(column + 1),
                        expected: rule.expectation
                    )
                }
                rows.columns[column].append(value)
            }
            try expect(
                .closeBracket, path: path.element(row), expected: "']' after \(width + 1) numbers \(shape)")
            if let rowCheck, let failure = rowCheck(rows) {
                throw error(at: rowStart, path: path.element(row), expected: failure)
            }
            row += 1
        } while consume(.comma)
        try expect(.closeBracket, path: path, expected: "',' or ']' after row \(row - 1)")
        return rows
    }
}
