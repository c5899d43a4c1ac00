import ArgumentParser
import CommandLineShell
import Foundation
import PriceModels
import TrackerCore
import WorkbenchFoundation

/// `workbench generate`: one seeded price path from a GSL price model, as CSV or JSON.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate a seeded price path from a price model.",
        discussion: """
            Models and their parameters (defaults in brackets; rates per year, GARCH per step):
            \(GenerateCommand.modelHelp)

            The path is the one the coin named by --coin gets in a synthetic market with the same \
            seed (its stream is coin/<id> under the seed), so it can be reproduced in a scenario. \
            The same arguments always print the same bytes.

            csv prints `timestamp_ms,price` rows; json prints {"x": [epoch ms...], "y": [prices...]}, \
            which `workbench downsample` reads.

            Examples:
              workbench generate --model gbm --seed 42 --steps 288 --dt 5m
              workbench generate --model merton --seed 7 --steps 8760 --dt 1h --param \\
                  jump_intensity=12 --format json --out crash.json
              workbench generate --model garch --seed 1 --steps 100000 --format json | \\
                  workbench downsample --algorithm m4 --n-out 400
            """
    )

    @Option(help: "The model: \(PriceModel.catalog.map(\.name).joined(separator: ", ")).")
    var model: String

    @Option(
        parsing: .unconditional, help: "The root seed (any unsigned 64-bit number).",
        transform: NumberOptions.seed)
    var seed: UInt64

    @Option(
        parsing: .unconditional, help: "Steps after the first price (at most 100000000).",
        transform: NumberOptions.whole(in: 0...100_000_000))
    var steps: Int

    @Option(help: "The step: a number with ms, s, m, h or d (5m, 1h, 1d).")
    var dt: String = "5m"

    @Option(help: "The first timestamp, ISO 8601 in UTC.")
    var start: String = "2024-01-01T00:00:00Z"

    @Option(
        name: .customLong("start-price"), parsing: .unconditional, help: "The first price (positive).",
        transform: NumberOptions.positive)
    var startPrice: Double = 100

    @Option(help: "The coin id whose stream is used.")
    var coin: String = "generated"

    @Option(name: .customLong("param"), help: "A parameter override, name=value (repeatable).")
    var parameters: [String] = []

    @Option(help: "The GSL generator: taus2 or mt19937.")
    var generator: GeneratorKind = .taus2

    @Option(help: "Output format: csv or json.")
    var format: PathFormat = .csv

    @Option(help: "Write to this file instead of standard output.")
    var out: String?

    static var modelHelp: String {
        PriceModel.catalog.map { entry in
            "  \(entry.name): " + entry.parameters.map { "\($0.key) [\($0.value)]" }.joined(separator: ", ")
        }.joined(separator: "\n")
    }

    func run() throws {
        guard let startTime = CivilDate.parseISO8601(start) else {
            throw CLIError.badInput(
                "--start: expected an ISO 8601 time such as 2024-01-01T00:00:00Z, found '\(start)'")
        }
        guard startTime >= TimeLimits.earliest else {
            throw CLIError.badInput(
                "--start \(start): before 1970-01-01T00:00:00Z; the workbench's times run from 1970 to 9999")
        }
        let stepMilliseconds = try DurationText.milliseconds(dt, option: "--dt")
        guard TimeLimits.time(after: startTime, steps: steps, of: stepMilliseconds) != nil else {
            throw CLIError.badInput(
                "--steps \(steps) of --dt \(dt) from --start \(start): the last step falls after "
                    + "9999-12-31T23:59:59.999Z; take fewer steps or a shorter --dt")
        }
        let series: TimeSeries
        do {
            let model = try PriceModel.named(model, parameters: try Self.parse(parameters))
            let coin = SyntheticCoin(
                id: coin, symbol: coin, name: coin, circulatingSupply: 1, startPrice: startPrice, model: model
            )
            series = try MarketPaths.generate(
                coins: [coin], rootSeed: seed, start: startTime, stepMilliseconds: stepMilliseconds,
                steps: steps,
                generator: generator)[coin.id]!
        } catch PriceModelError.invalidPath(_, let detail) {
            // The path overflowed: name the options that made it.
            let options =
                (["--model \(model)", "--start-price \(startPrice)"] + parameters.map { "--param \($0)" })
                .joined(separator: " ")
            throw CLIError.badInput("\(options): \(detail)")
        } catch let error as PriceModelError {
            throw CLIError.badInput(error)
        }
        let text = format.render(series)
        if let out {
            try InputFiles.write(text, to: out)
        } else {
            StandardStreams.output(text)
        }
    }

    static func parse(_ assignments: [String]) throws(CLIError) -> [String: Double] {
        var values: [String: Double] = [:]
        for assignment in assignments {
            let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = Double(parts[1]), value.isFinite else {
                throw .badInput("--param: expected name=number (finite), found '\(assignment)'")
            }
            values[parts[0]] = value
        }
        return values
    }
}

/// How `generate` prints a path.
enum PathFormat: String, ExpressibleByArgument, CaseIterable {
    case csv
    case json

    /// The rendered path, newline-terminated; numbers in their shortest round-tripping form.
    func render(_ series: TimeSeries) -> String {
        switch self {
        case .csv:
            var text = "timestamp_ms,price\n"
            for (time, price) in zip(series.timestamps, series.values) { text += "\(time),\(price)\n" }
            return text
        case .json:
            return JSONValue.object([
                .init("x", .array(series.timestamps.map { .integer($0) })),
                .init("y", .array(series.values.map { .number($0) })),
            ]).document(.compact)
        }
    }
}

extension GeneratorKind: ExpressibleByArgument {}
