import Foundation
import TestSupport
import Testing

@Suite("Module rules (docs/architecture.md): imports point inward")
struct ModuleRulesTests {
    /// The project modules each module may import, as docs/architecture.md lists them. System
    /// and package modules (Foundation, GRDB, Yams...) are not checked here; Package.swift is.
    static let allowed: [String: Set<String>] = [
        "WorkbenchFoundation": [],
        "TrackerCore": ["WorkbenchFoundation"],
        "WorkbenchMetrics": [],
        "CGSL": [],
        "CLibYAML": [],
        "CCurl": [],
        "CPortableMath": [],
        "PriceModels": ["WorkbenchFoundation", "TrackerCore", "CGSL", "CPortableMath"],
        "Datasets": ["WorkbenchFoundation", "TrackerCore"],
        "Simulation": ["WorkbenchFoundation", "TrackerCore", "PriceModels", "Datasets", "WorkbenchMetrics"],
        "Scenarios": [
            "WorkbenchFoundation", "TrackerCore", "PriceModels", "Simulation", "Datasets", "CLibYAML",
            "WorkbenchMetrics",
        ],
        "Reports": ["WorkbenchFoundation", "TrackerCore", "WorkbenchMetrics"],
        "Runs": [
            "WorkbenchFoundation", "TrackerCore", "Datasets", "Scenarios", "Simulation", "Reports",
            "WorkbenchMetrics",
        ],
        "Persistence": ["WorkbenchFoundation", "TrackerCore"],
        "Sweeps": [
            "WorkbenchFoundation", "TrackerCore", "Datasets", "WorkbenchMetrics", "Reports", "Runs",
            "Persistence",
        ],
        "LiveHTTP": ["TrackerCore", "CCurl"],
        "Live": ["WorkbenchFoundation", "TrackerCore", "PriceModels", "Simulation"],
        "Fleets": [
            "WorkbenchFoundation", "PriceModels", "TrackerCore", "Scenarios", "Simulation", "Runs", "Reports",
        ],
        "Serve": ["WorkbenchFoundation", "TrackerCore", "Simulation"],
        "Recording": ["WorkbenchFoundation", "TrackerCore", "Datasets"],
        "FuzzTargets": ["WorkbenchFoundation", "TrackerCore", "Datasets", "Scenarios"],
        "BitpalFuzz": ["FuzzTargets"],
        "CommandLineShell": [],
        // The server's executable: everything `workbench` may use but the other commands.
        "workbench-serve": [
            "CommandLineShell", "WorkbenchFoundation", "TrackerCore", "PriceModels", "Simulation", "Runs",
            "Serve", "LiveHTTP",
        ],
    ]

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
        // The root package's modules and the server package's (Server/).
        var folders: [String: URL] = [:]
        for sources in ["Sources", "Server/Sources"].map(RepositoryFiles.root.appendingPathComponent) {
            for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
                folders[module] = sources.appendingPathComponent(module)
            }
        }
        let modules = folders.keys.sorted()
        let project = Set(modules)
        var checked = 0
        for module in modules where module != "workbench" {
            let allowed = try #require(Self.allowed[module], "\(module) is missing from the rules")
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
