// libyaml's event parser (Debian's libyaml-dev, the same 0.2.5 Yams bundles and composes with),
// through the CLibYAML system-library target: Yams publishes no product for its own copy.
import CLibYAML

/// Refuses the YAML shapes that make composing a document explode, before Yams composes it.
///
/// Yams checks every mapping for duplicate keys by hashing and sorting them, and compares two
/// lists by calling `<` twice per element, so nested lists or mappings used as keys cost time
/// exponential in their depth (a 4 kB file took 10.5 minutes in a debug build). Aliases expand
/// to whole subtrees, so a few lines of them can stand for a billion nodes. No scenario needs
/// either, so they are refused with their place, as is nesting deeper than ``maximumDepth``.
/// A syntax error is left to Yams, which reports it from the same parser.
enum YAMLShapeGuard {
    /// The deepest nesting of lists and mappings accepted.
    static let maximumDepth = 64

    /// A refused shape, located (1-based line and column).
    struct Refusal: Error {
        var line: Int
        var column: Int
        var message: String
    }

    /// Throws the first refused shape in `text`, in document order.
    static func check(_ text: String) throws(Refusal) {
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        let refusal: Refusal? = bytes.withUnsafeMutableBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var shape = Shape()
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return nil }
                if let message = shape.refusal(of: event) {
                    return Refusal(
                        line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1,
                        message: message)
                }
            }
        }
        if let refusal { throw refusal }
    }

    /// The open lists and mappings, and whether each mapping expects a key next.
    private struct Shape {
        private var openMappingsExpectingKey: [Bool?] = []

        mutating func refusal(of event: yaml_event_t) -> String? {
            let inKeyPosition = openMappingsExpectingKey.last == true
            switch event.type {
            case YAML_ALIAS_EVENT:
                return
                    "aliases (*name) are not supported; repeat the value, or use extends: for a shared base"
            case YAML_SCALAR_EVENT:
                if event.data.scalar.anchor != nil { return Self.anchorMessage }
                advance()
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                let isMapping = event.type == YAML_MAPPING_START_EVENT
                let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
                if anchor != nil { return Self.anchorMessage }
                if inKeyPosition {
                    return
                        "a \(isMapping ? "mapping" : "list") used as a key (a complex key); keys are plain names"
                }
                openMappingsExpectingKey.append(isMapping ? true : nil)
                if openMappingsExpectingKey.count > YAMLShapeGuard.maximumDepth {
                    return "lists and mappings nested more than \(YAMLShapeGuard.maximumDepth) deep"
                }
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                openMappingsExpectingKey.removeLast()
                advance()
            default:
                break
            }
            return nil
        }

        /// A node ended: a mapping that held it now expects a value after a key, a key after a value.
        private mutating func advance() {
            guard let innermost = openMappingsExpectingKey.last, let expectingKey = innermost else { return }
            openMappingsExpectingKey[openMappingsExpectingKey.count - 1] = !expectingKey
        }

        private static let anchorMessage =
            "anchors (&name) are not supported; repeat the value, or use extends: for a shared base"
    }
}
