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
        #expect(market.coins.filter { $0.model.process.name == "merton" }.count == 16)
        #expect(market.origin == "top 20 of \(Self.recording)")
        guard case .oneFactor(let correlations) = market.correlation else {
            Issue.record("expected one market factor by default")
            return
        }
        #expect(correlations["bitcoin"] == 0.82)
        #expect(correlations["tether"] == nil)
        #expect(market.correlationSummary == "one market factor: 16 coins, pairwise 0.82")
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
                "market:\n  coins: [{id: a}, {id: b}]\nwatchlist: top 3\n",
                "test.yaml:4:12: watchlist: expected a list of coin ids or 'top N' with N from 1 to 2, found 'top 3'"
            ),
        ])
    func errors(text: String, expected: String) {
        let error = ScenarioParserTests.error("duration: 1h\n" + text)
        #expect(error.hasPrefix(expected), "\(error)")
    }
}
