import ArgumentParser
import CommandLineShell
import Foundation
import TrackerCore
import WorkbenchFoundation

/// `workbench downsample`: runs one downsampler on a series and prints the kept indices.
struct DownsampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "downsample",
        abstract: "Downsample a series and print the indices kept.",
        discussion: """
            Input, from --input or standard input, is any series the workbench writes or CoinGecko \
            exports, told apart by its content: a JSON object {"x": [epoch ms, ...], "y": [value, \
            ...]} (generate --format json; x must be integers in non-decreasing order and may be \
            left out, then x is the index); CSV with the header timestamp_ms,price (generate's \
            default); a run's series.json, one series picked with --series KEY; or CoinGecko's \
            "Export CSV" (snapped_at,price,market_cap,total_volume: the prices). Output is \
            {"indices": [...]}: indices into the input.

            lttb, minmax, m4 and minmaxlttb match tsdownsample 0.1.5.1 index for index; stride is \
            the tracker app's own (every count/n-out-th point, which can exceed n-out and drop the \
            newest point). n-out rules: stride >= 1, lttb and minmaxlttb >= 3, minmax even, m4 a \
            multiple of 4. When n-out >= the number of points every index is returned.

            Example:
              echo '{"x":[0,1,2,3,4,5],"y":[1,5,2,8,3,4]}' | \\
                  workbench downsample --algorithm lttb --n-out 4
              workbench generate --model gbm --seed 1 --steps 1000 | \\
                  workbench downsample --algorithm m4 --n-out 100
              workbench downsample --input out/quickstart/series.json \\
                  --series requests_per_60s --algorithm lttb --n-out 50
            """
    )

    @Option(
        help: "The algorithm: \(DownsamplingAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")).",
        transform: DownsamplingAlgorithm.parse
    )
    var algorithm: DownsamplingAlgorithm

    @Option(
        name: .customLong("n-out"), parsing: .unconditional,
        help: "The number of points to keep (the chart's cap).",
        transform: NumberOptions.whole(in: 0...Int.max))
    var nOut: Int

    @Option(help: "The input file (JSON, CSV or a run's series.json); standard input when absent or '-'.")
    var input: String?

    @Option(help: "The series to take from a run's series.json, by its key (requests_per_60s, ...).")
    var series: String?

    @Option(help: "Output format: json ({\"indices\": [...]}) or lines (one index per line).")
    var format: IndexFormat = .json

    func run() throws {
        let (data, source) = try InputFiles.read(input)
        let series = try SeriesInput.decode(data, source: source, line: self.series)
        let indices: [Int]
        do {
            indices = try algorithm.indices(x: series.x, y: series.y, nOut: nOut)
        } catch {
            throw CLIError.badInput("\(source): \(error)")
        }
        StandardStreams.output(format.render(indices))
    }
}

/// How `downsample` prints indices.
enum IndexFormat: String, ExpressibleByArgument, CaseIterable {
    case json
    case lines

    /// The rendered output, newline-terminated.
    func render(_ indices: [Int]) -> String {
        switch self {
        case .json:
            JSONValue.object([.init("indices", .array(indices.map { .integer(Int64($0)) }))]).document(
                .compact)
        case .lines: indices.map { "\($0)\n" }.joined()
        }
    }
}

extension DownsamplingAlgorithm {
    /// Parses an `--algorithm` value, listing the choices when it is unknown.
    static func parse(_ text: String) throws -> DownsamplingAlgorithm {
        guard let algorithm = DownsamplingAlgorithm(rawValue: text.lowercased()) else {
            let choices = allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("unknown algorithm '\(text)'; choose one of \(choices)")
        }
        return algorithm
    }
}
