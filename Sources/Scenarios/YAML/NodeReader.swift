import Foundation
import TrackerCore
import WorkbenchFoundation
import Yams

/// Reads one YAML node of a scenario as a typed value, with errors that name the file, the
/// line and column, and the key path.
struct NodeReader {
    let node: Node
    /// The files the document was merged from (``ScenarioInheritance``).
    let files: SourceFiles
    let path: String

    /// The file this node was written in.
    var file: String { files.file(for: path) }

    func error(_ message: String, at node: Node? = nil) -> ScenarioError {
        let mark = (node ?? self.node).mark
        if let assignment = files.override(at: path) {
            // A value `--set` wrote has no place in the file: the assignment is the place. A file's
            // value with one set inside it keeps its place and names the assignment.
            guard let mark else {
                return ScenarioError(
                    file: "--set \(assignment)", line: 0, column: 0, keyPath: path, message: message)
            }
            return ScenarioError(
                file: file, line: mark.line, column: mark.column, keyPath: path,
                message: "\(message) (with --set \(assignment))")
        }
        return ScenarioError(
            file: file, line: mark?.line ?? 0, column: mark?.column ?? 0, keyPath: path, message: message)
    }

    /// What the node is, for "found ..." in errors.
    var found: String {
        switch node {
        case .scalar(let scalar): "'\(scalar.string)'"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    /// Whether the node is a mapping.
    var isMapping: Bool {
        if case .mapping = node { return true }
        return false
    }

    /// The node as a mapping whose keys are all in `allowed`.
    func mapping(allowing allowed: [String]) throws(ScenarioError) -> MappingReader {
        try mapping(allowing: allowed) { unknown throws(ScenarioError) in throw unknown }
    }

    /// The node as a mapping whose keys must be among `allowed`; each unknown key goes to
    /// `unknown` (which may throw it, or record it and let reading go on without the key).
    func mapping(allowing allowed: [String], unknown: (ScenarioError) throws(ScenarioError) -> Void)
        throws(ScenarioError) -> MappingReader
    {
        guard case .mapping(let mapping) = node else { throw error("expected a mapping, found \(found)") }
        var values: [String: (key: Node, value: Node)] = [:]
        for (key, value) in mapping {
            guard let name = key.scalar?.string else {
                throw error(
                    "expected plain keys, found \(NodeReader(node: key, files: files, path: path).found)",
                    at: key)
            }
            guard allowed.contains(name) else {
                let suggestion = allowed.sorted().joined(separator: ", ")
                let nearest = NearestName.nearest(to: name, among: allowed.sorted()).map {
                    " (did you mean '\($0)'?)"
                }
                try unknown(
                    NodeReader(node: key, files: files, path: child(name)).error(
                        "unknown key '\(name)'\(nearest ?? ""); expected one of: \(suggestion)"))
                continue
            }
            values[name] = (key, value)
        }
        return MappingReader(reader: self, values: values)
    }

    /// The node's items.
    func sequence() throws(ScenarioError) -> [NodeReader] {
        guard case .sequence(let sequence) = node else { throw error("expected a list, found \(found)") }
        return sequence.enumerated().map { NodeReader(node: $1, files: files, path: "\(path)[\($0)]") }
    }

    func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// A plain scalar's text.
    func string() throws(ScenarioError) -> String {
        guard case .scalar(let scalar) = node else { throw error("expected a text value, found \(found)") }
        return scalar.string
    }

    /// A finite number.
    func double() throws(ScenarioError) -> Double {
        let text = try string()
        guard let value = Double(text.replacingOccurrences(of: "_", with: "")), value.isFinite else {
            throw error("expected a number, found \(QuotedValue.text(text))")
        }
        return value
    }

    /// A number in a closed range.
    func double(in range: ClosedRange<Double>) throws(ScenarioError) -> Double {
        let value = try double()
        guard range.contains(value) else {
            throw error("expected a number from \(range.lowerBound) to \(range.upperBound), found \(value)")
        }
        return value
    }

    /// A whole number in a closed range.
    func integer(in range: ClosedRange<Int>) throws(ScenarioError) -> Int {
        let text = try string()
        guard let value = Int(text.replacingOccurrences(of: "_", with: "")) else {
            throw error("expected a whole number, found \(QuotedValue.text(text))")
        }
        guard range.contains(value) else {
            throw error(
                "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(value)")
        }
        return value
    }

    /// `true` or `false`.
    func bool() throws(ScenarioError) -> Bool {
        switch try string().lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error("expected true or false, found \(found)")
        }
    }

    /// A duration: whole numbers with `d`, `h`, `m`, `s` or `ms`, alone or combined from the
    /// largest unit down (`30s`, `2h45m`).
    func duration(allowZero: Bool = false) throws(ScenarioError) -> Int64 {
        let text = try string()
        if let milliseconds = DurationText.milliseconds(text, allowZero: allowZero) { return milliseconds }
        // A well-formed duration that is zero or negative: say what is wrong with it (issue 69).
        let magnitude = text.hasPrefix("-") ? String(text.dropFirst()) : text
        if let value = DurationText.milliseconds(magnitude, allowZero: true),
            text.hasPrefix("-") || value == 0
        {
            throw error(
                "\(QuotedValue.text(text)) must be \(allowZero ? "zero or more" : "positive"): a duration counts forward, "
                    + "such as 30s or 2h")
        }
        if DurationText.isTooLong(text) {
            throw error(
                "\(QuotedValue.text(text)) is longer than the calendar allows (at most \(TimeLimits.latest / 86_400_000)d)"
            )
        }
        if let suggestion = DurationText.suggestion(for: text), suggestion != text {
            throw error(
                "expected a duration such as 30s, 5m or 2h45m, found \(QuotedValue.text(text)); write \(suggestion)"
            )
        }
        throw error(
            "expected a duration such as 500ms, 30s, 5m, 2h, 7d or 2h45m, found \(QuotedValue.text(text))")
    }

    /// An ISO 8601 time in UTC.
    func time() throws(ScenarioError) -> Int64 {
        let text = try string()
        guard let time = CivilDate.parseISO8601(text) else {
            throw error(
                "expected an ISO 8601 time such as 2024-01-01T00:00:00Z, found \(QuotedValue.text(text))")
        }
        return time
    }

    /// One of a fixed set of words.
    func choice<Value>(_ choices: [(String, Value)]) throws(ScenarioError) -> Value {
        let text = try string()
        guard let match = choices.first(where: { $0.0 == text }) else {
            throw error(
                "expected one of \(choices.map(\.0).joined(separator: ", ")), found \(QuotedValue.text(text))"
            )
        }
        return match.1
    }
}

/// The members of a YAML mapping, read by key.
struct MappingReader {
    let reader: NodeReader
    let values: [String: (key: Node, value: Node)]

    /// Whether the key is present.
    func has(_ key: String) -> Bool { values[key] != nil }

    /// The member, if present.
    func optional(_ key: String) -> NodeReader? {
        values[key].map { NodeReader(node: $0.value, files: reader.files, path: reader.child(key)) }
    }

    /// The member; an error naming the key if it is missing.
    func required(_ key: String) throws(ScenarioError) -> NodeReader {
        guard let member = optional(key) else { throw reader.error("missing required key '\(key)'") }
        return member
    }
}
