import ArgumentParser
import CommandLineShell
import Foundation
import PriceModels
import TrackerCore
import WorkbenchFoundation

/// `workbench bench`: wall-clock measurements of the workbench's hot paths on given inputs, for
/// the peer harness (`scripts/peer-harness.sh`), which runs the peers on the same files.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time a hot path on an input file and print one JSON line (for the peer harness).",
        discussion: """
            Each task runs --repeat times after one warm-up; the line gives the median and minimum \
            in milliseconds. Series files are binary: a little-endian Int64 count N, then N Int64 \
            timestamps, then N Float64 values (what the harness writes with numpy).

            Examples:
              workbench bench downsample --input series-1e6.bin --algorithm m4 --n-out \\
                  1000
              workbench bench gbm --steps 10000000
              workbench bench decode --input \\
                  datasets/coingecko/market_chart_bitcoin_usd_days1_20210515T1442Z.json
            """
    )

    enum Task: String, ExpressibleByArgument, CaseIterable {
        case downsample, gbm, decode, search
    }

    @Argument(help: "downsample, gbm, decode or search.")
    var task: Task

    @Option(help: "The input file (a binary series, a JSON response, or a coin list).")
    var input: String?

    @Option(help: "The downsampling algorithm.", transform: DownsamplingAlgorithm.parse)
    var algorithm: DownsamplingAlgorithm = .lttb

    @Option(
        name: .customLong("n-out"), parsing: .unconditional, help: "The downsampling budget.",
        transform: NumberOptions.whole(in: 1...100_000_000))
    var nOut: Int = 1_000

    @Option(
        parsing: .unconditional, help: "GBM steps (at most 100000000).",
        transform: NumberOptions.whole(in: 1...100_000_000))
    var steps: Int = 1_000_000

    @Flag(help: "Downsample with the bins shared out over the cores (MinMax, M4, MinMaxLTTB).")
    var parallel = false

    @Option(help: "The search query.")
    var query: String = "bit"

    @Option(
        name: .customLong("repeat"), parsing: .unconditional,
        help: "Timed repetitions (1 to 10000; default: 7).",
        transform: NumberOptions.whole(in: 1...10_000))
    var repetitions: Int = 7

    func run() throws {
        let (work, items, bytes) = try prepare()
        work()
        var times: [Double] = []
        for _ in 0..<repetitions {
            let start = ContinuousClock.now
            work()
            let elapsed = ContinuousClock.now - start
            times.append(
                Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
        }
        times.sort()
        let line = JSONValue.object([
            .init("task", .string(task.rawValue)), .init("median_ms", .number(times[times.count / 2])),
            .init("min_ms", .number(times[0])), .init("repeat", .integer(Int64(repetitions))),
            .init("items", .integer(Int64(items))), .init("bytes", .integer(Int64(bytes))),
        ])
        print(line.document(.compact), terminator: "")
    }

    /// The work to time, and how many items and bytes one run handles.
    private func prepare() throws(CLIError) -> (work: () -> Void, items: Int, bytes: Int) {
        switch task {
        case .gbm:
            let model = GeometricBrownianMotion(drift: 0.1, volatility: 0.8)
            let stream = RandomStream(seed: StreamSeed(root: 1, stream: "bench"))
            return (
                { _ = model.path(from: 100, steps: steps, stepYears: 300 / 31_536_000, stream: stream) },
                steps, 0
            )
        case .downsample:
            let (x, y) = try Self.readSeries(try path())
            let algorithm = algorithm
            let (nOut, parallel) = (nOut, parallel)
            do {
                // Once untimed: a series the algorithm refuses (unsorted, not finite) is bad input.
                _ = try algorithm.indices(x: x, y: y, nOut: nOut, parallel: parallel)
            } catch {
                throw .badInput("\(input ?? ""): \(error)")
            }
            return (
                { _ = try? algorithm.indices(x: x, y: y, nOut: nOut, parallel: parallel) }, x.count,
                x.count * 16
            )
        case .decode:
            let (data, source) = try InputFiles.readJSON(try path())
            let bytes = [UInt8](data)
            // An array of arrays is candles, an array of objects markets rows, an object a chart.
            let tokens = bytes.lazy.filter { $0 > 0x20 }.prefix(2).map { $0 }
            let work: () -> Void
            do {
                switch (tokens.first, tokens.dropFirst().first) {
                case (UInt8(ascii: "["), UInt8(ascii: "{")):
                    _ = try CoinMarket.decodeList(bytes, source: source)
                    work = { _ = try? CoinMarket.decodeList(bytes) }
                case (UInt8(ascii: "["), _):
                    _ = try OHLCDecoder.decode(bytes, source: source)
                    work = { _ = try? OHLCDecoder.decode(bytes) }
                default:
                    _ = try MarketChartDecoder.decode(bytes, source: source)
                    work = { _ = try? MarketChartDecoder.decode(bytes) }
                }
            } catch {
                // The decoder's located complaint, then what `bench decode` reads.
                throw .badInput(
                    "\(error) (bench decode times /coins/{id}/market_chart, /coins/{id}/ohlc and /coins/markets responses)"
                )
            }
            return (work, 1, bytes.count)
        case .search:
            let (data, source) = try InputFiles.read(try path())
            let coins: [CoinListEntry]
            do {
                coins = try CoinListEntry.decodeList([UInt8](data), source: source)
            } catch {
                throw .badInput(error)
            }
            let index = CoinSearchIndex(coins: coins)
            let query = query
            return ({ _ = index.search(query) }, coins.count, 0)
        }
    }

    private func path() throws(CLIError) -> String {
        guard let input else { throw .badInput("bench \(task.rawValue) needs --input") }
        return input
    }

    /// Reads a binary series: Int64 count, count Int64 timestamps, count Float64 values.
    static func readSeries(_ path: String) throws(CLIError) -> (x: [Int64], y: [Double]) {
        let (data, source) = try InputFiles.read(path)
        guard data.count >= 8 else {
            throw .badInput("\(source): not a series file (shorter than its count)")
        }
        let header = data.withUnsafeBytes { Int64(littleEndian: $0.loadUnaligned(as: Int64.self)) }
        // Compared by division: 8 + 16 x a huge count would overflow.
        guard header >= 0, (data.count - 8) % 16 == 0, header == (data.count - 8) / 16 else {
            throw .badInput(
                "\(source): the header says \(header) points (8 + 16 x \(header) bytes), but the file has \(data.count) bytes"
            )
        }
        let count = Int(header)
        let (x, y) = data.withUnsafeBytes { raw in
            // Advised for huge pages, as numpy's arrays are (see HugePageArrays).
            let x = HugePageArrays.make(count: count) {
                Int64(littleEndian: raw.loadUnaligned(fromByteOffset: 8 + $0 * 8, as: Int64.self))
            }
            let y = HugePageArrays.make(count: count) {
                Double(
                    bitPattern: UInt64(
                        littleEndian: raw.loadUnaligned(
                            fromByteOffset: 8 + count * 8 + $0 * 8, as: UInt64.self)))
            }
            return (x, y)
        }
        // The same rules `downsample` applies to its JSON input.
        if let index = x.indices.dropFirst().first(where: { x[$0] < x[$0 - 1] }) {
            throw .badInput(
                "\(source): point \(index): timestamp \(x[index]) is before the previous \(x[index - 1])")
        }
        if let index = y.firstIndex(where: { !$0.isFinite }) {
            throw .badInput("\(source): point \(index): value \(y[index]) is not a finite number")
        }
        return (x, y)
    }
}
