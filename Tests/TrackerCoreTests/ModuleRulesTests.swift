import Foundation
import TestSupport
import Testing

@Suite("Module rules (docs/architecture.md): imports point inward, and the docs say so")
struct ModuleRulesTests {
    /// The modules whose imports are checked: every folder of `Sources` and `Server/Sources`.
    static func moduleFolders() throws -> [String: URL] {
        var folders: [String: URL] = [:]
        for sources in ["Sources", "Server/Sources"].map(RepositoryFiles.root.appendingPathComponent) {
            for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
                folders[module] = sources.appendingPathComponent(module)
            }
        }
        return folders
    }

    /// The project modules each module may import: docs/architecture.md's module table, which
    /// ``tableIsPackageSwift()`` proves equal to Package.swift's.
    static func allowed() throws -> [String: Set<String>] {
        let project = Set(try moduleFolders().keys)
        return try ArchitectureDocument.read().imports.mapValues { $0.intersection(project) }
    }

    @Test("workbench itself never imports Serve: Hummingbird and SwiftNIO stay out of its build")
    func workbenchBuildsWithoutTheServer() throws {
        let folder = RepositoryFiles.root.appendingPathComponent("Sources/workbench")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") where Self.importedModule(line) == "Serve" {
                Issue.record("Sources/workbench/\(name) imports Serve")
            }
        }
    }

    @Test("each module imports only the project modules below it; Reports never the simulator")
    func importsPointInward() throws {
        let folders = try Self.moduleFolders()
        let rules = try Self.allowed()
        let modules = folders.keys.sorted()
        let project = Set(modules)
        var checked = 0
        for module in modules where module != "workbench" {
            let allowed = try #require(rules[module], "\(module) is missing from docs/architecture.md")
            let files = try #require(
                FileManager.default.enumerator(at: folders[module]!, includingPropertiesForKeys: nil))
            for case let url as URL in files where url.pathExtension == "swift" {
                checked += 1
                let text = try String(contentsOf: url, encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
                    .enumerated()
                {
                    guard let imported = Self.importedModule(line), project.contains(imported) else {
                        continue
                    }
                    if !allowed.contains(imported) {
                        Issue.record("\(url.path):\(number + 1): \(module) may not import \(imported)")
                    }
                }
            }
        }
        #expect(checked > 100)
    }

    @Test("docs/architecture.md's module table lists each module's project imports as Package.swift does")
    func tableIsPackageSwift() throws {
        let folders = try Self.moduleFolders()
        let project = Set(folders.keys)
        let document = try ArchitectureDocument.read()
        let package = try PackageManifest.dependencies(
            in: ["Package.swift", "Server/Package.swift"], within: project)
        for module in project.sorted() where module != "workbench" {
            let listed = try #require(document.imports[module], "\(module) has no row in the module table")
            #expect(
                listed.intersection(project) == package[module, default: []],
                "\(module): the table lists \(listed.intersection(project).sorted()), Package.swift \(package[module, default: []].sorted())"
            )
        }
        // `workbench` is "everything but Serve": every module of the root package but the tools.
        let rootModules = project.subtracting(["workbench", "Serve", "workbench-serve", "BitpalFuzz"])
        #expect(package["workbench", default: []].isSuperset(of: rootModules.subtracting(Self.notForTheCLI)))
        #expect(!package["workbench", default: []].contains("Serve"))
    }

    /// Modules the CLI does not link: the fuzzing targets and the C libraries its modules bring.
    static let notForTheCLI: Set<String> = ["FuzzTargets", "CGSL", "CLibYAML", "CCurl", "CPortableMath"]

    @Test("docs/architecture.md's layer diagram has every Swift module once, each above all it imports")
    func layersPointDown() throws {
        let folders = try Self.moduleFolders()
        let project = Set(folders.keys)
        let document = try ArchitectureDocument.read()
        let swiftModules = project.subtracting(Self.notForTheCLI).union(["FuzzTargets"])
        #expect(Set(document.layers.keys) == swiftModules, "the diagram's modules differ from Sources'")
        #expect(document.repeated.isEmpty, "named in two layers: \(document.repeated)")
        let package = try PackageManifest.dependencies(
            in: ["Package.swift", "Server/Package.swift"], within: swiftModules)
        for (module, imports) in package {
            guard let layer = document.layers[module] else { continue }
            for imported in imports {
                let below = try #require(document.layers[imported], "\(imported) is not in the diagram")
                #expect(below < layer, "\(module) (layer \(layer)) imports \(imported) (layer \(below))")
            }
        }
    }

    @Test("the import parser reads plain and access-levelled imports")
    func parser() {
        #expect(Self.importedModule("import Simulation") == "Simulation")
        #expect(Self.importedModule("@testable import Simulation") == "Simulation")
        #expect(Self.importedModule("internal import Reports") == "Reports")
        #expect(Self.importedModule("// import Simulation") == nil)
    }

    /// The module a line imports, if it is an import declaration.
    static func importedModule(_ line: Substring) -> String? {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
            words[..<index].allSatisfy({
                $0.hasPrefix("@") || ["public", "internal", "package"].contains($0)
            })
        else { return nil }
        return String(words[index + 1].split(separator: ".").first ?? "")
    }
}
