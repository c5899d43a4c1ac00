import TrackerCore
import WorkbenchFoundation
import Yams

/// `--set key.path=value`: replaces (or adds) one scalar in the scenario's YAML before
/// validation, so an override is checked like the file's own values.
enum ScenarioOverrides {
    /// Applies one assignment.
    ///
    /// - Parameters:
    ///   - assignment: `key.path=value` (list items by index: `market.coins.0.price=10`).
    ///   - node: The document.
    ///   - file: The scenario file, for errors.
    /// - Throws: ``ScenarioError`` for a malformed assignment or a path through a non-mapping.
    static func apply(_ assignment: String, to node: Node, file: String) throws(ScenarioError) -> Node {
        let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
        let keys = parts.first?.split(separator: ".").map(String.init) ?? []
        guard parts.count == 2, !keys.isEmpty, keys.allSatisfy({ !$0.isEmpty }) else {
            throw ScenarioError(
                file: file, line: 0, column: 0, keyPath: "--set",
                message: "expected key.path=value, found \(QuotedValue.text(assignment))")
        }
        return try replacing(keys[...], in: node, with: parts[1], file: file, done: [])
    }

    /// The key path an assignment sets, as a reader spells it: `market.coins.0.price=10` sets
    /// `market.coins[0].price`.
    static func readerPath(of assignment: String) -> String {
        let keys = assignment.split(separator: "=", maxSplits: 1).first?.split(separator: ".") ?? []
        return keys.reduce(into: "") { path, key in
            if Int(key) != nil {
                path += "[\(key)]"
            } else {
                path += path.isEmpty ? String(key) : ".\(key)"
            }
        }
    }

    private static func replacing(
        _ keys: ArraySlice<String>, in node: Node, with value: String, file: String, done: [String]
    )
        throws(ScenarioError) -> Node
    {
        guard let key = keys.first else { return Node(value, .plain) }
        let path = (done + [key]).joined(separator: ".")
        switch node {
        case .mapping(let mapping):
            var pairs = Array(mapping)
            if let index = pairs.firstIndex(where: { $0.key.scalar?.string == key }) {
                pairs[index].value = try replacing(
                    keys.dropFirst(), in: pairs[index].value, with: value, file: file, done: done + [key])
            } else {
                pairs.append(
                    (
                        Node(key, .plain),
                        try replacing(
                            keys.dropFirst(), in: Node([(Node, Node)](), .plain), with: value, file: file,
                            done: done + [key])
                    ))
            }
            var replaced = Node.Mapping(pairs.map { ($0.key, $0.value) }, mapping.tag)
            replaced.mark = mapping.mark
            return .mapping(replaced)
        case .sequence(let sequence):
            var items = Array(sequence)
            guard let index = Int(key), items.indices.contains(index) else {
                throw ScenarioError(
                    file: file, line: node.mark?.line ?? 0, column: node.mark?.column ?? 0,
                    keyPath: "--set \(path)",
                    message: "expected an index from 0 to \(items.count - 1)")
            }
            items[index] = try replacing(
                keys.dropFirst(), in: items[index], with: value, file: file, done: done + [key])
            return .sequence(Node.Sequence(items, sequence.tag))
        default:
            throw ScenarioError(
                file: file, line: node.mark?.line ?? 0, column: node.mark?.column ?? 0,
                keyPath: "--set \(path)",
                message: "cannot set a key inside a text value")
        }
    }
}

extension Tag {
    /// A tag resolved by no rule: the scenario reads every scalar as text (``NodeReader``), and
    /// Yams' default resolver compiles its rules into ICU regular expressions, which map 3.5 MB
    /// of ICU into every run.
    static var plain: Tag { Tag(.implicit, .basic, .default) }
}
