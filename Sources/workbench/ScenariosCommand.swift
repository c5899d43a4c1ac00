import ArgumentParser
import CommandLineShell
import Foundation
import Scenarios

/// `workbench scenarios list|validate`.
struct ScenariosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenarios",
        abstract: "List, validate or price scenario files.",
        subcommands: [ListScenarios.self, ValidateScenarios.self, ScenarioPrices.self]
    )

    /// Scenario files: the given ones, or every `.yaml` in `scenarios/`, sorted.
    static func files(_ given: [String]) throws(CLIError) -> [String] {
        guard given.isEmpty else { return given }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "scenarios") else {
            throw .badInput("scenarios: no such directory (run from the project root)")
        }
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted().map {
            "scenarios/\($0)"
        }
    }
}

struct ListScenarios: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the scenarios with the question each answers.")

    @Argument(help: "Scenario files (every file in scenarios/ by default).")
    var files: [String] = []

    func run() throws {
        var rows = [["scenario", "file", "question"]]
        for file in try ScenariosCommand.files(files) {
            let loaded = try ScenarioRunner.load(file, overrides: [])
            rows.append([loaded.scenario.name, file, Self.firstSentence(of: loaded.scenario.description)])
        }
        print(TextTable.render(rows))
    }

    /// A description's first sentence: up to the first `.`, `?` or `!` that ends a sentence (one
    /// followed by a space or the end, outside backticks), so `policy-comparison.yaml` and `1.5`
    /// do not end it.
    static func firstSentence(of text: String) -> String {
        var inCode = false
        var result = ""
        var characters = text.makeIterator()
        var next = characters.next()
        while let character = next {
            next = characters.next()
            if character == "`" { inCode.toggle() }
            if character == "." && !inCode && (next == nil || next == " " || next == "\n") { break }
            result.append(character)
            if (character == "?" || character == "!") && !inCode
                && (next == nil || next == " " || next == "\n")
            {
                break
            }
        }
        return result.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

struct ValidateScenarios: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check scenario files; every problem is printed with file, line and key (exit 2 if any).")

    @Argument(help: "Scenario files (every file in scenarios/ by default).")
    var files: [String] = []

    func run() throws {
        var failures = 0
        for file in try ScenariosCommand.files(files) {
            do {
                _ = try ScenarioRunner.load(file, overrides: [])
                print("ok  \(file)")
            } catch {
                failures += 1
                ErrorOutput.report(error.message)
            }
        }
        if failures > 0 {
            throw CLIError(message: "\(failures) scenario file(s) invalid", exitCode: CLIError.badInputCode)
        }
    }
}
