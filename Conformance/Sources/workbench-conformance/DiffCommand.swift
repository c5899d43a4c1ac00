import ArgumentParser
import CommandLineShell
import Conformance
import Foundation
import WorkbenchFoundation

/// `workbench conformance diff`.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff", abstract: DiffOptions.abstract, discussion: DiffOptions.discussion)

    @OptionGroup var options: DiffOptions

    func run() throws {
        let diff: Diff
        do {
            let workbench = try Self.workbenchCheckout()
            let package = DiffPackage(
                folder: workbench.appendingPathComponent("Conformance/.build/diff"), workbench: workbench)
            diff = try Diff(
                repository: try AppRepository(options.app), revision: options.at, seed: options.seed,
                randomCases: options.cases, package: package, only: options.rule
            ) { StandardStreams.error($0 + "\n") }
        } catch {
            throw CLIError.badInput(error.description)
        }
        if let junit = options.junit {
            do {
                let parent = URL(fileURLWithPath: junit).deletingLastPathComponent()
                try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
                try DiffReport.junit(diff).xml.write(toFile: junit, atomically: true, encoding: .utf8)
            } catch {
                throw CLIError.badInput(
                    "--junit \(junit): cannot write the report (\(error.localizedDescription))")
            }
        }
        try CommandReport.finish(
            text: DiffReport.text(diff), name: "conformance-diff", markdown: DiffReport.markdown(diff),
            html: DiffReport.html(diff), json: DiffReport.json(diff), out: options.out,
            failure: diff.failed
                ? "the app's code and the workbench's disagree, or a rule could not be extracted; see above"
                : nil)
    }

    /// The workbench checkout this tool was built in: the nearest folder above its executable
    /// that holds `Conformance/Harness`.
    static func workbenchCheckout() throws(ConformanceError) -> URL {
        var folder = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
            .resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            var isDirectory: ObjCBool = false
            let harness = folder.appendingPathComponent("Conformance/Harness").path
            if FileManager.default.fileExists(atPath: harness, isDirectory: &isDirectory),
                isDirectory.boolValue
            {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        throw ConformanceError(
            "cannot find the workbench checkout (Conformance/Harness) above this tool; run it from its checkout"
        )
    }
}
