/// What the values of one column of a numeric row must satisfy.
package struct ValueRule {
    /// The value's name in errors: "price", "market cap", "open".
    package var name: String
    /// Whether zero is allowed (volumes and market caps) or not (prices).
    package var allowsZero: Bool

    /// A price: positive and finite.
    package static func price(_ name: String = "price") -> ValueRule {
        ValueRule(name: name, allowsZero: false)
    }

    /// A quantity such as a market cap or volume: zero or positive, finite.
    package static func quantity(_ name: String) -> ValueRule { ValueRule(name: name, allowsZero: true) }

    /// The error's "expected" text.
    package var expectation: String {
        allowsZero ? "a finite \(name) >= 0" : "a positive finite \(name)"
    }

    /// Whether a rule with `allowsZero` accepts `value` (static, so the read loop needs only the
    /// flag, not the rule and its name).
    @inline(__always)
    package static func accepts(_ value: Double, allowingZero: Bool) -> Bool {
        allowingZero ? value >= 0 : value > 0
    }
}

/// Rows read by ``JSONCursor/readRows(path:rules:rowCheck:)``: timestamps and one column per rule.
package struct NumericRows {
    package var timestamps: [Int64] = []
    package var columns: [[Double]]

    /// The values of one row, by column (borrowed while the row is checked).
    package struct Row {
        package let values: UnsafeMutableBufferPointer<Double>

        /// The value in `column`.
        package subscript(column: Int) -> Double { values[column] }
    }
}

extension JSONCursor {
    /// Reads an array of numeric rows `[[timestamp, v1, ..., vk], ...]`, CoinGecko's chart shape.
    ///
    /// Every row must have exactly `1 + rules.count` numbers; every value must satisfy its rule.
    /// Nothing is dropped: a `null`, a string, a short or long row, a non-finite, zero or
    /// negative price is a located error.
    ///
    /// With `asArraysOfDoubles`, rows are read as a Swift app reads them into `[[Double]]` and
    /// then maps each row that has enough numbers: a row with fewer numbers than the shape is
    /// dropped, numbers after the shape are ignored, and any finite value is taken (no rule, no
    /// row check); a `null` or a string anywhere is still an error, as it is to `JSONDecoder`.
    ///
    /// - Parameters:
    ///   - path: The array's JSON path.
    ///   - rules: One rule per value column.
    ///   - rowCheck: A check across the values of the row just read (for example OHLC's
    ///     `low <= open, close <= high`); returns what was expected when the row fails it.
    ///   - asArraysOfDoubles: Read rows as an app's `[[Double]]` and `compactMap` do.
    /// - Returns: The columns, in document order (not yet sorted).
    package mutating func readRows(
        path: String,
        rules: [ValueRule],
        rowCheck: ((NumericRows.Row) -> String?)? = nil,
        asArraysOfDoubles: Bool = false
    ) throws(LocatedDecodingError) -> NumericRows {
        let width = rules.count
        // Built only for an error.
        func shape() -> String { "[timestamp, " + rules.map(\.name).joined(separator: ", ") + "]" }
        try expect(.openBracket, path: path, expected: "an array of \(shape()) rows")
        if consume(.closeBracket) { return NumericRows(columns: Array(repeating: [], count: width)) }
        // Room for as many rows as the rest of the document could hold (`[t,v],` is at least
        // 2 x width + 3 bytes), up to 4,096, so a small response never regrows its arrays.
        let rowsAtMost = min((bytes.count - offset) / (2 * width + 3), 4_096)
        var timestamps: [Int64] = []
        timestamps.reserveCapacity(rowsAtMost)
        // The values row after row, each row read in place; split into columns at the end.
        var values = RowMajorValues(width: width, rows: rowsAtMost)
        defer { values.deallocate() }
        let check = rowCheck ?? { _ in nil }
        let zeroAllowed = rules.map(\.allowsZero)
        var rowIndex = 0
        var sentIndex = 0
        repeat {
            let row = NumericRows.Row(values: values.row(rowIndex))
            // A chart has no row check: no closure call for each of its rows.
            if !asArraysOfDoubles,
                let timestamp = readCompactRow(into: row.values, allowingZero: zeroAllowed),
                rowCheck?(row) == nil
            {
                timestamps.append(timestamp)
                sentIndex += 1
                rowIndex += 1
                continue
            }
            let rowStart = startOfNextToken()
            try expect(.openBracket, path: path.element(sentIndex), expected: "a row \(shape())")
            sentIndex += 1
            if asArraysOfDoubles, consume(.closeBracket) { continue }
            // Scanned here rather than through readTimestamp, whose path autoclosure costs a row
            // several ns (the OHLC fixture decoded 7% slower through it).
            let timestampStart = startOfNextToken()
            guard let timestamp = scanTimestamp() else {
                throw error(
                    at: timestampStart, path: path.element(sentIndex - 1).element(0),
                    expected: Self.timestampExpectation)
            }
            timestamps.append(timestamp)
            var complete = true
            for column in 0..<width {
                if asArraysOfDoubles, consume(.closeBracket) {
                    complete = false
                    break
                }
                guard consume(.comma) else {
                    throw error(
                        path: path.element(sentIndex - 1),
                        expected: "\(width + 1) numbers \(shape()) in the row, not \(column + 1)"
                    )
                }
                // One error for a value that is no number, not finite, or outside its rule.
                let valueStart = startOfNextToken()
                guard let value = scanFiniteDouble(),
                    asArraysOfDoubles || ValueRule.accepts(value, allowingZero: rules[column].allowsZero)
                else {
                    throw error(
                        at: valueStart,
                        path: path.element(sentIndex - 1).element(column + 1),
                        expected: rules[column].expectation
                    )
                }
                row.values[column] = value
            }
            if asArraysOfDoubles {
                guard complete else {
                    timestamps.removeLast()
                    continue
                }
                try skipExtraNumbers(path: path.element(sentIndex - 1))
                rowIndex += 1
                continue
            }
            try expect(
                .closeBracket, path: path.element(sentIndex - 1),
                expected: "']' after \(width + 1) numbers \(shape())")
            if let failure = check(row) {
                throw error(at: rowStart, path: path.element(sentIndex - 1), expected: failure)
            }
            rowIndex += 1
        } while consume(.comma)
        try expect(.closeBracket, path: path, expected: "',' or ']' after row \(sentIndex - 1)")
        return NumericRows(timestamps: timestamps, columns: values.columns(rows: rowIndex))
    }

