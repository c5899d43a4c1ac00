import ArgumentParser
import Foundation
import Persistence

/// `workbench compare`: metric deltas between two runs.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Show metric deltas between two runs.",
        discussion: """
            A run is a result.json file, a directory holding one, or a run id from the history \
            database (`workbench history`). Metrics that differ are listed by the size of the \
            relative change; --all lists every metric.

            Examples:
              workbench compare out/bitpal-as-built out/spec-baseline
              workbench compare 3 7
            """
    )

    @Argument(help: "The first run.")
    var first: String

    @Argument(help: "The second run.")
    var second: String

    @Flag(help: "List unchanged metrics too.")
    var all = false

    @Option(help: "The history database, for run ids.")
    var history: String = "out/history.sqlite"

    func run() throws {
        let (a, b) = (try metrics(of: first), try metrics(of: second))
        var rows: [(String, Double?, Double?, Double)] = []
        for name in Set(a.keys).union(b.keys) {
            let (left, right) = (a[name], b[name])
            guard all || left != right else { continue }
            let change: Double =
                if let left, let right {
                    left == 0 ? (right == 0 ? 0 : .infinity) : abs(right - left) / abs(left)
                } else { .infinity }
            rows.append((name, left, right, change))
        }
        rows.sort { ($0.3, $0.0) > ($1.3, $1.0) || ($0.3 == $1.3 && $0.0 < $1.0) }
        var table = [["metric", first, second, "delta", "change"]]
        for (name, left, right, _) in rows {
            let delta = left.flatMap { left in right.map { $0 - left } }
            let percent = left.flatMap { left in
                right.map { left == 0 ? "" : String(format: "%+.1f%%", ($0 - left) / abs(left) * 100) }
            }
            table.append([
                name, left.map(ResultFormatting.short) ?? "-", right.map(ResultFormatting.short) ?? "-",
                delta.map { ($0 > 0 ? "+" : "") + ResultFormatting.short($0) } ?? "", percent ?? "",
            ])
        }
        print(rows.isEmpty ? "no metric differs" : TextTable.render(table))
    }

    private func metrics(of run: String) throws(CLIError) -> [String: Double] {
        if let id = Int64(run) {
            do {
                return try RunHistoryStore(database: try WorkbenchDatabase.open(.runHistory, at: history))
                    .run(id: id).metrics
            } catch {
                throw .badInput(error)
            }
        }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: run, isDirectory: &isDirectory)
        let path = exists && isDirectory.boolValue ? "\(run)/result.json" : run
        let (data, source) = try InputFiles.read(path)
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let metrics = object["metrics"] as? [String: Any]
        else {
            throw .badInput("\(source): not a workbench result.json (no \"metrics\" object)")
        }
        var values: [String: Double] = [:]
        for (name, value) in metrics {
            guard let number = value as? NSNumber else {
                throw .badInput("\(source): metrics.\(name) is not a number")
            }
            values[name] = number.doubleValue
        }
        return values
    }
}
