import CommandLineShell
import Foundation
import TestSupport
import Testing

/// `workbench conformance drift` on a small app written here, in the app's layout, with two
/// commits (issue 53): the repository must not contain the app's own code, so the mechanism is
/// tested on this fixture; docs/conformance.md has the run against the real app.
@Suite(
    "conformance drift: each cited symbol unchanged, changed, moved or removed, and uncited changes",
    .reapsChildren)
struct ConformanceDriftTests {
    static let service = "Bitpal-v2/Bitpal/Services/PriceService.swift"

    static let before = """
        import Foundation

        /// Prices, every 30 seconds.
        final class PriceService {
            /// The interval.
            let interval: TimeInterval = 30

            func start(for coins: [String]) {
                print(coins)
            }

            func stop() {}
        }

        extension PriceService {
            func legacy() -> Int { 1 }
        }

        """

    static let after = """
        import Foundation

        /// Prices, every 30 seconds.
        final class PriceService {
            /// The interval between two loads (a new comment is not a change).
            let interval: TimeInterval = 30

            func start(for coins: [String]) {
                dump(coins)
            }
        }

        """

    /// Runs git in a folder, failing the test when it fails.
    static func git(_ arguments: [String], in folder: TemporaryDirectory) throws {
        let process = try SpawnedProcess(
            executable: "/usr/bin/env",
            arguments: [
                "git", "-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "init.defaultBranch=main",
            ]
                + arguments, directory: folder.url.path)
        ChildProcesses.track(process, command: ["git"] + arguments)
        #expect(try BoundedWait.exit(of: process, within: 120, "git \(arguments)") == 0, "git \(arguments)")
    }

    static func write(_ text: String, to path: String, in folder: TemporaryDirectory) throws {
        let url = folder.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    @Test(
        "a citation read on an unmerged branch is branch-only at main, not removed; only those absent: exit 0"
    )
    func branchOnly() throws {
        let app = try TemporaryDirectory()
        defer { app.remove() }
        try Self.git(["init", "-q"], in: app)
        try Self.write(Self.before, to: Self.service, in: app)
        try Self.git(["add", "-A"], in: app)
        try Self.git(["commit", "-q", "-m", "main"], in: app)
        try Self.git(["tag", "main-read"], in: app)
        try Self.git(["checkout", "-q", "-b", "widget"], in: app)
        try Self.write(
            "struct WidgetClient {\n    func fetch() -> Int { 1 }\n}\n",
            to: "Bitpal-v2/BitpalWidget/WidgetClient.swift", in: app)
        try Self.git(["add", "-A"], in: app)
        try Self.git(["commit", "-q", "-m", "widget"], in: app)
        try Self.git(["tag", "branch-read"], in: app)
        try Self.git(["checkout", "-q", "main-read"], in: app)
        let table = app.path("citations.json")
        try """
        [{"symbol": "PriceService.stop()", "app_path": "\(Self.service)", "read_at": "main-read", "workbench": "Sources/X.swift: x", "description": "d"},
         {"symbol": "WidgetClient.fetch()", "app_path": "Bitpal-v2/BitpalWidget/WidgetClient.swift", "read_at": "branch-read", "workbench": "Sources/X.swift: x", "description": "d"}]

        """.write(toFile: table, atomically: true, encoding: .utf8)
        let outcome = try WorkbenchProcess.run([
            "conformance", "drift", "--app", app.url.path, "--table", table, "--at", "main-read",
        ])
        #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.contains(": 1 unchanged, 1 branch-only;"), "\(outcome.stdout)")
        #expect(
            outcome.stdout.contains(
                "branch-only: WidgetClient.fetch() in Bitpal-v2/BitpalWidget/WidgetClient.swift (read at branch-read"
            ),
            "\(outcome.stdout)")
    }

