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
        let wanted = name.lowercased()
        return fields.first { $0.name.lowercased() == wanted }?.value
    }
}
