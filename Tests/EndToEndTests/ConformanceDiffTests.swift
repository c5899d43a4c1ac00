import CommandLineShell
import Foundation
import TestSupport
import Testing

/// `workbench conformance diff` on a small app written here in the app's layout
/// (`Tests/Fixtures/conformance-app/one`, not the app's code), at three commits: the line chart
/// and the rate limiter match at the first, the line chart drifts at the second (a cap changed),
/// the candle chart disagrees (this fixture's `ensureContinuity()` leaves high and low alone),
/// the chart cache's, the search's and the portfolio's files are missing (not extracted), and
/// the third does not build. docs/conformance.md has the run against the real app.
@Suite(
    "conformance diff: the fixture app's rules built beside TrackerCore and compared", .serialized,
    .reapsChildren)
struct ConformanceDiffTests {
    static let folder = "Bitpal-v2/Bitpal/"
    static let ranges = "Features/CoinDetail/Models/ChartTimeRange.swift"
    static let statistics = "Features/CoinDetail/Models/ChartStatistics.swift"
    static let priceLoop = "Services/PriceUpdateService.swift"

    /// The fixture app's repository: commit `one` as written, `two` with the 1D line cap at 100
    /// and the price loop sleeping 20 s,
    /// `three` with a statistics file that does not compile.
    static func fixtureApp() throws -> TemporaryDirectory {
        let app = try TemporaryDirectory()
        let source = RepositoryFiles.fixtures.appendingPathComponent("conformance-app/one")
        let target = app.url.appendingPathComponent(folder)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: target)
        try ConformanceDriftTests.git(["init", "-q"], in: app)
        try commit("one", in: app)
        let ranges = target.appendingPathComponent(Self.ranges)
        let text = try String(contentsOf: ranges, encoding: .utf8)
        try text.replacingOccurrences(of: ".oneDay: 96", with: ".oneDay: 100").write(
            to: ranges, atomically: true, encoding: .utf8)
        let loop = target.appendingPathComponent(Self.priceLoop)
        try (try String(contentsOf: loop, encoding: .utf8)).replacingOccurrences(
            of: ".seconds(30)", with: ".seconds(20)"
        ).write(to: loop, atomically: true, encoding: .utf8)
        try commit("two", in: app)
        let statistics = target.appendingPathComponent(Self.statistics)
        try (try String(contentsOf: statistics, encoding: .utf8)).replacingOccurrences(
            of: "let periodLow: Decimal", with: "let periodLow: Decimal = undefinedName"
        ).write(to: statistics, atomically: true, encoding: .utf8)
        try commit("three", in: app)
        return app
    }

    static func commit(_ tag: String, in app: TemporaryDirectory) throws {
        try ConformanceDriftTests.git(["add", "-A"], in: app)
        try ConformanceDriftTests.git(["commit", "-q", "-m", tag], in: app)
        try ConformanceDriftTests.git(["tag", tag], in: app)
    }

    @Test(
        "each rule's verdict, the smallest mismatching case, the patches, the reports; drift at a later commit"
    )
    func verdicts() throws {
        let app = try Self.fixtureApp()
        defer { app.remove() }
        let outcome = try WorkbenchProcess.run([
            "conformance", "diff", "--app", app.url.path, "--at", "one", "--cases", "150", "--out",
            app.path("report"), "--junit", app.path("report/conformance-diff.xml"),
        ])
        #expect(outcome.status == 1, "\(outcome.stdout)\(outcome.stderr)")
        // The JUnit report (docs/ci.md): a case per rule, failed as the exit code says.
        let junit = try String(contentsOfFile: app.path("report/conformance-diff.xml"), encoding: .utf8)
        #expect(junit.contains("tests=\"12\" failures=\"9\""), "\(junit.prefix(400))")
        #expect(junit.contains("<testcase name=\"watchlist-screen\" classname=\"conformance diff\"/>"))
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("12 rules against one (") == true, "\(outcome.stdout)")
        #expect(
            lines.first?.hasSuffix("seed 1: 3 match, 1 differ, 8 not extracted") == true, "\(outcome.stdout)")
        // The behaviour rule: the fixture's view model, service, loop and limiter on the serial
        // executor against the simulator, the same user and server. The fixture, like the app,
        // lets a reload started by `addCoin` outlive the screen and gives up a loop request
        // cancelled in the limiter; the workbench models both (issue 66), so they match.
        #expect(lines.contains("watchlist-screen: matches on 163 cases"), "\(outcome.stdout)")
        // The coin screen's rule needs the app's chart cache model, which the fixture lacks.
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "coin-screen: not extracted: Features/CoinDetail/Models/CachedChartData.swift is not in the app"
                )
            }, "\(outcome.stdout)")
        #expect(
            lines.contains(
                "    Services/CoinGeckoService.swift: `CoinGeckoService.shared` made `static var`, for the harness to give each case a fresh one"
            ))
        // The Portfolio tab's rule needs the app's portfolio models, which the fixture lacks.
        #expect(
            lines.contains {
                $0.hasPrefix("portfolio-tab: not extracted: Features/Portfolio/")
                    && $0.contains("is not in the app")
            }, "\(outcome.stdout)")
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "search-sheet: not extracted: Features/Watchlist/ViewModels/CoinSearchViewModel.swift is not in the app"
                )
            }, "\(outcome.stdout)")
        #expect(
            lines.contains { $0.hasPrefix("add-transaction: not extracted: Features/Portfolio/") },
            "\(outcome.stdout)")
        #expect(lines.contains { $0.hasPrefix("line-chart: matches on ") })
        #expect(lines.contains { $0.hasPrefix("rate-limiter: matches on ") })
        #expect(lines.contains { $0.hasPrefix("search-ranking: not extracted: ") })
        #expect(lines.contains { $0.hasPrefix("candle-chart: differs on ") })
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "portfolio-ledger: not extracted: Features/Portfolio/Models/Holding.swift is not in the app at "
                )
            })
        // The candle mismatch shrinks to two candles: the second one's high or low is off.
        let caseLine = try #require(lines.first { $0.hasPrefix("      case: ") })
        let smallest =
            try JSONSerialization.jsonObject(with: Data(caseLine.dropFirst(17).utf8)) as? [String: Any]
        #expect((smallest?["rows"] as? [Any])?.count == 2, "\(caseLine)")
        #expect(lines.contains { $0.hasPrefix("    values of drawn point 1 differ (") })
        // Every change made to the fixture's code is listed.
        #expect(
            lines.contains(
                "    Features/CoinDetail/ViewModels/CoinDetailViewModel.swift `CoinDetailViewModel.filterAndLimitLineData`: "
                    + "`Date()` read as `AppClock.now()` (the case's time), 1×"))
        #expect(
            lines.contains(
                "    Services/RateLimiter.swift: `Task.sleep` sleeps on the case's clock (`AppClock.sleep`), 1×"
            ))
        #expect(
            lines.contains {
                $0.contains(
                    "`filterAndLimitLineData`, `filterAndLimitCandleData` lifted out of `CoinDetailViewModel`"
                )
            })
        let json = try String(contentsOfFile: app.path("report/conformance-diff.json"), encoding: .utf8)
        #expect(
            json.contains("\"verdict\" : \"not-extracted\"") && json.contains("\"verdict\" : \"differs\""))
        let markdown = try String(contentsOfFile: app.path("report/conformance-diff.md"), encoding: .utf8)
        #expect(
            markdown.contains("| candle-chart | differs |") && markdown.contains("The smallest case found"))
        let html = try String(contentsOfFile: app.path("report/conformance-diff.html"), encoding: .utf8)
        #expect(html.hasPrefix("<!doctype html>") && html.contains("<h2>candle-chart</h2>"))

        // The same seed, the same report, byte for byte (the limiter's callers run concurrently;
        // the screen's tasks run on the serial executor).
        let again = try WorkbenchProcess.run([
            "conformance", "diff", "--app", app.url.path, "--at", "one", "--cases", "150", "--out",
            app.path("again"),
        ])
        #expect(again.status == 1)
        let first = try Data(contentsOf: URL(fileURLWithPath: app.path("report/conformance-diff.json")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: app.path("again/conformance-diff.json"))) == first)

        // The 1D cap changed at `two`: the line chart no longer matches, on 1D cases only.
        let later = try WorkbenchProcess.run([
            "conformance", "diff", "--app", app.url.path, "--at", "two", "--cases", "150",
        ])
        #expect(later.status == 1, "\(later.stdout)\(later.stderr)")
        #expect(later.stdout.contains("line-chart: differs on "), "\(later.stdout)")
        #expect(later.stdout.contains("\"range\":\"1D\""))
        // ... and the loop sleeps 20 s at `two`: the behaviour rule sees the requests come sooner.
        #expect(later.stdout.contains("watchlist-screen: differs on "), "\(later.stdout)")
        #expect(later.stdout.contains("sent: the same request at another time ("), "\(later.stdout)")
    }

    @Test("a revision the app lacks, a folder that is not a repository, code that does not build: exit 2")
    func badInput() throws {
        let app = try Self.fixtureApp()
        defer { app.remove() }
        let revision = try WorkbenchProcess.run([
            "conformance", "diff", "--app", app.url.path, "--at", "nope",
        ])
        #expect(revision.status == 2 && revision.stderr.contains("no commit 'nope'"), "\(revision.stderr)")
        let unknown = try WorkbenchProcess.run([
            "conformance", "diff", "--app", app.url.path, "--at", "one", "--rule", "nope",
        ])
        #expect(
            unknown.status == 2
                && unknown.stderr.contains("--rule nope: no such rule; the rules are line-chart, ")
                && unknown.stderr.contains("watchlist-screen"), "\(unknown.stderr)")
        let one = try WorkbenchProcess.run([
            "conformance", "diff", "--app", app.url.path, "--at", "one", "--rule", "rate-limiter", "--cases",
            "5",
        ])
        #expect(
            one.status == 0 && one.stdout.hasPrefix("1 rules against one ("), "\(one.stdout)\(one.stderr)")
        let missing = try WorkbenchProcess.run(["conformance", "diff", "--app", app.path("missing")])
        #expect(missing.status == 2 && missing.stderr.contains("no such directory"), "\(missing.stderr)")
        let broken = try WorkbenchProcess.run([
            "conformance", "diff", "--app", app.url.path, "--at", "three", "--cases", "10",
        ])
        #expect(broken.status == 2, "\(broken.stdout)\(broken.stderr)")
        #expect(
            broken.stderr.contains("does not build: \(Self.folder)\(Self.statistics):")
                && broken.stderr.contains("error: cannot find 'undefinedName' in scope"), "\(broken.stderr)")
    }
}
