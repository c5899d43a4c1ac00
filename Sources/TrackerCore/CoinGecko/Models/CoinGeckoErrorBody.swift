import WorkbenchFoundation

/// The body of a CoinGecko error response, in any of the shapes it has used.
///
/// - `{"error":"Missing parameter vs_currency"}` (422, 404 "coin not found");
/// - `{"status":500,"error":"Internal Server Error"}`;
/// - `{"status":{"error_code":429,"error_message":"You've exceeded the Rate Limit. ..."}}`;
/// - an HTML page (seen for 429s served by the CDN), which is recognised but not parsed.
public struct CoinGeckoErrorBody: Sendable, Equatable {
    /// How the body was written.
    public enum Format: String, Sendable, Equatable {
        /// One of CoinGecko's JSON error objects.
        case json
        /// An HTML page.
        case html
        /// Empty, or something that is neither.
        case other
    }

    /// How the body was written.
    public var format: Format
    /// The error code inside the body (`error_code` or numeric `status`), if any.
    public var code: Int?
    /// The message inside the body (`error` or `error_message`), if any.
    public var message: String?

    /// Creates a body.
    ///
    /// - Parameters:
    ///   - format: How the body was written.
    ///   - code: The code inside it.
    ///   - message: The message inside it.
    public init(format: Format, code: Int? = nil, message: String? = nil) {
        self.format = format
        self.code = code
        self.message = message
    }

    /// Recognises an error body. Never throws: a body that is not one of the known shapes is
    /// `.other` with no message.
    ///
    /// - Parameter data: The response body.
    /// - Returns: What the body says.
    public static func recognise<Bytes: Collection>(_ data: Bytes) -> CoinGeckoErrorBody
    where Bytes.Element == UInt8 {
        let firstByte = firstNonBlankByte(of: data)
        if firstByte == UInt8(ascii: "<") { return CoinGeckoErrorBody(format: .html) }
        guard firstByte == UInt8(ascii: "{") else { return CoinGeckoErrorBody(format: .other) }
        do throws(LocatedDecodingError) {
            return try withJSONDocument(data, source: "error body") {
                cursor throws(LocatedDecodingError) in
                var body = CoinGeckoErrorBody(format: .json)
                try cursor.readObject(path: "$") { cursor, key throws(LocatedDecodingError) in
                    try body.read(member: key, cursor: &cursor, path: "$".member(key))
                }
                return body
            }
        } catch {
            return CoinGeckoErrorBody(format: .other)
        }
    }

    private mutating func read(member key: String, cursor: inout JSONCursor, path: String)
        throws(LocatedDecodingError)
    {
        switch (key, cursor.peek()) {
        case ("error", UInt8(ascii: "\"")), ("error_message", UInt8(ascii: "\"")):
            message = try cursor.readString(path: path)
        case ("status", UInt8(ascii: "{")), ("error", UInt8(ascii: "{")):
            try cursor.readObject(path: path) { cursor, inner throws(LocatedDecodingError) in
                try read(member: inner, cursor: &cursor, path: path.member(inner))
            }
        case ("status", _), ("error_code", _):
            code = try cursor.readNullableInteger(path: path)
        default:
            try cursor.skipValue(path: path)
        }
    }
}

extension CoinGeckoErrorBody {
    /// Whether a body is an HTML page (a CDN's error page, a login page, a wrong root): its first
    /// non-blank byte is `<`. Reads no further than that byte.
    public static func isHTMLPage<Bytes: Collection>(_ data: Bytes) -> Bool where Bytes.Element == UInt8 {
        firstNonBlankByte(of: data) == UInt8(ascii: "<")
    }

    /// The first byte that is not a space, tab or line break.
    static func firstNonBlankByte<Bytes: Collection>(of data: Bytes) -> UInt8? where Bytes.Element == UInt8 {
        data.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    }
}
