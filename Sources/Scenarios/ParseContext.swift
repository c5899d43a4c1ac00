import Datasets
import Foundation
import PriceModels
import TrackerCore
import WorkbenchFoundation
import Yams

/// The sections of a scenario, each read and validated.
struct ParseContext {
    let files: SourceFiles
    /// The scenario file given.
    var file: String { files.main }
    let projectRoot: URL
    let start: Int64
    /// Where problems go, so that reading goes on past one (``ProblemSink``).
    let sink: ProblemSink
    /// The run's length, once known: times (`at`) must fall inside it.
    var duration: Int64 = .max
    /// The market's coins, once known: every coin a section names must be one of them.
    var coinIds: [String]?

    /// The time `at` gives, checked to fall within the run.
    func time(_ reader: NodeReader) throws(ScenarioError) -> Int64 {
        let offset = try reader.duration(allowZero: true)
        guard offset <= duration else {
            throw reader.error(
                "'\(try reader.string())' is after the end of the run (duration \(TimeFormatting.duration(duration)))"
            )
        }
        return start + offset
    }

    /// A coin id, checked to be one of the market's coins.
    func marketCoin(_ reader: NodeReader) throws(ScenarioError) -> String {
        let id = try reader.string()
        if let coinIds, !coinIds.contains(id) {
            throw reader.error(
                "'\(id)' is not a coin of the market; coins: \(coinIds.joined(separator: ", "))")
        }
        return id
    }

    /// A dataset path: relative to the project folder (``ProjectFolder``), inside it, and existing.
    func datasetPath(_ reader: NodeReader?, default fallback: String) throws(ScenarioError) -> String {
        let path = try reader?.string() ?? fallback
        // Errors point at the key when the file gives one, else at the market section.
        let place = reader ?? NodeReader(node: Node(path, .plain), files: files, path: "market")
        let resolved = projectRoot.appendingPathComponent(path).standardizedFileURL.path
        let base = "the project folder '\(PathNames.shown(projectRoot))'"
        guard !path.hasPrefix("/") else {
            throw place.error(
                "'\(path)' is absolute; give a path relative to \(base) (the nearest folder at or above the "
                    + "scenario that holds a datasets/ folder), such as datasets/coingecko")
        }
        guard PathNames.isInside(path, root: projectRoot) else {
            throw place.error(
                "'\(path)' is outside \(base) (after resolving '..' and symbolic links); keep data inside it, "
                    + "such as datasets/coingecko")
        }
        guard FileManager.default.fileExists(atPath: resolved) else {
            throw place.error("no such file or directory '\(path)' in \(base)")
        }
        return path
    }
}
