import Foundation
import TestSupport
import Testing

/// The app behaviours TrackerCore models are declared once, in `docs/app-citations.json` (the app
/// file and symbol, the commit it was read at, the workbench code that models it, one line of
/// what it does); the doc comments' citations are checked against it, both ways (issue 53).
@Suite("The app citation table and TrackerCore's doc comments agree")
struct AppCitationsTests {
    struct Citation: Decodable, Hashable {
        var symbol: String
        var appPath: String
        var readAt: String
        var workbench: String
        var description: String

        enum CodingKeys: String, CodingKey {
            case symbol, description, workbench
            case appPath = "app_path"
            case readAt = "read_at"
        }

        /// The workbench file, without the symbol after the colon.
        var workbenchFile: String { String(workbench.split(separator: ":")[0]) }
    }

    /// The commits the table's citations were read at: the published app and the widget branch.
    static let commits: Set<String> = ["da53edf", "122d91c"]

    static func table() throws -> [Citation] {
        let data = try Data(
            contentsOf: RepositoryFiles.root.appendingPathComponent("docs/app-citations.json"))
        return try JSONDecoder().decode([Citation].self, from: data)
    }

    /// Every backticked token of TrackerCore's comments that cites the app, with its file: a
    /// `Type.member` whose type the table knows, or a file (or path) the table knows.
    static func citedInComments(types: Set<String>, files: Set<String>) throws -> Set<[String]> {
        let sources = RepositoryFiles.root.appendingPathComponent("Sources/TrackerCore")
        var found = Set<[String]>()
        let enumerator = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let relative = "Sources/TrackerCore" + url.path.dropFirst(sources.path.count)
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            where line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                let parts = line.split(separator: "`", omittingEmptySubsequences: false)
                for (index, token) in parts.enumerated() where index % 2 == 1 {
                    let text = String(token)
                    if text.hasSuffix(".swift") {
                        let name = String(text.split(separator: "/").last ?? "")
                        if files.contains(name) { found.insert([name, relative]) }
                    } else if let head = text.split(separator: ".").first, text.contains("."),
                        types.contains(String(head.split(separator: "(")[0]))
                    {
                        found.insert([text, relative])
                    }
                }
            }
        }
        return found
    }

    @Test("every entry is well formed: an app file at a known commit, workbench code that exists")
    func wellFormed() throws {
        let table = try Self.table()
        #expect(table.count >= 70)
        #expect(Set(table).count == table.count, "an entry is listed twice")
        for entry in table {
            #expect(Self.commits.contains(entry.readAt), "\(entry.symbol): read at \(entry.readAt)")
            #expect(
                entry.appPath.hasPrefix("Bitpal-v2/") && entry.appPath.hasSuffix(".swift"), "\(entry.appPath)"
            )
            #expect(!entry.description.isEmpty, "\(entry.symbol) has no description")
            let file = RepositoryFiles.root.appendingPathComponent(entry.workbenchFile)
            #expect(FileManager.default.fileExists(atPath: file.path), "\(entry.workbench) does not exist")
        }
    }

    @Test("each citation in TrackerCore's comments is in the table, and each entry is cited where it says")
    func commentsAndTableAgree() throws {
        let table = try Self.table()
        let types = Set(
            table.filter { !$0.symbol.hasSuffix(".swift") }.map { String($0.symbol.split(separator: ".")[0]) }
        )
        let files = Set(table.map { String($0.appPath.split(separator: "/").last ?? "") })
        let cited = try Self.citedInComments(types: types, files: files)
        let listed = Set(table.map { [$0.symbol, $0.workbenchFile] })
        for missing in cited.subtracting(listed).sorted(by: { $0.joined() < $1.joined() }) {
            Issue.record(
                "\(missing[1]) cites \(missing[0]), which docs/app-citations.json does not list for it")
        }
        for stale in listed.subtracting(cited).sorted(by: { $0.joined() < $1.joined() }) {
            Issue.record(
                "docs/app-citations.json lists \(stale[0]) for \(stale[1]), whose comments no longer cite it")
        }
    }
}

/// `docs/simulation.md`'s table of every citation is generated from `docs/app-citations.json`:
/// this test fails when the two differ, and rewrites the table with `RECORD_GOLDENS=1`.
@Suite("docs/simulation.md's citation table is the citation table")
struct SimulationCitationTableTests {
    static let begin =
        "<!-- citations:begin (generated from docs/app-citations.json; RECORD_GOLDENS=1 swift test --filter SimulationCitationTableTests) -->"
    static let end = "<!-- citations:end -->"

    /// The table as Markdown, by app file then symbol.
    static func rendered(_ table: [AppCitationsTests.Citation]) -> String {
        var text = "| app file | symbol | read at | modelled by | what |\n|---|---|---|---|---|\n"
        let sorted = table.sorted {
            ($0.appPath, $0.symbol, $0.workbench) < ($1.appPath, $1.symbol, $1.workbench)
        }
        for citation in sorted {
            let file = citation.appPath.replacingOccurrences(of: "Bitpal-v2/", with: "")
            let cells = [
                "`\(file)`", "`\(citation.symbol)`", citation.readAt, "`\(citation.workbench)`",
                citation.description.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(
                    of: "\n", with: " "),
            ]
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return text
    }

    @Test("the generated section matches the table")
    func generated() throws {
        let url = RepositoryFiles.root.appendingPathComponent("docs/simulation.md")
        let document = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(document.range(of: Self.begin), "docs/simulation.md has no \(Self.begin)")
        let finish = try #require(document.range(of: Self.end), "docs/simulation.md has no \(Self.end)")
        let current = String(document[start.upperBound..<finish.lowerBound])
        let expected = "\n" + Self.rendered(try AppCitationsTests.table())
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            try document.replacingCharacters(in: start.upperBound..<finish.lowerBound, with: expected).write(
                to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            current == expected,
            "docs/simulation.md's citation table is out of date: RECORD_GOLDENS=1 swift test --filter SimulationCitationTableTests"
        )
    }
}
