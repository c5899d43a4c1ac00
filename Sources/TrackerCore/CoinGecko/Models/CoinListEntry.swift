import WorkbenchFoundation

/// One entry of `/coins/list`: the local search index (7,248 coins in the 2021 recording).
public struct CoinListEntry: Sendable, Equatable, Hashable {
    /// CoinGecko's coin id.
    public var id: String
    /// The ticker symbol.
    public var symbol: String
    /// The display name.
    public var name: String

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - id: The coin id.
    ///   - symbol: The symbol.
    ///   - name: The name.
    public init(id: String, symbol: String, name: String) {
        self.id = id
        self.symbol = symbol
        self.name = name
    }

    /// Decodes a `/coins/list` response. Members other than the three (`platforms` when asked
    /// for) are skipped.
    ///
    /// - Parameters:
    ///   - data: The response body.
    ///   - source: The label errors name.
    /// - Returns: The entries in response order.
    /// - Throws: ``LocatedDecodingError`` naming the JSON path of the first problem.
    @_specialize(exported:true,where Bytes == [UInt8])  // else other modules run the generic body
    public static func decodeList<Bytes: Collection>(
        _ data: Bytes,
        source: String = "response"
    ) throws(LocatedDecodingError) -> [CoinListEntry] where Bytes.Element == UInt8 {
        try decodeObjectArray(data, source: source) { cursor, path throws(LocatedDecodingError) in
            try CoinListEntry(cursor: &cursor, path: path)
        }
    }

    /// Reads an object with string members `id`, `symbol`, `name`; `path` builds its JSON path,
    /// for an error.
    init(cursor: inout JSONCursor, path: () -> String) throws(LocatedDecodingError) {
        let start = cursor.startOfNextToken()
        var fields: [String: String] = [:]
        try cursor.readObject(path: path()) { cursor, key throws(LocatedDecodingError) in
            switch key {
            case "id", "symbol", "name": fields[key] = try cursor.readString(path: path().member(key))
            default: try cursor.skipValue(path: path().member(key))
            }
        }
        let values = try cursor.required(
            ["id", "symbol", "name"], in: fields, objectStart: start, path: path())
        self.init(id: values[0], symbol: values[1], name: values[2])
    }
}
