import Foundation
import TestSupport
import Testing

/// Issue 36's smaller classes: JSON that is not UTF-8 is named, a missing folder is a usage
/// error, and `generate`'s refusals name the option and its value.
@Suite("Encodings, missing folders and option names", .reapsChildren)
struct EncodingAndOptionTests {
    /// `text` in Latin-1: "café" has the single byte 0xE9.
    static func latin1(_ text: String) -> Data { text.data(using: .isoLatin1)! }

    @Test("a Latin-1 JSON file is refused by datasets inspect and compare, naming the file and the encoding")
    func latin1JSON() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let recording = directory.path("simple_price_café.json")
        try Self.latin1(#"{"bitcoin": {"usd": 42000.5, "name": "café"}}"#).write(
            to: URL(fileURLWithPath: recording))
        let inspect = try WorkbenchProcess.run(["datasets", "inspect", recording])
        #expect(inspect.status == 2)
        #expect(inspect.stderr.contains("simple_price_café.json"), "\(inspect.stderr)")
        #expect(inspect.stderr.contains("not UTF-8"), "\(inspect.stderr)")

        let result = directory.path("result.json")
        try Self.latin1(#"{"metrics": {"café": 1}}"#).write(to: URL(fileURLWithPath: result))
        let compare = try WorkbenchProcess.run(["compare", result, result])
        #expect(compare.status == 2)
        #expect(compare.stderr.contains("\(result): the file is not UTF-8 text"), "\(compare.stderr)")
        #expect(compare.stderr.contains("RFC 8259"))
    }

    @Test("check --golden-dir that does not exist is a usage error naming the path")
    func missingGoldenDirectory() throws {
        let check = try WorkbenchProcess.run([
            "check", "scenarios/quickstart.yaml", "--golden-dir", "no-such-golden-dir",
        ])
        #expect(check.status == 2)
        #expect(
            check.stderr.contains("--golden-dir no-such-golden-dir: no such directory"), "\(check.stderr)")
    }

    @Test("generate names the option and its value when the start, the span or the path is out of range")
    func generateNamesOptions() throws {
        let base = ["generate", "--model", "gbm", "--seed", "1", "--steps", "10"]
        let early = try WorkbenchProcess.run(base + ["--start", "1900-01-01T00:00:00Z"])
        #expect(early.status == 2)
        #expect(early.stderr.contains("--start 1900-01-01T00:00:00Z: before 1970"), "\(early.stderr)")
        let long = try WorkbenchProcess.run([
            "generate", "--model", "gbm", "--seed", "1", "--steps", "100000000", "--dt", "1d",
        ])
        #expect(long.status == 2)
        #expect(long.stderr.contains("--steps 100000000 of --dt 1d"), "\(long.stderr)")
        let wild = try WorkbenchProcess.run(base + ["--param", "volatility=1e300"])
        #expect(wild.status == 2)
        #expect(wild.stderr.contains("--param volatility=1e300"), "\(wild.stderr)")
    }

    @Test("bench decode given a response it does not time says which ones it does")
    func benchDecodeSaysWhatItReads() throws {
        let bench = try WorkbenchProcess.run([
            "bench", "decode", "--input", "datasets/coingecko/search_bit_20230108.json", "--repeat", "1",
        ])
        #expect(bench.status == 2)
        #expect(bench.stderr.contains("search_bit_20230108.json:"), "\(bench.stderr)")
        #expect(
            bench.stderr.contains(
                "bench decode times /coins/{id}/market_chart, /coins/{id}/ohlc and /coins/markets responses"))
        // A recorded markets page is timed.
        let markets = try WorkbenchProcess.run([
            "bench", "decode", "--input", "datasets/coingecko/coins_markets_usd_top100_20230108.json",
            "--repeat", "1",
        ])
        #expect(markets.status == 0 && markets.stdout.contains("\"bytes\":95837"), "\(markets.stderr)")
    }
}
