import Benchmark
import Foundation
import PriceModels
import Simulation
import TrackerCore

let benchmarks: @Sendable () -> Void = {
    let fast = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .throughput], maxDuration: .seconds(1), maxIterations: 200,
        thresholds: [.mallocCountTotal: .init(relative: [.p50: 5])])
    let slow = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], warmupIterations: 0,
        maxDuration: .seconds(2),
        maxIterations: 3, thresholds: [.mallocCountTotal: .init(relative: [.p50: 5])])

    // Downsampling: every algorithm on CoinGecko-shaped int64 timestamps.
    for (label, series) in [("1e5", Inputs.series1e5), ("1e6", Inputs.series1e6), ("1e7", Inputs.series1e7)] {
        for algorithm in DownsamplingAlgorithm.allCases {
            for nOut in [100, 1000] {
                Benchmark(
                    "downsample \(algorithm.rawValue) N=\(label) n_out=\(nOut)",
                    configuration: label == "1e7" ? slow : fast
                ) {
                    benchmark in
                    for _ in benchmark.scaledIterations {
                        blackHole(try? algorithm.indices(x: series.x, y: series.y, nOut: nOut))
                    }
                }
            }
        }
    }

    // Price paths: 1e7 steps of each model.
    let stepYears = 300 / 31_536_000.0
    for name in ["gbm", "merton", "garch", "regime", "ou"] {
        let model = try! PriceModel.named(name)
        Benchmark("path \(name) 1e7 steps", configuration: slow) { benchmark in
            let stream = RandomStream(seed: StreamSeed(root: 1, stream: name))
            for _ in benchmark.scaledIterations {
                blackHole(
                    model.process.path(from: 100, steps: 10_000_000, stepYears: stepYears, stream: stream))
            }
        }
    }

    // Decoding: every recorded chart, and a synthetic 1e5-point response.
    let bodies: [(String, [UInt8])] = [
        (
            "market_chart days=1 (recorded)",
            Inputs.recorded("market_chart_bitcoin_usd_days1_20210515T1442Z.json")
        ),
        (
            "market_chart days=90 (recorded)",
            Inputs.recorded("market_chart_bitcoin_usd_days90_interval-daily_20210515T1442Z.json")
        ),
        ("market_chart 1e5 points (synthetic)", Inputs.marketChartBody(100_000)),
    ]
    for (label, body) in bodies {
        Benchmark("decode \(label)", configuration: fast) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try? MarketChartDecoder.decode(body)) }
        }
    }
    let ohlc = Inputs.recorded("ohlc_bitcoin_usd_days7_20210515T1534Z.json")
    Benchmark("decode ohlc days=7 (recorded)", configuration: fast) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? OHLCDecoder.decode(ohlc)) }
    }

    // Caches: 100,000 lookups and inserts on a 128-entry TTL/LRU cache.
    Benchmark("cache 1e5 lookups and inserts", configuration: fast) { benchmark in
        for _ in benchmark.scaledIterations {
            var cache = TTLCache<Int, Int>(capacity: 128, defaultTTLMilliseconds: 30_000)
            for step in 0..<100_000 where !cache.lookup(step % 300, at: Int64(step) * 10).isHit {
                cache.insert(step, for: step % 300, at: Int64(step) * 10)
            }
            blackHole(cache.counters)
        }
    }

    // Search: one keystroke at a time over the recorded 7,248-coin list.
    let coins = (try? CoinListEntry.decodeList(Inputs.recorded("coins_list_20210515T1600Z.json"))) ?? []
    let index = CoinSearchIndex(coins: coins)
    for query in ["b", "bit", "bitco", "ethereum"] {
        Benchmark("search keystroke '\(query)' over \(coins.count) coins", configuration: fast) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(index.search(query)) }
        }
    }

    // A full simulation: a year of a 100-coin watchlist on the synthetic market.
    Benchmark(
        "simulate 100 coins for a year",
        configuration: .init(
            metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal], warmupIterations: 0,
            maxDuration: .seconds(60),
            maxIterations: 1, thresholds: [.mallocCountTotal: .init(relative: [.p50: 10])])
    ) { benchmark in
        let start: Int64 = 1_704_067_200_000
        let coins = (0..<100).map { index in
            SyntheticCoin(
                id: "coin-\(index)", symbol: "c\(index)", name: "Coin \(index)",
                circulatingSupply: 1e6 * Double(100 - index),
                startPrice: 100, model: .gbm(GeometricBrownianMotion(drift: 0.1, volatility: 0.8)))
        }
        for _ in benchmark.scaledIterations {
            let market = try! SyntheticMarket(
                coins: coins, rootSeed: 1, start: start - 366 * 86_400_000, end: start + 366 * 86_400_000,
                stepMilliseconds: 900_000)
            var config = RunConfig(
                seed: 1, source: market, prices: market, start: start, durationMilliseconds: 365 * 86_400_000,
                server: ServerBehaviour(plan: .demo30), policies: .spec,
                user: StochasticUser(sessionsPerDay: 6, meanSessionMilliseconds: 300_000, coinsPerSession: 2),
                startsInForeground: false)
            config.start = start
            var simulation = try! AppSimulation(config: config)
            blackHole(simulation.run())
        }
    }
}