    /// Reads a row written without whitespace whose numbers are plain (``scanPlainNumber()``)
    /// and within their rules, the values into `values`; nil, the cursor unmoved, for any other
    /// row, which the general reader then reads (and locates its error). Every recorded and
    /// simulated chart body is written so.
    private mutating func readCompactRow(
        into values: UnsafeMutableBufferPointer<Double>, allowingZero: [Bool]
    ) -> Int64? {
        let start = offset
        guard offset < bytes.count, bytes[offset] == .openBracket else { return nil }
        offset &+= 1
        guard let timestamp = scanPlainInteger() else {
            offset = start
            return nil
        }
        for column in 0..<values.count {
            guard offset < bytes.count, bytes[offset] == .comma else {
                offset = start
                return nil
            }
            offset &+= 1
            guard let value = scanPlainDouble(),
                ValueRule.accepts(value, allowingZero: allowingZero[column])
            else {
                offset = start
                return nil
            }
            values[column] = value
        }
        guard offset < bytes.count, bytes[offset] == .closeBracket else {
            offset = start
            return nil
        }
        offset &+= 1
        return timestamp
    }

    /// Reads `, number` until the row's `]` (numbers an app's `[[Double]]` keeps and its mapping
    /// ignores). The path is built only for an error: a string a row would triple the decoding
    /// time of a recorded day.
    private mutating func skipExtraNumbers(path: @autoclosure () -> String) throws(LocatedDecodingError) {
        while consume(.comma) {
            let valueStart = startOfNextToken()
            guard scanFiniteDouble() != nil else {
                throw error(at: valueStart, path: path(), expected: "a number")
            }
        }
        try expect(.closeBracket, path: path(), expected: "',' or ']' in the row")
    }
}

/// Rows of `width` doubles, one after another, in memory that doubles as rows are added; read
/// into columns at the end. A row is written in place (no row buffer, no per-value append).
private struct RowMajorValues {
    package let width: Int
    private var capacity: Int
    private var storage: UnsafeMutablePointer<Double>

    /// Room for `rows` rows (at least one) of `width` values.
    package init(width: Int, rows: Int) {
        self.width = width
        self.capacity = max(rows, 1)
        self.storage = .allocate(capacity: capacity * width)
    }

    /// Row `index`'s values; rows before it must have been written. Grows the storage when full.
    package mutating func row(_ index: Int) -> UnsafeMutableBufferPointer<Double> {
        if index == capacity {
            let grown = UnsafeMutablePointer<Double>.allocate(capacity: 2 * capacity * width)
            grown.initialize(from: storage, count: capacity * width)
            storage.deallocate()
            storage = grown
            capacity *= 2
        }
        return UnsafeMutableBufferPointer(start: storage + index * width, count: width)
    }

    /// The first `rows` rows as `width` columns (one row of one value is its column: copied
    /// whole).
    package func columns(rows: Int) -> [[Double]] {
        if width == 1 { return [Array(UnsafeBufferPointer(start: storage, count: rows))] }
        return (0..<width).map { column in
            [Double](unsafeUninitializedCapacity: rows) { buffer, initialized in
                for row in 0..<rows { buffer[row] = storage[row * width + column] }
                initialized = rows
            }
        }
    }

    /// Frees the storage.
    package func deallocate() { storage.deallocate() }
}
