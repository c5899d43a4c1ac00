/// A GET request to the market-data API, independent of any HTTP library.
///
/// The path is relative to the API root (`/coins/markets`, not `/api/v3/coins/markets`): the live
/// transport prefixes its base URL, the simulated server routes on the path as it is.
public struct HTTPRequest: Sendable, Equatable, Hashable {
    /// One query parameter, kept in the order the app sends them.
    public struct QueryItem: Sendable, Equatable, Hashable {
        /// The parameter name.
        public var name: String
        /// The parameter value, unencoded.
        public var value: String

        /// Creates a parameter.
        ///
        /// - Parameters:
        ///   - name: The name.
        ///   - value: The unencoded value.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The path below the API root.
    public var path: String {
        didSet { target = Self.target(path: path, query: query) }
    }
    /// The query parameters, in order.
    public var query: [QueryItem] {
        didSet { target = Self.target(path: path, query: query) }
    }
    /// Path and percent-encoded query, as sent on the wire: `/coins/markets?vs_currency=usd&ids=a,b`.
    ///
    /// Commas stay literal (as the app writes them and CoinGecko accepts); everything outside
    /// RFC 3986's unreserved set is percent-encoded, so an id with a space cannot smuggle one in.
    /// Kept with the path and query: a request's target is read several times on its way
    /// (journal, cache trace, events), and a 100-coin refresh's is 700 bytes.
    public private(set) var target: String
    /// Extra headers (an API key), name and value.
    public var headers: [HTTPHeaders.Field]
    /// How long the caller waits for the whole response, in milliseconds.
    public var timeoutMilliseconds: Int64

    /// Creates a request.
    ///
    /// - Parameters:
    ///   - path: The path below the API root, starting with `/`.
    ///   - query: The query parameters.
    ///   - headers: Extra headers.
    ///   - timeoutMilliseconds: The timeout (the app's URLSession uses 10 s per request).
    public init(
        path: String,
        query: [QueryItem] = [],
        headers: [HTTPHeaders.Field] = [],
        timeoutMilliseconds: Int64 = 10_000
    ) {
        self.path = path
        self.query = query
        target = Self.target(path: path, query: query)
        self.headers = headers
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    /// The endpoint the path names, if the tracker uses it.
    public var endpoint: CoinGeckoEndpoint? { CoinGeckoEndpoint(path: path) }

    /// The value of a query parameter.
    ///
    /// - Parameter name: The parameter name.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The comma-separated items of a query parameter (`ids=bitcoin,ethereum`), empty ones left
    /// out; empty when the parameter is missing. The value is split at its comma bytes, as a
    /// server reads it (a comma is never part of a longer UTF-8 sequence).
    ///
    /// - Parameter name: The parameter name.
    public func queryList(_ name: String) -> [String] {
        guard var value = queryValue(name) else { return [] }
        return value.withUTF8 { bytes in
            var items: [String] = []
            // Sized once: a watchlist's 100 ids grew the list seven times.
            items.reserveCapacity(1 + bytes.count { $0 == UInt8(ascii: ",") })
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: ",") {
                if index > start {
                    items.append(
                        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))
                }
                start = index + 1
            }
            return items
        }
    }

    /// Requests are equal when they ask the same thing the same way (``target`` follows).
    public static func == (left: HTTPRequest, right: HTTPRequest) -> Bool {
        left.path == right.path && left.query == right.query && left.headers == right.headers
            && left.timeoutMilliseconds == right.timeoutMilliseconds
    }

    /// Hashes what ``==`` compares.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(query)
        hasher.combine(headers)
        hasher.combine(timeoutMilliseconds)
    }

    private static func target(path: String, query: [QueryItem]) -> String {
        guard !query.isEmpty else { return path }
        // Written once into a buffer of its final size: `?`, an `=` and an `&` per item but the last.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(
            path.utf8.count + 2 * query.count
                + query.reduce(0) { $0 + percentEncodedLength($1.name) + percentEncodedLength($1.value) })
        var path = path
        path.withUTF8 { bytes.append(contentsOf: $0) }
        for (index, item) in query.enumerated() {
            bytes.append(index == 0 ? UInt8(ascii: "?") : UInt8(ascii: "&"))
            appendPercentEncoded(item.name, to: &bytes)
            bytes.append(UInt8(ascii: "="))
            appendPercentEncoded(item.value, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The length in bytes of ``percentEncoded(_:)``'s output, without building it.
    static func percentEncodedLength(_ text: String) -> Int {
        var text = text
        // Over the contiguous bytes: `String.UTF8View`'s iterator cost 400 instructions an id.
        return text.withUTF8 { bytes in bytes.reduce(0) { $0 + (isUnreserved($1) ? 1 : 3) } }
    }

    /// Percent-encodes all but unreserved characters and the comma.
    static func percentEncoded(_ text: String) -> String {
        // Ids, currencies and numbers are nearly always unreserved: returned as they are.
        guard !isUnreservedText(text) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(percentEncodedLength(text))
        appendPercentEncoded(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends ``percentEncoded(_:)``'s bytes.
    static func appendPercentEncoded(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            for byte in bytes {
                if isUnreserved(byte) {
                    output.append(byte)
                } else {
                    output.append(UInt8(ascii: "%"))
                    output.append(hexDigits[Int(byte >> 4)])
                    output.append(hexDigits[Int(byte & 0xF)])
                }
            }
        }
    }

    /// Whether every byte of the text is unreserved (or a comma).
    private static func isUnreservedText(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { $0.allSatisfy(isUnreserved) }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// RFC 3986's unreserved characters, and the comma.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ","):
            true
        default: false
        }
    }
}
