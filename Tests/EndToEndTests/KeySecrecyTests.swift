import Foundation
import TestSupport
import Testing

/// A key is read, never echoed (issue 56): `record` and `live` against `serve` with a canary key,
/// then every file they wrote, their standard output and standard error searched for it; and
/// malformed keys refused with a message that gives the key's length, never its text.
@Suite("API keys stay secret: a canary key appears in no output", .serialized, .reapsChildren)
struct KeySecrecyTests {
    static let canary = "CG-canary7e1f0c9a44d2"

    /// Every file under `folder` (but `except`) that contains `text`, by path.
    static func files(under folder: String, containing text: String, except: Set<String>) -> [String] {
        let needle = Data(text.utf8)
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var found: [String] = []
        while let name = enumerator?.nextObject() as? String {
            let path = "\(folder)/\(name)"
            guard !except.contains(path), let data = FileManager.default.contents(atPath: path) else {
                continue
            }
            if data.range(of: needle) != nil { found.append(name) }
        }
        return found
    }

    @Test("record and live with a canary key (from a file and from the environment) write it nowhere")
    func canary() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let keyFile = folder.path("key.txt")
        try "\(Self.canary)\n".write(toFile: keyFile, atomically: true, encoding: .utf8)
        let scenario = folder.path("short.yaml")
        try LiveTests.shortQuickstart.write(toFile: scenario, atomically: true, encoding: .utf8)
        let requests = folder.path("requests.txt")
        try "/simple/price?ids=bitcoin&vs_currencies=usd\n/coins/markets?vs_currency=usd&ids=bitcoin\n".write(
            toFile: requests, atomically: true, encoding: .utf8)
        // 42 scenario minutes at 500x: 5 s.
        let served = try ServeTests.Served(
            ["--speed", "500", "--key-plan", "demo=demo-100"], scenario: scenario)
        defer { _ = served.stop() }
        setenv("BITPAL_CANARY_KEY", Self.canary, 1)
        let outcomes = [
            try WorkbenchProcess.run(
                [
                    "live", scenario, "--against", served.url, "--speed", "500", "--api-key-file", keyFile,
                    "--out", folder.path("live"), "--events", folder.path("live.jsonl"),
                ], timeout: 120),
            try WorkbenchProcess.run(
                [
                    "record", "--base-url", served.url, "--requests", requests, "--out",
                    folder.path("rec-file"),
                    "--api-key-file", keyFile,
                ], timeout: 120),
            try WorkbenchProcess.run(
                [
                    "record", "--base-url", served.url, "--requests", requests, "--out",
                    folder.path("rec-env"),
                    "--api-key-env", "BITPAL_CANARY_KEY",
                ], timeout: 120),
        ]
        for outcome in outcomes {
            #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
            #expect(!outcome.stdout.contains(Self.canary) && !outcome.stderr.contains(Self.canary))
        }
        // Where it matters that a key was used: its plan and its last four characters.
        #expect(
            outcomes[0].stderr.contains("live: sending a demo-30 key ending in ...44d2"),
            "\(outcomes[0].stderr)")
        #expect(outcomes[1].stderr.contains("with a demo-30 key ending in ...44d2"), "\(outcomes[1].stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.path("rec-env/index.json")))
        #expect(FileManager.default.fileExists(atPath: folder.path("live/result.json")))
        #expect(Self.files(under: folder.url.path, containing: Self.canary, except: [keyFile]) == [])
    }

    @Test(
        "a malformed key is refused, and the message gives its length, never its text",
        arguments: ["canary with spaces", "canary\nline", String(repeating: "k", count: 10_240)])
    func malformed(key: String) throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let keyFile = folder.path("key.txt")
        try key.write(toFile: keyFile, atomically: true, encoding: .utf8)
        let requests = folder.path("requests.txt")
        try "/coins/list\n".write(toFile: requests, atomically: true, encoding: .utf8)
        for command in [
            [
                "live", "scenarios/quickstart.yaml", "--against", "http://127.0.0.1:1/api/v3",
                "--api-key-file", keyFile,
            ],
            [
                "record", "--base-url", "http://127.0.0.1:1/api/v3", "--requests", requests, "--out",
                folder.path("rec"), "--api-key-file", keyFile,
            ],
        ] {
            let outcome = try WorkbenchProcess.run(command, timeout: 30)
            #expect(outcome.status == 2, "\(outcome.stderr)")
            #expect(
                outcome.stderr.contains("has spaces or line breaks, or is over 256 characters"),
                "\(outcome.stderr)")
            #expect(!outcome.stderr.contains(key) && !outcome.stderr.contains("canary"), "\(outcome.stderr)")
        }
        let empty = folder.path("empty.txt")
        try "\n".write(toFile: empty, atomically: true, encoding: .utf8)
        let none = try WorkbenchProcess.run(
            [
                "live", "scenarios/quickstart.yaml", "--against", "http://127.0.0.1:1/api/v3",
                "--api-key-file", empty,
            ])
        #expect(none.status == 2 && none.stderr.contains("the file is empty"), "\(none.stderr)")
    }
}
