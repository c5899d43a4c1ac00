import Datasets
import Foundation
import Scenarios
import TrackerCore
import WorkbenchFoundation

/// The inputs `scripts/fuzz.sh` fuzzes with libFuzzer, and `FuzzCorpusTests` replays: each
/// function takes arbitrary bytes and must return (an error is fine) without trapping, hanging
/// or touching memory it should not.
public enum FuzzTargets {
    /// The targets by name.
    public static let all: [String: @Sendable ([UInt8]) -> Void] = [
        "json": json, "csv": csv, "scenario": scenario, "downsample": downsample,
    ]

    /// The JSON cursor through every CoinGecko decoder, the syntax check and the error-body
    /// recogniser.
    public static func json(_ bytes: [UInt8]) {
        _ = try? JSONSyntax.validate(bytes, source: "fuzz")
        _ = try? MarketChartDecoder.decode(bytes)
        _ = try? OHLCDecoder.decode(bytes)
        _ = try? XYSeriesDecoder.decode(bytes, source: "fuzz")
        _ = try? CoinDetail.decode(bytes)
        _ = try? CoinListEntry.decodeList(bytes, source: "fuzz")
        _ = try? CoinMarket.decodeList(bytes)
        _ = try? SearchResults.decode(bytes)
        _ = try? SimplePrices.decode(bytes)
        _ = CoinGeckoErrorBody.recognise(bytes)
        _ = TextEncoding.problem(in: bytes)
    }

    /// The CoinGecko CSV export decoder.
    public static func csv(_ bytes: [UInt8]) {
        _ = try? CoinGeckoCSVDecoder.decode(String(decoding: bytes, as: UTF8.self), source: "fuzz.csv")
    }

    /// The scenario parser. Lines after a line `---set---` are `--set` overrides.
    public static func scenario(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let parts = text.components(separatedBy: "\n---set---\n")
        let overrides = parts.count > 1 ? parts[1].split(separator: "\n").map(String.init) : []
        _ = try? ScenarioParser.parse(
            parts[0], file: "fuzz.yaml", projectRoot: projectRoot, overrides: overrides)
    }

    /// The downsampler's input reader, then every algorithm on what it accepts, with a budget
    /// taken from the first byte.
    public static func downsample(_ bytes: [UInt8]) {
        guard let budget = bytes.first else { return }
        guard let series = try? XYSeriesDecoder.decode(bytes.dropFirst(), source: "fuzz") else { return }
        for algorithm in DownsamplingAlgorithm.allCases {
            guard let indices = try? algorithm.indices(x: series.x, y: series.y, nOut: Int(budget)) else {
                continue
            }
            precondition(
                indices.allSatisfy { series.y.indices.contains($0) }, "\(algorithm) index out of range")
        }
    }

    /// Dataset paths in fuzzed scenarios resolve against the working directory (the repository
    /// when run by the script or the tests).
    private static let projectRoot = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
}
