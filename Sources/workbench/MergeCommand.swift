import ArgumentParser
import CommandLineShell
import Foundation
import Sweeps

/// `workbench merge`: the folders of a sweep's shards into the folder one machine would have
/// written, byte for byte.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the folders of a sweep's shards (sweep --shard K/N) into one sweep folder.",
        discussion: """
            Checks that the shards share one plan (scenario, grid, seeds, version) and hold every \
            cell exactly once; a missing or duplicated cell is an error naming it. Then writes the \
            same result files, sweep.sqlite, summary.json and summary.md as a one-machine sweep.

            Example:
              workbench sweep scenarios/quickstart.yaml --seeds 1..40 --shard 1/2 \\
                  --out out/s1
              workbench sweep scenarios/quickstart.yaml --seeds 1..40 --shard 2/2 \\
                  --out out/s2
              workbench merge out/s1 out/s2 --out out/merged
            """
    )

    @Argument(help: "The shards' folders.")
    var shards: [String]

    @Option(help: "The merged folder (new or empty; a sweep folder of another plan needs --force).")
    var out: String

    @Flag(help: "Clear a sweep folder of another plan at --out instead of refusing.")
    var force = false

    func run() throws {
        guard !out.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw CLIError.badInput("--out: the directory is empty; give a path such as out/merged")
        }
        let (plan, summary) = try SweepCommand.refusingBadInput { () throws(SweepError) in
            let (plan, folder) = try SweepMerge.merge(shards, into: out, force: force)
            let summary = try SweepSummary(plan: plan, store: folder.store)
            try summary.write(to: out)
            return (plan, summary)
        }
        print("merged \(shards.count) shard(s): \(plan.cellCount) cells; summary in \(out)")
        try SweepCommand.report(summary)
    }
}
