/// A JSON document the workbench writes: members in the order given, values written by
/// ``JSONText``'s rules (shortest round-tripping numbers, escaped strings), so equal values
/// always give equal bytes. Every document the CLI writes (results, timings, sweep summaries,
/// downsampled indices, generated paths, benchmark lines) is one of these.
public indirect enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (``JSONText/number(_:)``: `null` when not finite).
    case number(Double)
    /// A whole number written exactly (a seed, a count).
    case integer(Int64)
    /// An unsigned whole number written exactly (a 64-bit seed).
    case unsigned(UInt64)
    /// A string, escaped.
    case string(String)
    /// Elements in order.
    case array([JSONValue])
    /// Members in order; keys are written as given.
    case object([Member])

    /// One member of an object.
    public struct Member: Sendable, Equatable {
        /// The key, written as given.
        public var key: String
        /// The value.
        public var value: JSONValue

        /// Creates a member.
        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// How a document is laid out.
    public enum Layout: Sendable {
        /// One line, no spaces: `{"indices":[0,3,5]}`.
        case compact
        /// Two-space indentation, one member or element per line, except containers nested
        /// `inlineFrom` levels deep or deeper, and arrays of scalars, which go on one line as
        /// `{"a": 1, "b": 2}` and `[1, 2]`.
        case pretty(inlineFrom: Int)
    }

    /// The document's text, ending with a newline.
    public func document(_ layout: Layout) -> String {
        var text = ""
        write(to: &text, layout: layout, depth: 0)
        return text + "\n"
    }

    private var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }

    private func write(to text: inout String, layout: Layout, depth: Int) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += JSONText.number(value)
        case .integer(let value): text += String(value)
        case .unsigned(let value): text += String(value)
        case .string(let value): text += JSONText.quoted(value)
        case .array(let elements):
            writeContainer(
                to: &text, layout: layout, depth: depth, brackets: ("[", "]"), count: elements.count,
                inlineScalars: !elements.contains(where: \.isContainer)
            ) { text, index, layout, depth in elements[index].write(to: &text, layout: layout, depth: depth) }
        case .object(let members):
            writeContainer(
                to: &text, layout: layout, depth: depth, brackets: ("{", "}"), count: members.count,
                inlineScalars: false
            ) { text, index, layout, depth in
                text += JSONText.quoted(members[index].key)
                if case .compact = layout { text += ":" } else { text += ": " }
                members[index].value.write(to: &text, layout: layout, depth: depth)
            }
        }
    }

    private func writeContainer(
        to text: inout String, layout: Layout, depth: Int, brackets: (String, String), count: Int,
        inlineScalars: Bool, element: (inout String, Int, Layout, Int) -> Void
    ) {
        let separator: String
        let multiline: Bool
        switch layout {
        case .compact: (separator, multiline) = (",", false)
        case .pretty(let inlineFrom):
            (separator, multiline) = (", ", depth < inlineFrom && !(inlineScalars && count > 0))
        }
        text += brackets.0
        guard multiline else {
            for index in 0..<count {
                if index > 0 { text += separator }
                element(&text, index, layout, depth + 1)
            }
            text += brackets.1
            return
        }
        let indent = String(repeating: "  ", count: depth + 1)
        for index in 0..<count {
            text += (index == 0 ? "\n" : ",\n") + indent
            element(&text, index, layout, depth + 1)
        }
        text += "\n" + String(repeating: "  ", count: depth) + brackets.1
    }
}
