import Foundation
import PriceModels
import Scenarios
import TestSupport
import Testing

@Suite("Markets: universes from recordings, generated coins, correlation, watchlist top N")
struct MarketUniverseTests {
    static let recording = "datasets/coingecko/coins_markets_usd_top100_20230108.json"

    static func market(_ text: String) throws -> Scenario.SyntheticMarket {
        let scenario = try ScenarioParserTests.parse("duration: 1h\n" + text)
        guard case .synthetic(let market) = scenario.market else {
            Issue.record("not a synthetic market")
            throw ScenarioError(file: "", line: 0, column: 0, keyPath: "", message: "")
        }
        return market
    }

    /// The recorded rows, read independently of the app's decoder.
    static func rows() throws -> [[String: Any]] {
        let data = try Data(contentsOf: RepositoryFiles.root.appendingPathComponent(recording))
        return try #require(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    @Test(
        "a universe takes ids, names, supplies and prices from the recording, in its order; stablecoins are pegged"
    )
    func universe() throws {
        let market = try Self.market(
            "market:\n  universe: {from: \(Self.recording), top: 20, model: merton}\n  step: 1h\n  history: 1d\n"
        )
        let rows = try Self.rows().prefix(20)
        #expect(market.coins.map(\.id) == rows.map { $0["id"] as? String ?? "" })
        #expect(market.coins.map(\.name) == rows.map { $0["name"] as? String ?? "" })
        for (coin, row) in zip(market.coins, rows) {
            #expect(
                coin.startPrice == row["current_price"] as? Double
                    ?? Double(row["current_price"] as? Int ?? 0))
            #expect(coin.circulatingSupply == row["circulating_supply"] as? Double)
        }
        let pegged = market.coins.filter { $0.model.process.name == "ou" }.map(\.id)
        #expect(pegged == ["tether", "usd-coin", "binance-usd", "dai"])
        // Bitcoin's daily history is recorded beside the universe (btc-usd-max.csv): it is fitted.
        #expect(market.coins.filter { $0.model.process.name == "merton" }.count == 15)
        #expect(market.coins[0].model.process.name == "garch")
        #expect(market.calibrations.map(\.coin) == ["bitcoin"])
        #expect(
            market.calibrations[0].summary.hasPrefix(
                "GARCH(1,1)-t fitted to the last 365 returns of datasets/coingecko/btc-usd-max.csv"))
        #expect(market.origin == "top 20 of \(Self.recording)")
        guard case .oneFactor(let correlations) = market.correlation else {
            Issue.record("expected one market factor by default")
            return
        }
        #expect(correlations["bitcoin"] == 0.82)
        #expect(correlations["tether"] == nil)
        #expect(market.correlationSummary == "one market factor: 16 coins, pairwise 0.82, 4 on their own")
    }

    @Test(
        "calibration: GARCH over the last year by default, carried to the grid; GBM on request; calibrate: false"
    )
    func calibration() throws {
        let file = "datasets/coingecko/btc-usd-max.csv"
        let garch = try Self.market(
            "market:\n  coins: [{id: bitcoin, price: 42000, calibrate: \(file)}]\n  step: 15m\n  history: 1d\n"
        )
        guard case .garch(let carried) = garch.coins[0].model else {
            Issue.record("expected GARCH")
            return
        }
        // The daily fit over the last year, carried to 15 minutes (96 steps a day): the long-run
        // variance per day and the persistence per day are kept. scipy's maximum of the same
        // likelihood has omega 3.782475e-05 (CalibrationTests): the fit stops within 1e-5 of it,
        // here just past the rounding boundary of the fourth digit.
        let ratio = 1.0 / 96
        let daily = try #require(garch.calibrations.first?.summary)
        #expect(
            daily.contains("(per 1d: omega 3.783e-05, alpha 0.08526, beta 0.8444, nu 4.017)"),
            "\(daily)")
        #expect(
            abs(carried.unconditionalVariance / ratio - 3.782e-05 / (1 - 0.08526 - 0.8444))
                / (3.782e-05 / (1 - 0.08526 - 0.8444)) < 0.002)
        #expect(abs(pow(carried.alpha + carried.beta, 96) - (0.08526 + 0.8444)) < 0.0002)
        let gbm = try Self.market(
            "market:\n  coins: [{id: bitcoin, price: 42000, calibrate: {from: \(file), model: gbm}}]\n  step: 15m\n  history: 1d\n"
        )
        #expect(gbm.coins[0].model.process.name == "gbm")
        let off = try Self.market(
            "market:\n  universe: {from: \(Self.recording), top: 3, calibrate: false}\n  step: 1h\n  history: 1d\n"
        )
        #expect(off.calibrations.isEmpty)
        #expect(off.coins[0].model.process.name == "gbm")
        // Over the whole history since 2010 the fit is integrated: refused, with the way out.
        let whole = ScenarioParserTests.error(
            "duration: 1h\nmarket:\n  coins: [{id: bitcoin, price: 42000, calibrate: {from: \(file), window: 6000d}}]\n"
        )
        #expect(
            whole.contains("is integrated") && whole.contains("fit a shorter window or use model: gbm"),
            "\(whole)")
    }

    @Test("the stablecoin rule picks exactly the nine dollar stablecoins of the recorded top 100")
    func stablecoins() throws {
        let market = try Self.market(
            "market:\n  universe: {from: \(Self.recording)}\n  step: 1h\n  history: 1d\n")
        let pegged = Set(market.coins.filter { $0.model.process.name == "ou" }.map(\.id))
        #expect(
            pegged == [
                "tether", "usd-coin", "binance-usd", "dai", "frax", "paxos-standard", "true-usd", "usdd",
                "gemini-dollar",
            ])
    }

    @Test("generated coins: seeded names, rank-size market caps as fitted to the recording")
    func generated() throws {
        let text = "market:\n  coins: {count: 200, seed: 3}\n  step: 1h\n  history: 1d\n"
        let market = try Self.market(text)
        #expect(market.coins.count == 200)
        #expect(Set(market.coins.map(\.id)).count == 200)
        #expect(try Self.market(text).coins == market.coins, "the same seed, the same coins")
        #expect(
            try Self.market(text.replacingOccurrences(of: "seed: 3", with: "seed: 4")).coins != market.coins)
        let caps = market.coins.map { $0.circulatingSupply * $0.startPrice }
        #expect(zip(caps, caps.dropFirst()).allSatisfy { $0 > $1 }, "ranked by market cap")
        #expect(market.coins.allSatisfy { $0.startPrice >= 1e-6 && $0.startPrice <= 1e4 })
        // The rank-size law, fitted here by least squares on the logs of the recorded caps.
        let points = try Self.rows().compactMap { row -> (Double, Double)? in
            guard let rank = row["market_cap_rank"] as? Int, let cap = row["market_cap"] as? Double else {
                return nil
            }
            return (log(Double(rank)), log(cap))
        }
        let (mx, my) = (
            points.map(\.0).reduce(0, +) / Double(points.count),
            points.map(\.1).reduce(0, +) / Double(points.count)
        )
        let slope =
            points.reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
            / points.reduce(0) { $0 + ($1.0 - mx) * ($1.0 - mx) }
        let top = exp(my - slope * mx)
        #expect(abs(slope - (-1.54)) < 0.005, "fitted exponent \(slope)")
        #expect(abs(top / 3.3e11 - 1) < 0.01, "fitted top cap \(top)")
        #expect(abs(caps[0] / 3.3e11 - 1) < 1e-9)
        #expect(abs(caps[9] / (3.3e11 * pow(10, -1.54)) - 1) < 1e-9)
    }

    @Test("watchlist: top N takes the market's first N coins")
    func watchlistTop() throws {
        let scenario = try ScenarioParserTests.parse(
            "duration: 1h\nmarket:\n  universe: {from: \(Self.recording)}\n  step: 1h\n  history: 1d\nwatchlist: top 5\n"
        )
        #expect(scenario.watchlist == ["bitcoin", "ethereum", "tether", "usd-coin", "binancecoin"])
    }

    @Test(
        "bad universes, generators, correlations and watchlists are located errors",
        arguments: [
            (
                "market:\n  universe: {from: datasets/coingecko/btc-usd-max.csv}\n",
                "test.yaml:3:20: market.universe.from: 'datasets/coingecko/btc-usd-max.csv' is not a recorded /coins/markets response"
            ),
            (
                "market:\n  universe: {from: \(recording), top: 101}\n",
                "test.yaml:3:84: market.universe.top: expected a whole number from 1 to 100"
            ),
            (
                "market:\n  universe: {from: \(recording)}\n  coins: [{id: a}]\n",
                "test.yaml:3:13: market.universe: give either coins or universe, not both"
            ),
            (
                "market:\n  coins: {count: 0}\n",
                "test.yaml:3:18: market.coins.count: expected a whole number from 1 to 10000"
            ),
            (
                "market:\n  coins: [{id: a}, {id: b}]\n  correlation: 1.5\n",
                "test.yaml:4:16: market.correlation: expected a number from 0.0 to 0.999"
            ),
            (
                "market:\n  coins: [{id: a}, {id: b, model: ou}]\n  correlation: {matrix: [[1, 0.5], [0.5, 1]]}\n",
                "test.yaml:4:25: market.correlation.matrix: coin b: ou prices revert to a peg"
            ),
            (
                "market:\n  coins: [{id: a}, {id: b}]\n  correlation: {matrix: [[1, 0.99], [0.5, 1]]}\n",
                "test.yaml:4:25: market.correlation.matrix: correlation matrix \"market.correlation.matrix\": not symmetric"
            ),
            (
                "market:\n  coins: [{id: a}, {id: b}]\n  correlation: {matrix: [[1, 0.5], [0.5, 1]], coins: [a, a]}\n",
                "test.yaml:4:54: market.correlation.coins: coin 'a' is listed twice"
            ),
            (
                "market: {source: fixtures, intraday: bridge, step: 30s}\n",
                "test.yaml:2:52: market.step: a bridge step must be at least 1m"
            ),
            (
                "market: {source: fixtures, step: 5m}\n",
                "test.yaml:2:34: market.step: only used with intraday: bridge"
            ),
            (
                "market:\n  coins: [{id: a}, {id: b}]\nwatchlist: top 3\n",
                "test.yaml:4:12: watchlist: expected a list of coin ids or 'top N' with N from 1 to 2, found 'top 3'"
            ),
        ])
    func errors(text: String, expected: String) {
        let error = ScenarioParserTests.error("duration: 1h\n" + text)
        #expect(error.hasPrefix(expected), "\(error)")
    }
}

/// `market.seed`: the market drawn from its own seed, whatever the run's (a fleet's users share
/// one market, docs/fleet.md).
@Suite("market.seed pins the market while the run's seed varies the rest")
struct MarketSeedTests {
    @Test("two run seeds, one market.seed: the same prices; without it, different prices")
    func pinned() throws {
        let root = RepositoryFiles.root
        let path = root.appendingPathComponent("fleets/user-day.yaml").path
        let pinned = try ScenarioParser.load(path: path, projectRoot: root, overrides: ["market.seed=5"])
        #expect(pinned.marketSeed == 5)
        func price(_ scenario: Scenario, seed: UInt64) throws -> Double? {
            try scenario.runConfig(seed: seed, projectRoot: root).truePrice(
                "bitcoin", scenario.start + 3_600_000)
        }
        #expect(try price(pinned, seed: 1) == price(pinned, seed: 2))
        let free = try ScenarioParser.load(path: path, projectRoot: root)
        #expect(free.marketSeed == nil)
        #expect(try price(free, seed: 1) != price(free, seed: 2))
        #expect(try price(free, seed: 5) == price(pinned, seed: 1))
    }
}
