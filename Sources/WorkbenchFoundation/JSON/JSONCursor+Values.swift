/// Typed member readers for the object-shaped CoinGecko responses (markets, detail, search, ...).
///
/// Each reads one value at the cursor or throws a ``LocatedDecodingError`` that names the value's
/// JSON path and what was expected. `null` is accepted only by the `Nullable` readers: CoinGecko
/// sends `null` for unknown supplies, prices of dead coins and missing ranks.
extension JSONCursor {
    /// Reads `null` as nil, anything else with `read`.
    package mutating func readNullable<Value>(
        _ read: (inout JSONCursor) throws(LocatedDecodingError) -> Value
    ) throws(LocatedDecodingError) -> Value? {
        if consumeLiteral("null") { return nil }
        return try read(&self)
    }

    /// Reads any finite number.
    package mutating func readNumber(path: @autoclosure () -> String) throws(LocatedDecodingError) -> Double {
        try readDouble(path: path(), expected: "a finite number")
    }

    /// Reads a finite number or `null`.
    package mutating func readNullableNumber(path: @autoclosure () -> String) throws(LocatedDecodingError)
        -> Double?
    {
        try readNullable { cursor throws(LocatedDecodingError) in try cursor.readNumber(path: path()) }
    }

    /// Reads an integer (written without fraction or exponent) or `null`.
    package mutating func readNullableInteger(path: @autoclosure () -> String) throws(LocatedDecodingError)
        -> Int?
    {
        try readNullable { cursor throws(LocatedDecodingError) in
            let start = cursor.startOfNextToken()
            guard let number = cursor.scanNumber(), let value = NumberParsing.int64(number)
            else { throw cursor.error(at: start, path: path(), expected: "an integer") }
            return Int(value)
        }
    }

    /// Reads a string or `null`.
    package mutating func readNullableString(path: @autoclosure () -> String) throws(LocatedDecodingError)
        -> String?
    {
        try readNullable { cursor throws(LocatedDecodingError) in try cursor.readString(path: path()) }
    }

    /// Reads an ISO-8601 date-time string (fractional seconds allowed) as epoch milliseconds, or
    /// `null`.
    package mutating func readNullableDate(path: @autoclosure () -> String) throws(LocatedDecodingError)
        -> Int64?
    {
        try readNullable { cursor throws(LocatedDecodingError) in
            let start = cursor.startOfNextToken()
            let expected = "an ISO-8601 date-time such as \"2021-05-15T15:58:12.266Z\""
            // A date is plain ASCII: read from the bytes, without making a `String` of it.
            let parsed =
                if let range = cursor.plainStringContent() {
                    CivilDate.parseISO8601(utf8: UnsafeBufferPointer(rebasing: cursor.bytes[range]))
                } else {
                    CivilDate.parseISO8601(try cursor.readString(path: path(), expected: expected))
                }
            guard let milliseconds = parsed else {
                throw cursor.error(at: start, path: path(), expected: expected)
            }
            return milliseconds
        }
    }

    /// Reads an object of numbers keyed by currency (`{"usd": 49253, "eur": 40512.1}`), or `null`
    /// as an empty map. Members whose value is `null` are left out.
    package mutating func readNumberMap(path: String) throws(LocatedDecodingError) -> [String: Double] {
        var map: [String: Double] = [:]
        if consumeLiteral("null") { return map }
        try readObject(path: path) { cursor, key throws(LocatedDecodingError) in
            map[key] = try cursor.readNullableNumber(path: path.member(key))
        }
        return map
    }

    /// The error for a required member that an object lacks, located at the object's start.
    package func missingMember(_ key: String, objectStart: Int, path: String) -> LocatedDecodingError {
        var error = error(at: objectStart, path: path, expected: "a member \"\(key)\"")
        error.found = "an object without it"
        return error
    }

    /// The values of required string members, in the order of `keys`, or the error for the first
    /// one missing.
    package func required(
        _ keys: [String],
        in fields: [String: String],
        objectStart: Int,
        path: String
    ) throws(LocatedDecodingError) -> [String] {
        var values: [String] = []
        for key in keys {
            guard let value = fields[key] else {
                throw missingMember(key, objectStart: objectStart, path: path)
            }
            values.append(value)
        }
        return values
    }

    /// Reads an array of objects, each with `element`.
    ///
    /// - Parameters:
    ///   - path: The array's JSON path.
    ///   - element: Reads one element; its second argument builds the element's path (for an
    ///     error: a path built for each of 7,000 coins cost more than reading its id).
    @inlinable
    package mutating func readObjects<Element>(
        path: String,
        element: (inout JSONCursor, () -> String) throws(LocatedDecodingError) -> Element
    ) throws(LocatedDecodingError) -> [Element] {
        var elements: [Element] = []
        try readArray(path: path) { cursor, index throws(LocatedDecodingError) in
            elements.append(try element(&cursor, { path.element(index) }))
        }
        return elements
    }
}
