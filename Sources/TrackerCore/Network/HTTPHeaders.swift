import WorkbenchFoundation

/// Response or request headers: ordered, names compared case-insensitively (RFC 9110).
public struct HTTPHeaders: Sendable, Equatable, Hashable, ExpressibleByDictionaryLiteral {
    /// One header line.
    public struct Field: Sendable, Equatable, Hashable {
        /// The name as written.
        public var name: String
        /// The value.
        public var value: String

        /// Creates a field.
        ///
        /// - Parameters:
        ///   - name: The header name.
        ///   - value: The value.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The fields, in order.
    public var fields: [Field]

    /// Creates headers.
    ///
    /// - Parameter fields: The fields, in order.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// Creates headers from a literal.
    ///
    /// - Parameter elements: Name and value pairs.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field($0.0, $0.1) }
    }

    /// The first value of a header, whatever the case of its name.
    ///
    /// - Parameter name: The header name.
    public subscript(name: String) -> String? {
        fields.first { Self.isSameName($0.name, name) }?.value
    }

    /// Whether two names are equal lowercased: ASCII names byte by byte without making either
    /// (every simulated request and response looks its headers up), others by `lowercased()`.
    static func isSameName(_ name: String, _ wanted: String) -> Bool {
        var (name, wanted) = (name, wanted)
        let ascii = name.withUTF8 { name in
            wanted.withUTF8 { wanted -> Bool? in
                guard name.isASCII, wanted.isASCII else { return nil }
                return name.count == wanted.count
                    && zip(name, wanted).allSatisfy { asciiLower($0) == asciiLower($1) }
            }
        }
        return ascii ?? (name.lowercased() == wanted.lowercased())
    }

    private static func asciiLower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
