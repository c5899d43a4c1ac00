/// Checks that bytes are one well-formed JSON document, locating the first problem.
public enum JSONSyntax {
    /// Throws the first syntax error of the document, with its line, column and JSON path.
    ///
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - source: The label errors name.
    public static func validate<Bytes: Collection>(_ data: Bytes, source: String) throws(LocatedDecodingError)
    where Bytes.Element == UInt8 {
        try withJSONDocument(data, source: source) { cursor throws(LocatedDecodingError) in
            try cursor.skipValue(path: "$")
        }
    }
}
