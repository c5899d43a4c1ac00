import ArgumentParser
import CommandLineShell
import Fleets
import Foundation
import Reports
import Runs
import Scenarios
import Sweeps

/// `workbench fleet`: a population of the app's users on one scenario (docs/fleet.md); `fleet
/// FILE` runs it (or a shard of it), `fleet merge` merges shards.
struct FleetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fleet",
        abstract: "Run a fleet of users drawn from seeded habits on one scenario, and total what they cost.",
        subcommands: [FleetRunCommand.self, FleetMergeCommand.self], defaultSubcommand: FleetRunCommand.self)
}

/// `workbench fleet [run] FILE`.
struct FleetRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a fleet (or one shard of it) and write fleet.json, fleet.md and fleet.html.",
        discussion: """
            A fleet file names a scenario (its market, plan and policies), the number of users and \
            days, a seed, the users' habits as seeded distributions (sessions a day, session \
            length, watchlist size, Portfolio-tab visits and searches a session, the widget's \
            share, the app builds, time zones and waking hours), and the arms to compare: \
            keyless (each device its own address, or devices_per_address behind a NAT), \
            shared-key (one window and one month of credits for every device) and proxy (the \
            team's cache in front of one paid key), each on its plans. Each user is drawn from \
            the seed and their index alone and runs the scenario for the fleet's days in every \
            arm. fleet.json, fleet.md and fleet.html (with plots) go to --out, arm by arm: \
            requests, 429s and stale prices by user and by session, the busiest minute at \
            CoinGecko, credits by day and the month's cost, each user's requests an hour \
            against the team's target of fewer than 50, and each topology's cheapest plan that \
            is enough. An arm whose users share nothing runs them --jobs at once; a coupled arm \
            runs every device on one clock, exactly, in one thread. Either way the result is the \
            same for any --jobs. docs/fleet.md has the file format and the method.

            With --shard K/N only users i with i % N == K - 1 of each independent arm run (shard \
            1 also runs the coupled arms whole), and fleet-shard.json goes to --out; `workbench \
            fleet merge` merges the N shards into the fleet.json one run writes, byte for byte.

            Examples:
              workbench fleet fleets/plan-choice.yaml --users 1000
              workbench fleet fleets/keyless-day.yaml --users 10000 --jobs 2 --out out/fleet-10k
              workbench fleet fleets/keyless-day.yaml --shard 1/2 --out out/f1   # here
              workbench fleet fleets/keyless-day.yaml --shard 2/2 --out out/f2   # anywhere
              workbench fleet merge out/f1 out/f2 --out out/fleet
            """)

    @Argument(help: "The fleet file (YAML).")
    var file: String

    @Option(
        help: "Users (1 to 1,000,000; the file's by default).",
        transform: NumberOptions.whole(in: 1...FleetDefinition.maximumUsers))
    var users: Int?

    @Option(
        help: "Days simulated (1 to 31; the file's by default).",
        transform: NumberOptions.whole(in: 1...FleetDefinition.maximumDays))
    var days: Int?

    @Option(
        parsing: .unconditional, help: "Users run in parallel, 1 to 256 (the number of cores by default).",
        transform: NumberOptions.whole(in: 1...256))
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(help: "The output directory (out/fleet/<fleet name> by default).")
    var out: String?

    @Flag(help: "No progress output.")
    var quiet = false

    @Option(help: "Run only shard K of N (K/N) and write fleet-shard.json, for `workbench fleet merge`.")
    var shard: String?

    @Flag(help: "Continue a killed run in the same --out: the arms it finished are not run again.")
    var resume = false

    @Flag(
        help:
            "Check every user's invariants after every event, the shared key's and the proxy's included (slower; CI does)."
    )
    var checkInvariants = false

    func run() throws {
        var fleet: FleetDefinition
        do {
            fleet = try FleetParser.load(path: file)
        } catch {
            throw CLIError.badInput(error.report)
        }
        if let users { fleet.users = users }
        if let days { fleet.days = days }
        fleet.checksInvariants = checkInvariants
        let base = try ScenarioRunner.load(fleet.scenarioPath, overrides: [])
        let directory = try InputFiles.outputDirectory(
            out, option: "--out", defaultParent: "out/fleet", name: fleet.name)
        let part: FleetShard.Part
        do throws(SweepError) {
            part =
                try shard.map { text throws(SweepError) in
                    let parsed = try SweepShard(parsing: text)
                    return FleetShard.Part(index: parsed.index, count: parsed.count)
                } ?? .whole
        } catch {
            throw CLIError.badInput("--shard: \(error)")
        }
        let progress = ProgressReporter(label: "fleet", quiet: quiet)
        let shardUsers = (fleet.users - part.index + part.count) / part.count
        let total = fleet.arms.map { $0.isIndependent ? shardUsers : part.index == 1 ? fleet.users : 0 }
            .reduce(0, +)
        let folderLock = try OutputFolder.lock(directory, option: "--out")
        defer { folderLock.release() }
        let kept = FleetProgress(directory: directory, fleet: fleet.header, part: part)
        if !resume { kept.clear() }
        // Finished arms are kept as they end (an arm under way is run again on --resume), so a
        // signal stops at once, saying what is kept and how to continue.
        let armCount = fleet.arms.count
        _ = CommandStop { signal in
            let done = (0..<armCount).filter { kept.kept($0) != nil }.count
            StandardStreams.error(
                "fleet: stopped by \(StopSignals.name(signal)): \(done) of \(armCount) arms are kept in \(directory), "
                    + "with no fleet.json yet; continue with `\(CommandStop.resumeCommand())`\n")
            _exit(128 + signal)
        }
        let resumed = (0..<fleet.arms.count).filter { kept.kept($0) != nil }
        if !resumed.isEmpty && !quiet {
            StandardStreams.error(
                "fleet: \(resumed.count) of \(fleet.arms.count) arms already done in \(directory)\n")
        }
        let ran: FleetShard
        do {
            ran = try FleetRun.run(
                fleet, base: base, shard: part, jobs: jobs,
                progress: { done in progress.update(done: done, total: total, unit: "user runs") },
                kept: kept.kept,
                finished: { index, arm in
                    do {
                        try kept.keep(arm, index: index)
                    } catch {
                        StandardStreams.error(
                            "fleet: could not keep arm \(index + 1) in \(directory): \(error.localizedDescription)\n"
                        )
                    }
                })
        } catch {
            throw CLIError.badInput(error.description)
        }
        if shard != nil {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try ran.json().write(
                    to: URL(fileURLWithPath: "\(directory)/fleet-shard.json"), options: .atomic)
            } catch {
                throw CLIError.badInput("--out \(directory): \(error.localizedDescription)")
            }
            kept.clear()
            StandardStreams.output(
                "shard \(part.index)/\(part.count): \(ran.indices.count) users; wrote \(directory)/fleet-shard.json\n"
            )
            return
        }
        let result: FleetResult
        do throws(FleetMergeError) {
            result = try FleetResult(merging: [(ran, directory)])
        } catch {
            throw CLIError.badInput(error.description)
        }
        try FleetOutput.write(result, to: directory)
        kept.clear()
    }
}

