import AppHosting
import Benchmark
import Fleets
import Foundation
import PriceModels
import Runs
import Scenarios
import Simulation
import TrackerCore

// Names are shell-safe (no spaces or slashes): the benchmark tool writes threshold files under
// a cleaned-up name but reads them under the raw one.
let benchmarks: @Sendable () -> Void = {
    // The hot paths allocate a handful of times per iteration; their counts also hold some of the
    // benchmark runtime's own, which vary by a few dozen, so they are held to 200 allocations (an
    // allocation per point would be millions). The simulation's 9 M are held to 10 %. Wall clock
    // on these shared 2-core machines varies by tens of percent between runs, so it only catches
    // gross regressions (3x); memory is held to 25 %. A configuration names tolerances only for the
    // metrics it measures (the tool warns about any other, once per benchmark).
    let fastTolerances: [BenchmarkMetric: BenchmarkThresholds] = [
        .mallocCountTotal: .init(absolute: [.p90: 200]),
        .wallClock: .init(relative: [.p90: 200]),
    ]
    var tolerances = fastTolerances
    tolerances[.peakMemoryResident] = .init(relative: [.p90: 25])
    var simulationTolerances = tolerances
    simulationTolerances[.mallocCountTotal] = .init(relative: [.p90: 10])
    let fast = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(1), maxIterations: 200,
        thresholds: fastTolerances)
    // Decoding: short, steady loops, so the wall clock is held within 1.6x (3x let a 2.5x
    // regression of the as-sent path through, issue 70); the allocations as for every hot path.
    var decodeTolerances = fastTolerances
    decodeTolerances[.wallClock] = .init(relative: [.p90: 60])
    let decoding = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(1), maxIterations: 200,
        thresholds: decodeTolerances)
    // A simulated year: one run, every metric held.
    let simulation = Benchmark.Configuration(
        metrics: [.wallClock, .peakMemoryResident, .mallocCountTotal], warmupIterations: 0,
        maxDuration: .seconds(60), maxIterations: 1, thresholds: simulationTolerances)
    let slow = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], warmupIterations: 0,
        maxDuration: .seconds(2),
        maxIterations: 3, thresholds: tolerances)

    // Downsampling: every algorithm on CoinGecko-shaped int64 timestamps.
    for (label, series) in [("1e5", Inputs.series1e5), ("1e6", Inputs.series1e6), ("1e7", Inputs.series1e7)] {
        for algorithm in DownsamplingAlgorithm.allCases {
            for nOut in [100, 1000] {
                Benchmark(
                    "downsample_\(algorithm.rawValue)_N\(label)_nout\(nOut)",
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
        Benchmark("path_\(name)_1e7_steps", configuration: slow) { benchmark in
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
            "market_chart_days1_recorded",
            Inputs.recorded("market_chart_bitcoin_usd_days1_20210515T1442Z.json")
        ),
        (
            "market_chart_days90_recorded",
            Inputs.recorded("market_chart_bitcoin_usd_days90_interval-daily_20210515T1442Z.json")
        ),
        ("market_chart_1e5_points_synthetic", Inputs.marketChartBody(100_000)),
    ]
    for (label, body) in bodies {
        Benchmark("decode_\(label)", configuration: decoding) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try? MarketChartDecoder.decode(body)) }
        }
        // As sent: the rows kept in the server's order (`chart_rows: as-sent`), the path every
        // `bitpal` run decodes with (issue 70: a 2.5x regression there went unflagged).
        Benchmark("decode_\(label)_as_sent", configuration: decoding) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? MarketChartDecoder.decode(body, order: .asSent))
            }
        }
    }
    let ohlc = Inputs.recorded("ohlc_bitcoin_usd_days7_20210515T1534Z.json")
    Benchmark("decode_ohlc_days7_recorded", configuration: decoding) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? OHLCDecoder.decode(ohlc)) }
    }
    Benchmark("decode_ohlc_days7_recorded_as_sent", configuration: decoding) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try? OHLCDecoder.decode(ohlc, order: .asSent)) }
    }

    // Caches: 100,000 lookups and inserts on a 128-entry TTL/LRU cache.
    Benchmark("cache_1e5_lookups_and_inserts", configuration: fast) { benchmark in
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
        Benchmark("search_keystroke_\(query)_over_\(coins.count)_coins", configuration: fast) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(index.search(query)) }
        }
    }

    // Issue 39's held-out-style year: 100 coins cycling GBM, Merton, GARCH(1,1)-t, regime switching
    // and OU, the four that can moving together (one factor, 0.82), 15-minute ticks, six sessions a
    // day, `spec` (Benchmarks/scenarios/simulate-100-mixed-year.yaml, read as `workbench run` reads it).
    Benchmark(
        "simulate_100_mixed_correlated_year",
        configuration: simulation
    ) { benchmark in
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let scenario = try! ScenarioParser.load(
            path: root.appendingPathComponent("scenarios/simulate-100-mixed-year.yaml").path,
            projectRoot: root)
        for _ in benchmark.scaledIterations {
            var simulation = try! AppSimulation(config: try! scenario.runConfig(projectRoot: root))
            blackHole(simulation.run())
        }
    }

    // Issue 54: a fleet's two kinds of arm, 1,000 users of fleets/plan-choice.yaml for a day each,
    // one thread: users run alone (keyless), or every device on one clock (a shared key).
    for topology in ["keyless", "shared-key"] {
        Benchmark("fleet_1000_users_day_\(topology)", configuration: simulation) { benchmark in
            let repository = URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            var fleet = try! FleetParser.load(
                path: repository.appendingPathComponent("fleets/plan-choice.yaml").path)
            fleet.users = 1_000
            fleet.arms = [fleet.arms.first { $0.topology.rawValue == topology }!]
            let base = try! ScenarioRun.load(fleet.scenarioPath)
            for _ in benchmark.scaledIterations { blackHole(try! FleetRun.run(fleet, base: base, jobs: 1)) }
        }
    }

    // A full simulation: a year of a 100-coin watchlist on the synthetic market.
    Benchmark(
        "simulate_100_coins_for_a_year",
        configuration: simulation
    ) { benchmark in
        let start: Int64 = 1_704_067_200_000
        let coins = (0..<100).map { index in
            SyntheticCoin(
                id: "coin-\(index)", symbol: "c\(index)", name: "Coin \(index)",
                circulatingSupply: 1e6 * Double(100 - index),
                startPrice: 100, model: .gbm(GeometricBrownianMotion(drift: 0.1, volatility: 0.8)))
        }
        for _ in benchmark.scaledIterations {
            let market = try! SimulatedMarket(
                coins: coins, rootSeed: 1, start: start - 366 * 86_400_000, end: start + 366 * 86_400_000,
                stepMilliseconds: 900_000)
            var config = RunConfig(
                seed: 1, source: market, prices: market, start: start, durationMilliseconds: 365 * 86_400_000,
                server: ServerBehaviour(plan: .demo30),
                app: AppSetup(policies: .spec, startsInForeground: false),
                user: StochasticUser(sessionsPerDay: 6, meanSessionMilliseconds: 300_000, coinsPerSession: 2))
            config.start = start
            var simulation = try! AppSimulation(config: config)
            blackHole(simulation.run())
        }
    }
}
