import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs every row of the bad-input table in a sandbox project (a copy of `datasets/` and
/// `scenarios/`): the exit code is the contract's, the message names the place, nothing is
/// written outside the case's folder and `out/`, and nothing hangs.
@Suite("Bad input: exit codes, located messages, no writes outside, no hangs", .serialized, .reapsChildren)
struct BadInputTests {
    static let cases = BadInputCase.scenarioCases + BadInputCase.commandCases

    /// A sandbox: `<root>/project` holds copies of the datasets and scenarios.
    final class Sandbox: Sendable {
        let root: URL
        var project: URL { root.appendingPathComponent("project") }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent(
                "bad-input-\(UUID().uuidString)")
            let project = root.appendingPathComponent("project")
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            for folder in ["datasets", "scenarios"] {
                try FileManager.default.copyItem(
                    at: RepositoryFiles.root.appendingPathComponent(folder),
                    to: project.appendingPathComponent(folder))
            }
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        /// Every path under the sandbox, and the root directory's entries.
        func snapshot() -> Set<String> {
            var paths = Set(
                (try? FileManager.default.contentsOfDirectory(atPath: "/"))?.map { "/" + $0 } ?? [])
            let walker = FileManager.default.enumerator(atPath: root.path)
            while let path = walker?.nextObject() as? String { paths.insert(path) }
            return paths
        }
    }

    static let sandbox = Result { try Sandbox() }

    @Test("the contract holds", arguments: cases)
    func contract(_ row: BadInputCase) throws {
        #expect(Self.cases.count >= 100)
        let sandbox = try Self.sandbox.get()
        let folder = "cases/\(Self.cases.firstIndex { $0.label == row.label }!)"
        let directory = sandbox.project.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, file) in row.files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Self.materialise(file, at: url)
        }
        let before = sandbox.snapshot()
        let outcome = try WorkbenchProcess.run(
            row.arguments.map { $0.replacingOccurrences(of: "$D", with: folder) }, stdin: row.stdin,
            stdinPath: row.stdinFile.map { directory.appendingPathComponent($0).path },
            directory: sandbox.project, timeout: 60)
        let output = outcome.stderr + outcome.stdout
        #expect(outcome.status == row.status, "\(row.label): exit \(outcome.status)\n\(output.prefix(600))")
        for message in row.messages.map({ $0.replacingOccurrences(of: "$D", with: folder) }) {
            #expect(output.contains(message), "\(row.label): no '\(message)' in:\n\(output.prefix(600))")
        }
        #expect(!output.contains("Fatal error") && !output.contains("Stack dump"), "\(row.label)")
        #expect(
            outcome.stderr.utf8.count < 4_000, "\(row.label): \(outcome.stderr.utf8.count) bytes of messages")
        let written = sandbox.snapshot().subtracting(before).filter {
            !$0.hasPrefix("project/\(folder)/") && !$0.hasPrefix("project/out")
        }
        #expect(written.isEmpty, "\(row.label) wrote \(written.sorted())")
    }

    static func materialise(_ file: BadInputCase.File, at url: URL) throws {
        switch file {
        case .text(let text): try Data(text.utf8).write(to: url)
        case .bytes(let bytes): try Data(bytes).write(to: url)
        case .directory: try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        case .fifo: #expect(mkfifo(url.path, 0o644) == 0)
        case .linkLoop:
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: url.path)
        case .size(let count): try Data(repeating: UInt8(ascii: "a"), count: count).write(to: url)
        }
    }
}
