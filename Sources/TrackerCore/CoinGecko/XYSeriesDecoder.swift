import WorkbenchFoundation

/// Decodes the downsampling input format `{"x": [ms, ...], "y": [value, ...]}`.
///
/// This is what `workbench downsample` reads, and the shape of the tsdownsample peer series.
/// `x` must be integer epoch milliseconds in non-decreasing order (a decreasing step is an error
/// naming the element); it may be left out, in which case x is the index (0, 1, 2, ...). `y`
/// must be finite numbers, one per x. Other members are refused: a misspelt `"Y"` should not
/// silently become "no y".
public enum XYSeriesDecoder {
    /// Decodes the input.
    ///
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - source: The label errors name (file name or "stdin").
    /// - Returns: The two columns, of equal length.
    /// - Throws: ``LocatedDecodingError`` for the first problem.
    @_specialize(exported:true,where Bytes == [UInt8])  // else other modules run the generic body
    public static func decode<Bytes: Collection>(
        _ data: Bytes,
        source: String
    ) throws(LocatedDecodingError) -> (x: [Int64], y: [Double]) where Bytes.Element == UInt8 {
        try withJSONCursor(over: data, source: source) { cursor throws(LocatedDecodingError) in
            var x: [Int64]?
            var y: [Double]?
            var yPosition = 0
            try cursor.readObject(path: "$") { cursor, key throws(LocatedDecodingError) in
                switch key {
                case "x": x = try readTimestamps(&cursor)
                case "y":
                    yPosition = cursor.startOfNextToken()
                    y = try readValues(&cursor)
                default:
                    throw cursor.error(path: "$".member(key), expected: "only the members \"x\" and \"y\"")
                }
            }
            try cursor.expectEnd()
            guard let y else {
                throw cursor.error(at: 0, path: "$", expected: "an object with a \"y\" array")
            }
            if let x, x.count != y.count {
                var error = cursor.error(
                    at: yPosition, path: "$.y", expected: "as many values as x (\(x.count))")
                error.found = "\(y.count) values"
                throw error
            }
            return (x ?? (0..<Int64(y.count)).map { $0 }, y)
        }
    }

    private static func readTimestamps(_ cursor: inout JSONCursor) throws(LocatedDecodingError) -> [Int64] {
        var values: [Int64] = []
        try cursor.readArray(path: "$.x") { cursor, index throws(LocatedDecodingError) in
            let start = cursor.startOfNextToken()
            let value = try cursor.readTimestamp(path: "$.x".element(index))
            if let previous = values.last, value < previous {
                throw cursor.error(
                    at: start, path: "$.x".element(index),
                    expected: "timestamps in non-decreasing order (previous \(previous))")
            }
            values.append(value)
        }
        return values
    }

    private static func readValues(_ cursor: inout JSONCursor) throws(LocatedDecodingError) -> [Double] {
        var values: [Double] = []
        try cursor.readArray(path: "$.y") { cursor, index throws(LocatedDecodingError) in
            values.append(try cursor.readDouble(path: "$.y".element(index), expected: "a finite number"))
        }
        return values
    }
}
