import Foundation
import TestSupport

/// What docs/architecture.md states about the modules: its module table's imports and its layer
/// diagram's layers, read so that a test can hold them against Package.swift.
struct ArchitectureDocument {
    /// Each module's imports as the table's last column lists them (names in backticks or plain,
    /// parenthesised remarks dropped); a row naming two modules gives both the same list.
    var imports: [String: Set<String>] = [:]
    /// Each module's layer in the diagram: the number a diagram line starts with.
    var layers: [String: Int] = [:]
    /// Modules the diagram names in more than one layer.
    var repeated: [String] = []

    /// Reads `docs/architecture.md`.
    static func read() throws -> ArchitectureDocument {
        let url = RepositoryFiles.root.appendingPathComponent("docs/architecture.md")
        return ArchitectureDocument(text: try String(contentsOf: url, encoding: .utf8))
    }

    init(text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count >= 4 else { continue }
            let modules = Self.names(in: Self.droppingRemarks(cells[1]), backticked: true)
            let listed = Set(Self.names(in: Self.droppingRemarks(cells[cells.count - 2]), backticked: false))
            for module in modules { imports[module] = listed }
        }
        var inDiagram = false
        for line in lines {
            if line.hasPrefix("## The module graph") { inDiagram = true }
            if inDiagram, line.hasPrefix("## "), !line.hasPrefix("## The module graph") { break }
            guard inDiagram, let layer = Self.layerNumber(line) else { continue }
            for word in Self.words(in: Self.droppingRemarks(line.drop(while: { $0 == " " || $0.isNumber }))) {
                if layers[word] == nil { layers[word] = layer } else { repeated.append(word) }
            }
        }
    }

    /// A diagram line's layer: ` 3  Simulation ...` is 3.
    private static func layerNumber(_ line: Substring) -> Int? {
        let trimmed = line.drop(while: { $0 == " " })
        let digits = trimmed.prefix(while: \.isNumber)
        guard !digits.isEmpty, trimmed.dropFirst(digits.count).hasPrefix("  ") else { return nil }
        return Int(digits)
    }

    /// The text without its parenthesised remarks.
    private static func droppingRemarks(_ text: Substring) -> Substring {
        var depth = 0
        var kept = ""
        for character in text {
            if character == "(" {
                depth += 1
            } else if character == ")" {
                depth -= 1
            } else if depth == 0 {
                kept.append(character)
            }
        }
        return Substring(kept)
    }

    /// Names in a cell: the backticked ones, or every comma-separated item.
    private static func names(in cell: Substring, backticked: Bool) -> [String] {
        if backticked {
            return cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        return cell.split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
        }
    }

    /// The identifier-like words of a diagram line (letters, digits and `-`).
    private static func words(in text: Substring) -> [String] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "-") }).map(String.init)
            .filter { $0.first?.isLetter == true }
    }
}

/// The project dependencies of each target, read from package manifests' text: the quoted names
/// inside each `.target`, `.executableTarget` or `.testTarget` call's `dependencies: [...]`
/// (`workbench("X")` and `.product(name: "X", ...)` included), kept when they name a project
/// module.
enum PackageManifest {
    static func dependencies(in manifests: [String], within project: Set<String>) throws -> [String: Set<
        String
    >] {
        var result: [String: Set<String>] = [:]
        for manifest in manifests {
            let text = try String(
                contentsOf: RepositoryFiles.root.appendingPathComponent(manifest), encoding: .utf8)
            for call in calls(in: text) {
                guard let name = firstQuoted(after: "name:", in: call), project.contains(name) else {
                    continue
                }
                var dependencies: Set<String> = []
                if let list = bracketed(after: "dependencies:", in: call) {
                    dependencies = Set(quoted(in: list).filter(project.contains))
                }
                result[name, default: []].formUnion(dependencies)
            }
        }
        return result
    }

    /// The argument text of every target call, its parentheses balanced.
    private static func calls(in text: String) -> [Substring] {
        var found: [Substring] = []
        for opener in [".target(", ".executableTarget(", ".testTarget(", ".systemLibrary("] {
            var searchFrom = text.startIndex
            while let range = text.range(of: opener, range: searchFrom..<text.endIndex) {
                var depth = 1
                var index = range.upperBound
                while index < text.endIndex, depth > 0 {
                    if text[index] == "(" { depth += 1 } else if text[index] == ")" { depth -= 1 }
                    index = text.index(after: index)
                }
                found.append(text[range.upperBound..<index])
                searchFrom = index
            }
        }
        return found
    }

    private static func bracketed(after label: String, in call: Substring) -> Substring? {
        guard let labelRange = call.range(of: label),
            let open = call[labelRange.upperBound...].firstIndex(of: "[")
        else { return nil }
        var depth = 0
        var index = open
        while index < call.endIndex {
            if call[index] == "[" { depth += 1 } else if call[index] == "]" { depth -= 1 }
            if depth == 0 { return call[open...index] }
            index = call.index(after: index)
        }
        return nil
    }

    private static func firstQuoted(after label: String, in call: Substring) -> String? {
        guard let labelRange = call.range(of: label) else { return nil }
        return quoted(in: call[labelRange.upperBound...]).first
    }

    private static func quoted(in text: Substring) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}
