import Foundation

/// One entry of `docs/app-citations.json`: an app symbol TrackerCore models, where it was read,
/// and the workbench code that models it.
public struct AppCitation: Decodable, Sendable, Equatable {
    /// `Type.member(labels:)` or a file name (`Holding.swift`).
    public var symbol: String
    /// The app file, from the repository root.
    public var appPath: String
    /// The commit it was read at.
    public var readAt: String
    /// The workbench file and declaration that model it.
    public var workbench: String
    /// What the workbench models, in a sentence.
    public var description: String

    enum CodingKeys: String, CodingKey {
        case symbol, workbench, description
        case appPath = "app_path"
        case readAt = "read_at"
    }

    /// The cited symbol, parsed.
    public var cited: CitedSymbol { CitedSymbol(symbol) }

    /// Reads a citation table.
    ///
    /// - Parameter path: The JSON file.
    /// - Throws: ``ConformanceError`` naming the file when it cannot be read or is not a table.
    public static func table(at path: String) throws(ConformanceError) -> [AppCitation] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConformanceError("\(path): cannot read the citation table")
        }
        do {
            return try JSONDecoder().decode([AppCitation].self, from: data)
        } catch {
            throw ConformanceError("\(path): not a citation table (docs/conformance.md): \(error)")
        }
    }
}

/// What a citation names: a file, or a member of a type with its argument labels when given.
public enum CitedSymbol: Sendable, Equatable {
    /// A whole file (`Holding.swift`).
    case file(String)
    /// `Type.member`, with the argument labels of `member(a:b:)` (nil: any; `_` for none).
    case member(type: String, name: String, labels: [String]?)

    /// Parses `Type.member(a:_:)`, `Type.member` or `File.swift`.
    public init(_ text: String) {
        if text.hasSuffix(".swift") {
            self = .file(text)
            return
        }
        let (type, rest) =
            text.firstIndex(of: ".").map { (String(text[..<$0]), String(text[text.index(after: $0)...])) }
            ?? (text, "")
        guard let open = rest.firstIndex(of: "(") else {
            self = .member(type: type, name: rest, labels: nil)
            return
        }
        let inside = rest[rest.index(after: open)...].dropLast()
        let labels = inside.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
        self = .member(type: type, name: String(rest[..<open]), labels: labels)
    }
}

/// A problem the user can fix (a path, a revision, a table), with its message: exit 2.
public struct ConformanceError: Error, Sendable, CustomStringConvertible {
    /// The message.
    public var description: String

    /// Creates an error.
    public init(_ description: String) { self.description = description }
}
