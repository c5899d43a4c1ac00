import Foundation
import TestSupport
import Testing

@Suite("workbench datasets", .reapsChildren)
struct DatasetsCommandTests {
    @Test("list verifies all 21 recordings")
    func list() throws {
        let outcome = try WorkbenchProcess.run(["datasets", "list"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.contains("21 files, 21 verified, 0 failed"))
        #expect(outcome.stdout.contains("ohlc_bitcoin_usd_days7_20210515T1534Z.json"))
    }

    @Test("inspect prints the golden report, byte for byte")
    func inspectGolden() throws {
        let outcome = try WorkbenchProcess.run(["datasets", "inspect", "datasets/coingecko"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == (try Golden.expected("datasets-inspect.txt", actual: outcome.stdout)))
    }

    @Test("inspect is deterministic: two JSON runs are byte-identical, and --out writes the same bytes")
    func deterministic() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "inspect-\(UUID().uuidString)/report.json")
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        let first = try WorkbenchProcess.run(["datasets", "inspect", "--format", "json", "--out", out.path])
        let second = try WorkbenchProcess.run(["datasets", "inspect", "--format", "json"])
        #expect(first.status == 0 && second.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(String(decoding: try Data(contentsOf: out), as: UTF8.self) == first.stdout)
        let decoded = try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [[String: Any]]
        #expect(decoded?.count == 21)
        let ohlc = decoded?.first {
            ($0["file"] as? String)?.hasSuffix("ohlc_bitcoin_usd_days7_20210515T1534Z.json") == true
        }
        #expect(ohlc?["endpoint"] as? String == "/coins/{id}/ohlc")
        #expect(ohlc?["points"] as? Int == 42)
        #expect(first.stdout.contains("\"file\": ") && !first.stdout.contains("\\/"))
    }

    @Test("a malformed file is reported with file, line, column and path; the others are still inspected")
    func malformed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "inspect-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appendingPathComponent("chart.json")
        try Data("{\"prices\":[[1,2],\n[3,-4]]}".utf8).write(to: bad)
        let good = "datasets/coingecko/ohlc_bitcoin_usd_days7_20210515T1534Z.json"
        let outcome = try WorkbenchProcess.run(["datasets", "inspect", bad.path, good])
        #expect(outcome.status == 2)
        #expect(
            outcome.stderr.contains(
                "chart.json:2:4: at $.prices[1][1]: expected a positive finite price, found -4"))
        #expect(outcome.stdout.contains("ohlc_bitcoin_usd_days7_20210515T1534Z.json"))
    }

    @Test("missing paths and a directory without an index exit 2")
    func missing() throws {
        let missing = try WorkbenchProcess.run(["datasets", "inspect", "nowhere.json"])
        #expect(missing.status == 2 && missing.stderr.contains("nowhere.json: no such file or directory"))
        let noIndex = try WorkbenchProcess.run(["datasets", "list", "--directory", "Sources"])
        #expect(noIndex.status == 2 && noIndex.stderr.contains("no index.json"))
    }
}
