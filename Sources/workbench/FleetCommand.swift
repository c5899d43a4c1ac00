import ArgumentParser
import CommandLineShell
import Fleets
import Foundation
import Reports
import Runs
import Scenarios

/// `workbench fleet FILE`: a population of the app's users on one scenario (docs/fleet.md).
struct FleetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fleet",
        abstract: "Run a fleet of users drawn from seeded habits on one scenario, and total what they cost.",
        discussion: """
            A fleet file names a scenario (its market, plan and policies), the number of users and \
            days, a seed, a topology and the users' habits as seeded distributions (sessions a day, \
            session length, watchlist size, Portfolio-tab visits and searches a session, the \
            widget's share, the app builds). Each user is drawn from the seed and their index \
            alone and runs the scenario for the fleet's days with their habits. fleet.json, \
            fleet.md and fleet.html (with plots) go to --out: requests, 429s, the busiest minute, each user's requests an hour \
            against the team's target of fewer than 50, and a 30-day month at the simulated days' \
            pace. Only the keyless topology with one device per address is built: its users share \
            nothing, so every figure is an exact sum, the same for any --jobs. docs/fleet.md has \
            the file format and what is not built yet (shared keys, proxies, shards, Ray).

            Examples:
              workbench fleet scenarios/fleet-keyless.yaml
              workbench fleet scenarios/fleet-keyless.yaml --users 10000 --jobs 2 --out out/fleet-10k
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

    func run() throws {
        var fleet: FleetDefinition
        do {
            fleet = try FleetParser.load(path: file)
        } catch {
            throw CLIError.badInput(error.report)
        }
        if let users { fleet.users = users }
        if let days { fleet.days = days }
        let scenarioPath = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent(
            fleet.scenario
        ).path
        let base = try ScenarioRunner.load(scenarioPath, overrides: [])
        let directory = try InputFiles.outputDirectory(
            out, option: "--out", defaultParent: "out/fleet", name: fleet.name)
        let progress = ProgressReporter(label: "fleet", quiet: quiet)
        let total = fleet.users
        let result: FleetResult
        do {
            result = try FleetRun.run(fleet, base: base, jobs: jobs) { done in
                progress.update(done: done, total: total, unit: "users")
            }
        } catch {
            throw CLIError.badInput(error.description)
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            // Each file appears whole or not at all: a killed fleet leaves no half-written file.
            try result.json().write(toFile: "\(directory)/fleet.json", atomically: true, encoding: .utf8)
            try result.markdown().write(toFile: "\(directory)/fleet.md", atomically: true, encoding: .utf8)
            let page = FleetPage.render(
                name: result.fleet.name, summary: result.summary, figures: result.figures,
                perMinuteOfDay: result.perMinuteOfDay, requestsPerHour: result.requestsPerHour,
                target: result.fleet.requestsPerHourTarget)
            try page.write(toFile: "\(directory)/fleet.html", atomically: true, encoding: .utf8)
        } catch {
            throw CLIError.badInput("--out \(directory): \(error.localizedDescription)")
        }
        StandardStreams.output(
            result.markdown() + "\nwrote fleet.json, fleet.md and fleet.html in \(directory)\n")
    }
}
