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

    /// Whether a rule with `allowsZero` accepts `value` (static, so the read loop needs only the
    /// flag, not the rule and its name).
    @inline(__always)
    static func accepts(_ value: Double, allowingZero: Bool) -> Bool { allowingZero ? value >= 0 : value > 0 }
}

/// Rows read by ``JSONCursor/readRows(path:rules:rowCheck:)``: timestamps and one column per rule.
struct NumericRows {
    var timestamps: [Int64] = []
    var columns: [[Double]]

    /// The values of one row, by column (borrowed while the row is checked).
    struct Row {
        let values: UnsafeMutableBufferPointer<Double>

        /// The value in `column`.
        subscript(column: Int) -> Double { values[column] }
    }
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
        rowCheck: ((NumericRows.Row) -> String?)? = nil
    ) throws(LocatedDecodingError) -> NumericRows {
        let width = rules.count
        // Built only for an error.
        func shape() -> String { "[timestamp, " + rules.map(\.name).joined(separator: ", ") + "]" }
        try expect(.openBracket, path: path, expected: "an array of \(shape()) rows")
        if consume(.closeBracket) { return NumericRows(columns: Array(repeating: [], count: width)) }
        // One row-major array while reading (a row appended at once), split into columns at the end.
        var timestamps: [Int64] = []
        var values: [Double] = []
        // Room for as many rows as the rest of the document could hold (`[t,v],` is at least
        // 2 x width + 3 bytes), up to 4,096, so a small response never regrows its arrays.
        let rowsAtMost = min((bytes.count - offset) / (2 * width + 3), 4_096)
        timestamps.reserveCapacity(rowsAtMost)
        values.reserveCapacity(rowsAtMost * width)
        let allowsZero = rules.map(\.allowsZero)
        let check = rowCheck ?? { _ in nil }
        let row = NumericRows.Row(values: .allocate(capacity: width))
        defer { row.values.deallocate() }
        var rowIndex = 0
        repeat {
            let rowStart = startOfNextToken()
            try expect(.openBracket, path: path.element(rowIndex), expected: "a row \(shape())")
            timestamps.append(try readTimestamp(path: path.element(rowIndex).element(0)))
            for column in 0..<width {
                guard consume(.comma) else {
                    throw error(
                        path: path.element(rowIndex),
                        expected: "\(width + 1) numbers \(shape()) in the row, not \(column + 1)"
                    )
                }
                let valueStart = startOfNextToken()
                let value = try readDouble(
                    path: path.element(rowIndex).element(column + 1),
                    expected: rules[column].expectation
                )
                guard ValueRule.accepts(value, allowingZero: allowsZero[column]) else {
                    throw error(
                        at: valueStart,
                        path: path.element(rowIndex).element(column + 1),
                        expected: rules[column].expectation
                    )
                }
                row.values[column] = value
            }
            try expect(
                .closeBracket, path: path.element(rowIndex),
                expected: "']' after \(width + 1) numbers \(shape())")
            if let failure = check(row) {
                throw error(at: rowStart, path: path.element(rowIndex), expected: failure)
            }
            values.append(contentsOf: row.values)
            rowIndex += 1
        } while consume(.comma)
        try expect(.closeBracket, path: path, expected: "',' or ']' after row \(rowIndex - 1)")
        let columns =
            width == 1
            ? [values]
            : (0..<width).map { column in stride(from: column, to: values.count, by: width).map { values[$0] }
            }
        return NumericRows(timestamps: timestamps, columns: columns)
    }
}
