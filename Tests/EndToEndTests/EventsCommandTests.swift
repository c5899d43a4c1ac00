import Foundation
import TestSupport
import Testing

/// `workbench run --events FILE`: the run's event stream as JSON Lines.
@Suite("workbench run --events", .reapsChildren)
struct EventsCommandTests {
    @Test(
        "every line is a JSON object in time order; requests and answers match the metrics; the same bytes twice"
    )
    func eventsFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var files: [Data] = []
        for attempt in 0..<2 {
            let outcome = try WorkbenchProcess.run([
                "run", "scenarios/quickstart.yaml", "--out", directory.path("run\(attempt)"), "--no-history",
                "--quiet", "--events", directory.path("run\(attempt)/events.jsonl"),
            ])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            files.append(
                try Data(contentsOf: URL(fileURLWithPath: directory.path("run\(attempt)/events.jsonl"))))
        }
        #expect(files[0] == files[1])
        let lines = String(decoding: files[0], as: UTF8.self).split(separator: "\n")
        let objects = try lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let times = objects.compactMap { $0["t"] as? Int64 }
        #expect(times.count == objects.count && times == times.sorted())
        let result = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: directory.path("run0/result.json"))))
                as? [String: Any])
        let metrics = try #require(result["metrics"] as? [String: Double])
        let count = { (name: String) in objects.filter { $0["event"] as? String == name }.count }
        #expect(Double(count("request_sent")) == metrics["rate_limit.requests"])
        #expect(Double(count("answered")) == metrics["rate_limit.requests"])
        #expect(Double(count("chart_rendered")) == metrics["charts.renders"])
        #expect(
            Double(count("cache_lookup")) == metrics["cache.market.hits"]! + metrics["cache.market.misses"]!
                + metrics["cache.chart.hits"]! + metrics["cache.chart.misses"]!
                + metrics["cache.http.hits"]! + metrics["cache.http.misses"]!)
        // The script's first open, as the scenario wrote it, at 10 minutes.
        let open = objects.first { $0["open"] as? String == "bitcoin" }
        #expect(open?["at"] as? Int64 == 600_000)
        // Requests name the screen that sent them.
        let screens = Set(objects.compactMap { $0["screen"] as? String })
        #expect(screens.isSuperset(of: ["watchlist", "portfolio", "search", "coin"]))
        #expect(objects.last?["event"] as? String == "finished")
    }

    @Test("an empty path or a directory is refused before the run, naming the option and path")
    func badPaths() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let empty = try WorkbenchProcess.run([
            "run", "scenarios/quickstart.yaml", "--no-history", "--out", directory.path("a"), "--events", "",
        ])
        #expect(empty.status == 2 && empty.stderr.contains("--events: the path is empty"))
        let folder = try WorkbenchProcess.run([
            "run", "scenarios/quickstart.yaml", "--no-history", "--out", directory.path("b"), "--events",
            directory.path(""),
        ])
        #expect(folder.status == 2 && folder.stderr.contains("is a directory"), "\(folder.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("b/result.json")))
    }
}
