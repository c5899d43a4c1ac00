import AppHosting
import Foundation
import PriceModels
import Simulation
import TestSupport
import Testing
import TrackerCore

@Suite("Recorded fixtures replayed as a market")
struct ReplayMarketTests {
    static let replay = try! ReplayMarket(directory: RepositoryFiles.coingecko)
    /// `Sat, 15 May 2021 14:42:25 GMT`: when the days=1 and days=90 charts were recorded.
    static let chartsRecorded: Int64 = 1_621_089_745_000

    static func request(_ path: String, _ query: [(String, String)]) -> HTTPRequest {
        HTTPRequest(path: path, query: query.map { HTTPRequest.QueryItem($0.0, $0.1) })
    }

    @Test(
        "the volatility is fitted to the daily CSV alone, as Python computes it; a bridge keeps every recorded price"
    )
    func fittedVolatilityAndBridge() throws {
        // Python: statistics.variance of the 5,676 daily log returns of btc-usd-max.csv, times 365,
        // square-rooted. The recorded 5-minute day is not part of the daily fit.
        #expect(abs(Self.replay.calibratedVolatility - 0.9027969836223128) < 1e-9)
        let bridged = try ReplayMarket(
            directory: RepositoryFiles.coingecko, intraday: .bridge(stepMilliseconds: 300_000), seed: 4)
        let plain = try #require(Self.replay.history.path(of: "bitcoin"))
        let filled = try #require(bridged.history.path(of: "bitcoin"))
        let kept = Dictionary(zip(filled.timestamps, filled.values), uniquingKeysWith: { first, _ in first })
        #expect(zip(plain.timestamps, plain.values).allSatisfy { kept[$0.0] == $0.1 })
        #expect(filled.count > 200 * plain.count)
        #expect(bridged.calibratedVolatility == Self.replay.calibratedVolatility)
    }

    @Test("a recorded chart is served byte for byte inside its max-age; later the history answers")
    func recordedChart() throws {
        let chart = Self.request("/coins/bitcoin/market_chart", [("vs_currency", "usd"), ("days", "1")])
        let recorded = try RepositoryFiles.coingeckoData("market_chart_bitcoin_usd_days1_20210515T1442Z.json")
        let served = Self.replay.respond(to: chart, at: Self.chartsRecorded + 10_000)
        #expect(served.body == [UInt8](recorded))
        #expect(served.headers["x-replayed-from"] == "market_chart_bitcoin_usd_days1_20210515T1442Z.json")
        let later = Self.replay.respond(to: chart, at: Self.chartsRecorded + 3_600_000)
        #expect(later.headers["x-replayed-from"] == nil)
        let decoded = try MarketChartDecoder.decode(later.body)
        // The history is the recorded 5-minute day, so an hour later the chart still ends on it.
        #expect(decoded.prices.count > 250)
        #expect(decoded.prices.timestamps.last == Self.chartsRecorded + 3_600_000)
    }

    @Test("the app's markets request matches the recording despite its extra parameter")
    func recordedMarkets() throws {
        // Recorded at Sat, 15 May 2021 16:01:03 GMT with public, max-age=30.
        let recordedAt: Int64 = 1_621_094_463_000
        let markets = Self.request(
            "/coins/markets",
            [("vs_currency", "usd"), ("ids", "bitcoin"), ("price_change_percentage", "24h")])
        let served = Self.replay.respond(to: markets, at: recordedAt + 5_000)
        #expect(served.headers["x-replayed-from"] == "coins_markets_usd_ids-bitcoin_20210515T1601Z.json")
        #expect(try CoinMarket.decodeList(served.body).first?.currentPrice == 49_053)
        #expect(Self.replay.respond(to: markets, at: recordedAt + 31_000).headers["x-replayed-from"] == nil)
    }

    @Test("the daily truth: the history's price on a past day is the CSV's close")
    func dailyTruth() throws {
        // 2017-12-30 00:00 UTC.
        let price = try #require(Self.replay.history.price(of: "bitcoin", at: 1_514_592_000_000 + 3_600_000))
        let csv = String(decoding: try RepositoryFiles.coingeckoData("btc-usd-max.csv"), as: UTF8.self)
        let row = try #require(csv.split(whereSeparator: \.isNewline).first { $0.hasPrefix("2017-12-30") })
        #expect(price == Double(row.split(separator: ",")[1]))
    }

    @Test("a day of replayed fixtures runs: the recorded day, a watchlist of Bitcoin, charts opened")
    func replayedDay() throws {
        let start = Self.chartsRecorded - 86_400_000
        let script = [
            ScheduledAction(time: start + 3_600_000, action: .openCoin(id: "bitcoin")),
            ScheduledAction(
                time: Self.chartsRecorded + 1_000,
                action: .showChart(id: "bitcoin", type: .line, range: .oneDay)),
            ScheduledAction(time: start + 3_660_000, action: .closeCoin),
            ScheduledAction(time: start + 7_200_000, action: .openCoin(id: "bitcoin")),
            ScheduledAction(time: start + 7_205_000, action: .switchChartType(.candle)),
            ScheduledAction(time: start + 7_260_000, action: .closeCoin),
        ]
        var policies = AppPolicies.spec
        policies.rangeProfile = .bitpal
        let config = RunConfig(
            seed: 1, source: Self.replay, prices: Self.replay.history, start: start,
            durationMilliseconds: 86_400_000 + 60_000, server: ServerBehaviour(plan: .named("demo-30")!),
            app: AppSetup(policies: policies),
            script: script)
        var run = try AppSimulation(config: config)
        let result = run.run()
        #expect(result.metrics["rate_limit.requests./coins/markets"]! > 1_000)
        // 1D line at 1 h, the shown chart, 1D line again at 2 h (expired), then 1D candles.
        #expect(result.metrics["charts.renders"] == 4)
        // At the recording's time the chart request is answered with the recorded bytes.
        let replayed = result.journal.filter { $0.outcome == .replayed }
        #expect(replayed.map(\.endpoint).contains("/coins/{id}/market_chart"))
        #expect(replayed.allSatisfy { $0.time >= Self.chartsRecorded - 90 * 86_400_000 })
        #expect(result.metrics.failures.isEmpty, "\(result.metrics.failures)")
        #expect(result.metrics["rate_limit.max_per_minute"]! <= 30)
        var again = try AppSimulation(config: config)
        #expect(again.run().metricsJSON == result.metricsJSON)
    }

    @Test("a missing dataset directory is an error naming the index")
    func missingDirectory() {
        let error = #expect(throws: (any Error).self) {
            try ReplayMarket(directory: URL(fileURLWithPath: "/nonexistent/datasets"))
        }
        #expect(String(describing: error!).contains("/nonexistent/datasets"))
    }
}
