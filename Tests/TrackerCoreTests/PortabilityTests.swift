import Foundation
import TestSupport
import Testing

/// TrackerCore is what an iOS or macOS app could link (issue 57): neither it nor any module it
/// depends on imports Glibc (even under `#if`), reads `/proc`, or builds with `unsafeFlags`.
/// `scripts/linux-only.sh` lists every Linux-only construct left in the package, and whether it
/// is guarded.
@Suite("Portability: TrackerCore and its dependencies are free of Linux-only code")
struct PortabilityTests {
    /// Each target's dependencies as Package.swift declares them (`.target(name: "X", dependencies: [...])`).
    static func dependencies(in manifest: String) -> [String: [String]] {
        var graph: [String: [String]] = [:]
        let pattern =
            #/\.(?:target|executableTarget|systemLibrary)\(\s*name:\s*"(?<name>[^"]+)"(?<rest>[^)]*)/#
        for match in manifest.matches(of: pattern) {
            let rest = String(match.output.rest)
            guard let list = rest.firstMatch(of: #/dependencies:\s*\[(?<list>[^\]]*)\]/#) else {
                graph[String(match.output.name), default: []] += []
                continue
            }
            graph[String(match.output.name)] = list.output.list.matches(of: #/"(?<dependency>[^"]+)"/#).map {
                String($0.output.dependency)
            }
        }
        return graph
    }

    /// TrackerCore and every project module it depends on, directly or not.
    static func closure(of module: String, in graph: [String: [String]]) -> Set<String> {
        var seen: Set<String> = [module]
        var next = [module]
        while let current = next.popLast() {
            for dependency in graph[current] ?? []
            where graph[dependency] != nil && seen.insert(dependency).inserted {
                next.append(dependency)
            }
        }
        return seen
    }

    /// The Linux-only constructs in a Swift file's text, with their line numbers.
    static func linuxOnly(_ text: String) -> [(line: Int, what: String)] {
        var found: [(Int, String)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            if code.contains("import Glibc") { found.append((number + 1, "imports Glibc")) }
            if code.contains("\"/proc") { found.append((number + 1, "reads /proc")) }
            if code.contains("unsafeFlags") { found.append((number + 1, "uses unsafeFlags")) }
        }
        return found
    }

    @Test("the checker finds each construct, guarded or not, and ignores comments")
    func checker() {
        let text = """
            #if canImport(Glibc)
                import Glibc
            #endif
            let status = try String(contentsOfFile: "/proc/self/status")
            // import Glibc, in a comment
            """
        #expect(Self.linuxOnly(text).map(\.line) == [2, 4])
        let graph = Self.dependencies(
            in:
                #".target(name: "A", dependencies: ["B"]), .target(name: "B", dependencies: ["C", "X"]), .target(name: "C")"#
        )
        #expect(Self.closure(of: "A", in: graph) == ["A", "B", "C"])
    }

    @Test("TrackerCore and its dependencies import no Glibc, read no /proc, need no unsafeFlags")
    func trackerCoreIsPortable() throws {
        let root = RepositoryFiles.root
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let graph = Self.dependencies(in: manifest)
        let modules = Self.closure(of: "TrackerCore", in: graph)
        #expect(modules.contains("WorkbenchFoundation"))
        var files = 0
        for module in modules.sorted() {
            let folder = root.appendingPathComponent("Sources/\(module)")
            let enumerator = try #require(
                FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            for case let url as URL in enumerator where url.pathExtension == "swift" {
                files += 1
                for (line, what) in Self.linuxOnly(try String(contentsOf: url, encoding: .utf8)) {
                    Issue.record("Sources/\(module)/\(url.lastPathComponent):\(line): \(what)")
                }
            }
            // The target's own declaration in Package.swift.
            let declaration = manifest.firstMatch(of: try Regex(#"\.target\(\s*name:\s*"\#(module)"[^)]*\)"#))
            let text = declaration.map { String(manifest[$0.range]) } ?? ""
            #expect(!text.contains("unsafeFlags"), "Package.swift: \(module) uses unsafeFlags")
        }
        #expect(files > 100)
    }
}
