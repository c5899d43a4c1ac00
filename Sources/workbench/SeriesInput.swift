import CommandLineShell
import Datasets
import Foundation
import TrackerCore
import WorkbenchFoundation

/// A series given to `downsample`, in any shape the workbench writes or CoinGecko exports, told
/// apart by its content:
/// - JSON `{"x": [...], "y": [...]}` (`generate --format json`);
/// - a run's `series.json` (`{"lines": [...]}`), one line picked with `--series KEY`;
/// - CSV `timestamp_ms,price` (`generate`'s default);
/// - CoinGecko's "Export CSV" (`snapped_at,price,market_cap,total_volume`): the prices.
enum SeriesInput {
    /// What a refusal lists.
    static let shapes = """
        accepted shapes: JSON {"x": [epoch ms...], "y": [values...]} (generate --format json); a run's \
        series.json with --series KEY; CSV with the header timestamp_ms,price (generate's default); \
        CoinGecko's CSV export (snapped_at,price,market_cap,total_volume)
        """

    /// Reads a series.
    ///
    /// - Parameters:
    ///   - data: The input's bytes.
    ///   - source: The input's name, for errors.
    ///   - line: The `series.json` line to take (its `key`).
    /// - Returns: Times (or indices) and values.
    static func decode(_ data: Data, source: String, line: String?) throws(CLIError) -> (
        x: [Int64], y: [Double]
    ) {
        if let problem = TextEncoding.problem(in: data, allowingUTF8Mark: true) {
            throw .badInput("\(source):1:1: \(problem); a series is UTF-8 text; \(shapes)")
        }
        // `--series` names a run's series.json; the other shapes are told apart by content.
        if let line { return try seriesLine(data, source: source, key: line) }
        let text = String(decoding: data, as: UTF8.self)
        let start = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if start.first == "{" {
            do {
                return try XYSeriesDecoder.decode(data, source: source)
            } catch {
                // A run's series.json without --series: say which keys it has.
                if let keys = try? seriesKeys(data) {
                    throw .badInput(
                        "\(source): a series.json holds several series; pick one with --series KEY (\(keys))")
                }
                throw .badInput("\(error); \(shapes)")
            }
        }
        let header = start.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" }
        switch header {
        case "timestamp_ms,price": return try priceCSV(String(start), source: source)
        case Substring(CoinGeckoCSVDecoder.header):
            do {
                let chart = try CoinGeckoCSVDecoder.decode(String(start), source: source)
                return (chart.prices.timestamps, chart.prices.values)
            } catch {
                throw .badInput("\(error)")
            }
        default:
            throw .badInput(
                "\(source): line 1: not a series I can read (found \(QuotedValue.text(String(header.prefix(60))))); "
                    + shapes)
        }
    }

    /// `timestamp_ms,price` rows: whole epoch ms, finite prices, times not decreasing.
    private static func priceCSV(_ text: String, source: String) throws(CLIError) -> (x: [Int64], y: [Double])
    {
        var x: [Int64] = []
        var y: [Double] = []
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == 2, let time = Int64(fields[0]), let price = Double(fields[1]),
                price.isFinite
            else {
                throw .badInput(
                    "\(source): line \(index + 1): expected timestamp_ms,price (a whole number and a finite "
                        + "number), found \(QuotedValue.text(String(line.prefix(80))))")
            }
            guard time >= (x.last ?? .min) else {
                throw .badInput(
                    "\(source): line \(index + 1): timestamp_ms \(time) is before the line above's \(x.last!)"
                )
            }
            x.append(time)
            y.append(price)
        }
        return (x, y)
    }

    /// A run's `series.json`, as far as `downsample` reads it.
    private struct SeriesFile: Decodable {
        struct Line: Decodable {
            var key: String
            var time: [Int64]
            var value: [Double]
        }
        var lines: [Line]
    }

    /// The keys of a run's `series.json`, joined; throws when the bytes are not one.
    private static func seriesKeys(_ data: Data) throws -> String {
        try JSONDecoder().decode(SeriesFile.self, from: data).lines.map(\.key).joined(separator: ", ")
    }

    /// One line of a run's `series.json`.
    private static func seriesLine(_ data: Data, source: String, key: String) throws(CLIError) -> (
        x: [Int64], y: [Double]
    ) {
        let file: SeriesFile
        do {
            file = try JSONDecoder().decode(SeriesFile.self, from: data)
        } catch {
            let what =
                data.first.map { $0 == UInt8(ascii: "{") } == true
                ? "a JSON document without a run's \"lines\"" : "not JSON (CSV input takes no --series)"
            throw .badInput(
                "\(source): --series applies to a run's series.json, and this is \(what); \(shapes)"
            )
        }
        let keys = file.lines.map(\.key).joined(separator: ", ")
        guard let line = file.lines.first(where: { $0.key == key }) else {
            throw .badInput("--series: \(source) has no series '\(key)'; it has \(keys)")
        }
        guard line.time.count == line.value.count else {
            throw .badInput(
                "\(source): series '\(key)' has \(line.time.count) times and \(line.value.count) values")
        }
        return (line.time, line.value)
    }
}
