import ArgumentParser
import CommandLineShell
import Datasets
import Foundation

/// `workbench datasets`: the recorded CoinGecko responses.
struct DatasetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "datasets",
        abstract: "List, verify and inspect the recorded CoinGecko datasets.",
        subcommands: [ListDatasets.self, InspectDatasets.self]
    )

    /// The default dataset directory, relative to the working directory.
    static let defaultDirectory = "datasets/coingecko"
}

/// `workbench datasets list`: the index, with every file checked against its SHA-256.
struct ListDatasets: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List a dataset directory's recordings and verify each against index.json.",
        discussion: """
            Every file is checked byte for byte (size and SHA-256) against index.json; recordings \
            are read-only. Exits 2 when a file is missing or altered, or the index is malformed.

            Example:
              workbench datasets list
              workbench datasets list --directory datasets/coingecko
            """
    )

    @Option(help: "The dataset directory (holding index.json).")
    var directory: String = DatasetsCommand.defaultDirectory

    func run() throws {
        let folder = try InputFiles.givenDirectory(
            directory, option: "--directory", example: DatasetsCommand.defaultDirectory)
        let index: DatasetIndex
        do {
            index = try DatasetIndex.load(from: URL(fileURLWithPath: folder))
        } catch {
            throw CLIError.badInput(error)
        }
        let results = DatasetVerifier.verify(index)
        var table = [["file", "endpoint", "status", "bytes", "check"]]
        for result in results {
            let entry = result.entry
            table.append([
                entry.file, entry.endpoint?.template ?? "-", entry.status.map(String.init) ?? "-",
                String(entry.bytes), result.status.summary(expectedBytes: entry.bytes),
            ])
        }
        print(TextTable.render(table))
        let unlisted = DatasetVerifier.unlistedFiles(in: index)
        let failed = results.filter { $0.status != .ok }
        print("\n\(results.count) files, \(results.count - failed.count) verified, \(failed.count) failed")
        if !unlisted.isEmpty { print("not in index.json: \(unlisted.joined(separator: ", "))") }
        if !failed.isEmpty {
            let names = failed.map(\.entry.file).joined(separator: ", ")
            throw CLIError.badInput(
                "\(directory): \(failed.count) recording(s) do not match index.json: \(names)")
        }
    }
}

/// `workbench datasets inspect`: endpoint, points, span, granularity and quirks per file.
struct InspectDatasets: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract:
            "Inspect recorded files: endpoint, coin and currency, points, time span, granularity, quirks.",
        discussion: """
            FILE may be a recording or a dataset directory (every file its index.json lists). A \
            file's index.json entry, when its directory has one, tells the request; otherwise the \
            content does. Chart files go through the app's own decoders: a malformed file is \
            reported with its line, column and JSON path, the other files are still inspected, and \
            the command exits 2.

            Examples:
              workbench datasets inspect datasets/coingecko
              workbench datasets inspect \\
                  datasets/coingecko/ohlc_bitcoin_usd_days7_20210515T1534Z.json \\
                  --format json
            """
    )

    @Argument(help: "Recorded files or dataset directories.")
    var files: [String] = [DatasetsCommand.defaultDirectory]

    @Option(help: "Output format: text or json.")
    var format: ReportFormat = .text

    @Option(help: "Also write the report to this file.")
    var out: String?

    func run() throws {
        var inspections: [DatasetInspection] = []
        var failures: [String] = []
        for target in try expandedTargets() {
            do {
                var inspection = try DatasetInspector.inspect(target.url, entry: target.entry)
                // Named as the user named it (a file given, or a directory given and the entry).
                inspection.file = target.shown
                inspections.append(inspection)
            } catch {
                failures.append(error.description)
            }
        }
        let report = format == .json ? InspectionReport.json(inspections) : InspectionReport.text(inspections)
        print(report, terminator: "")
        if let out { try InputFiles.write(report, to: out) }
        for failure in failures { ErrorOutput.report("\(failure)") }
        if !failures.isEmpty {
            throw CLIError.badInput(
                "\(failures.count) of \(inspections.count + failures.count) files could not be inspected")
        }
    }

    /// Files to inspect, directories expanded through their index, each with its index entry.
    private func expandedTargets() throws(CLIError) -> [(url: URL, shown: String, entry: DatasetEntry?)] {
        var targets: [(url: URL, shown: String, entry: DatasetEntry?)] = []
        for path in files {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .badInput("\(path): no such file or directory")
            }
            let url = URL(fileURLWithPath: path)
            if isDirectory.boolValue {
                let index: DatasetIndex
                do {
                    index = try DatasetIndex.load(from: url)
                } catch {
                    throw .badInput(error)
                }
                let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
                targets += index.entries.map {
                    (url.appendingPathComponent($0.file), "\(folder)/\($0.file)", $0)
                }
            } else {
                let entry = (try? DatasetIndex.load(from: url.deletingLastPathComponent()))?.entry(
                    for: url.lastPathComponent)
                targets.append((url, path, entry))
            }
        }
        return targets
    }
}

/// Text or JSON output.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text
    case json
}