    @Test("the fixture app's drift between two commits, in text, Markdown and JSON; exit 1")
    func drift() throws {
        let app = try TemporaryDirectory()
        defer { app.remove() }
        try Self.git(["init", "-q"], in: app)
        try Self.write(Self.before, to: Self.service, in: app)
        try Self.write(
            "struct Holding {\n    var amount: Double\n}\n", to: "Bitpal-v2/Bitpal/Models/Holding.swift",
            in: app)
        try Self.git(["add", "-A"], in: app)
        try Self.git(["commit", "-q", "-m", "read"], in: app)
        try Self.git(["tag", "read"], in: app)
        try Self.write(Self.after, to: Self.service, in: app)
        try Self.write(
            "extension PriceService {\n    func legacy() -> Int { 1 }\n}\n",
            to: "Bitpal-v2/Bitpal/Services/Legacy.swift",
            in: app)
        try Self.write(
            "import Foundation\n\nlet session = URLSession.shared\n",
            to: "Bitpal-v2/Bitpal/Services/Network.swift", in: app)
        try Self.git(["add", "-A"], in: app)
        try Self.git(["commit", "-q", "-m", "later"], in: app)

        let table = app.path("citations.json")
        let entries = [
            ("PriceService.interval", Self.service), ("PriceService.start(for:)", Self.service),
            ("PriceService.stop()", Self.service), ("PriceService.legacy()", Self.service),
            ("Holding.swift", "Bitpal-v2/Bitpal/Models/Holding.swift"),
        ].map { symbol, path in
            #"{"symbol": "\#(symbol)", "app_path": "\#(path)", "read_at": "read", "workbench": "Sources/X.swift: x", "description": "d"}"#
        }
        try ("[" + entries.joined(separator: ",\n") + "]\n").write(
            toFile: table, atomically: true, encoding: .utf8)

        let outcome = try WorkbenchProcess.run([
            "conformance", "drift", "--app", app.url.path, "--table", table, "--out", app.path("report"),
        ])
        #expect(outcome.status == 1, "\(outcome.stdout)\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("5 citations against HEAD (") == true, "\(outcome.stdout)")
        #expect(
            lines.first?.hasSuffix("): 2 unchanged, 1 changed, 1 moved, 1 removed; 1 uncited changed file(s)")
                == true,
            "\(outcome.stdout)")
        #expect(
            lines.contains {
                $0.hasPrefix("changed: PriceService.start(for:) in \(Self.service) (read at read")
            })
        #expect(lines.contains("    -         print(coins)") && lines.contains("    +         dump(coins)"))
        #expect(lines.contains { $0.hasPrefix("moved: PriceService.legacy()") })
        #expect(lines.contains("    now in Bitpal-v2/Bitpal/Services/Legacy.swift"))
        #expect(lines.contains { $0.hasPrefix("removed: PriceService.stop()") })
        #expect(lines.contains("    Bitpal-v2/Bitpal/Services/Network.swift (URLSession)"))
        let json = try String(contentsOfFile: app.path("report/conformance-drift.json"), encoding: .utf8)
        #expect(
            json.contains("\"drifted\" : true")
                && json.contains("\"moved_to\" : \"Bitpal-v2/Bitpal/Services/Legacy.swift\""))
        let markdown = try String(contentsOfFile: app.path("report/conformance-drift.md"), encoding: .utf8)
        #expect(
            markdown.contains("| changed | `PriceService.start(for:)` |") && markdown.contains("```diff\n"))

        // Against the commit read, nothing drifted: exit 0.
        let same = try WorkbenchProcess.run([
            "conformance", "drift", "--app", app.url.path, "--table", table, "--at", "read",
        ])
        #expect(
            same.status == 0 && same.stdout.hasPrefix("5 citations against read ("),
            "\(same.stdout)\(same.stderr)")
        #expect(same.stdout.contains(": 5 unchanged; 0 uncited changed file(s)"))
        // Bad input is located: a revision the app does not have, a folder that is not a repository.
        let revision = try WorkbenchProcess.run([
            "conformance", "drift", "--app", app.url.path, "--table", table, "--at", "nope",
        ])
        #expect(revision.status == 2 && revision.stderr.contains("no commit 'nope'"), "\(revision.stderr)")
        let notGit = try TemporaryDirectory()
        defer { notGit.remove() }
        let folder = try WorkbenchProcess.run([
            "conformance", "drift", "--app", notGit.url.path, "--table", table,
        ])
        #expect(folder.status == 2 && folder.stderr.contains("not a git repository"), "\(folder.stderr)")
    }
}