/// `workbench fleet merge DIR... --out DIR`.
struct FleetMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract:
            "Merge the shards of a fleet (their fleet-shard.json) into fleet.json, fleet.md and fleet.html.",
        discussion: """
            Every shard 1..N of one fleet (the same file, users, days and seed) must be given once; \
            the result is the fleet.json one run of the whole fleet writes, byte for byte.

            Example:
              workbench fleet merge out/f1 out/f2 --out out/fleet
            """)

    @Argument(help: "The shards' folders.")
    var folders: [String]

    @Option(help: "The output directory.")
    var out: String

    func run() throws {
        var shards: [(shard: FleetShard, from: String)] = []
        for folder in folders {
            let path = "\(folder)/fleet-shard.json"
            guard let data = FileManager.default.contents(atPath: path) else {
                throw CLIError.badInput(
                    "\(path): no such file (run `workbench fleet FILE --shard K/N --out \(folder)`)")
            }
            do {
                shards.append((try JSONDecoder().decode(FleetShard.self, from: data), folder))
            } catch {
                throw CLIError.badInput("\(path): not a fleet shard (\(error.localizedDescription))")
            }
        }
        let result: FleetResult
        do throws(FleetMergeError) {
            result = try FleetResult(merging: shards)
        } catch {
            throw CLIError.badInput(error.description)
        }
        try FleetOutput.write(
            result,
            to: try InputFiles.outputDirectory(out, option: "--out", defaultParent: "out", name: "fleet"))
    }
}

/// Writes a fleet's files and prints its table.
enum FleetOutput {
    static func write(_ result: FleetResult, to directory: String) throws(CLIError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            // Each file appears whole or not at all: a killed fleet leaves no half-written file.
            try result.json().write(toFile: "\(directory)/fleet.json", atomically: true, encoding: .utf8)
            try result.markdown().write(toFile: "\(directory)/fleet.md", atomically: true, encoding: .utf8)
            let page = FleetPage.render(
                name: result.fleet.name, summary: result.summary + " " + result.recommendation,
                header: ["figure"] + result.fleet.arms.map(\.label), rows: result.table,
                arms: result.pageArms,
                target: result.fleet.requestsPerHourTarget)
            try page.write(toFile: "\(directory)/fleet.html", atomically: true, encoding: .utf8)
        } catch {
            throw CLIError.badInput("--out \(directory): \(error.localizedDescription)")
        }
        StandardStreams.output(
            result.markdown() + "\nwrote fleet.json, fleet.md and fleet.html in \(directory)\n")
    }
}
