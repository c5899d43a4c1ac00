import CommandLineShell
import Foundation
import WorkbenchFoundation

/// The app's git repository (a checkout or a bare mirror), read without a work tree: files at a
/// revision, the files of a revision, and the files changed between two.
public struct AppRepository: Sendable {
    /// The directory given.
    public let path: String
    /// Files already read, by revision and path: many citations share a file.
    private let read = Locked<[String: String?]>([:])

    /// Opens a repository, checking that git can read it.
    ///
    /// - Parameter path: A checkout or a bare git directory.
    /// - Throws: ``ConformanceError`` when it is missing or not a git repository.
    public init(_ path: String) throws(ConformanceError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw ConformanceError(
                "--app \(path): no such directory; give a checkout or a git mirror of the app")
        }
        self.path = path
        guard (try? Self.git(["rev-parse", "--git-dir"], in: path))?.status == 0 else {
            throw ConformanceError(
                "--app \(path): not a git repository (a checkout or a bare mirror of the app)")
        }
    }

    /// The full commit a revision names.
    ///
    /// - Throws: ``ConformanceError`` naming the revision when there is no such commit.
    public func commit(_ revision: String) throws(ConformanceError) -> String {
        let result = try run(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"])
        guard result.status == 0, !result.output.isEmpty else {
            throw ConformanceError("--app \(path): no commit '\(revision)'")
        }
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A file's text at a revision, nil when the file is not there (each read once).
    public func file(_ file: String, at revision: String) throws(ConformanceError) -> String? {
        let key = "\(revision):\(file)"
        if let known = read.withLock({ $0[key] }) { return known }
        let result = try run(["show", key])
        let text = result.status == 0 ? result.output : nil
        read.withLock { $0[key] = text }
        return text
    }

    /// Whether `old` is in the history of `new` (`git merge-base --is-ancestor`).
    public func isAncestor(_ old: String, of new: String) throws(ConformanceError) -> Bool {
        try run(["merge-base", "--is-ancestor", old, new]).status == 0
    }

    /// The Swift files under a folder at a revision.
    public func swiftFiles(under folder: String, at revision: String) throws(ConformanceError) -> [String] {
        let result = try run(["ls-tree", "-r", "--name-only", revision, "--", folder])
        return result.output.split(separator: "\n").map(String.init).filter { $0.hasSuffix(".swift") }
    }

    /// The files changed between two revisions under a folder.
    public func changedFiles(from old: String, to new: String, under folder: String) throws(ConformanceError)
        -> [String]
    {
        let result = try run(["diff", "--name-only", old, new, "--", folder])
        return result.output.split(separator: "\n").map(String.init)
    }

    private func run(_ arguments: [String]) throws(ConformanceError) -> (status: Int32, output: String) {
        do {
            return try Self.git(arguments, in: path)
        } catch {
            throw ConformanceError("cannot run git: \(error)")
        }
    }

    /// Runs git in a directory; its output captured in a temporary file (no pipe to fill).
    static func git(_ arguments: [String], in directory: String) throws -> (status: Int32, output: String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conformance-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = try SpawnedProcess(
            executable: "/usr/bin/env", arguments: ["git"] + arguments, directory: directory,
            stdout: .file(output.path), stderr: .null)
        let status = process.waitUntilExit()
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return (status, text)
    }
}
