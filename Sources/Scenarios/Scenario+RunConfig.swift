import AppHosting
import Datasets
import Foundation
import PriceModels
import Simulation
import TrackerCore

extension Scenario.MarketSpec {
    /// The ids of the market's coins (the replayed datasets hold Bitcoin's history).
    public var coinIds: [String] {
        switch self {
        case .synthetic(let synthetic): synthetic.coins.map(\.id)
        case .fixtures: ["bitcoin"]
        }
    }
}

extension Scenario {
    /// The bundled dataset, whose Bitcoin history backs a recordings folder that has none.
    public static let bundledDataset = "datasets/coingecko"

    /// Where a fixtures market's Bitcoin history comes from: its own folder when it holds
    /// `btc-usd-max.csv`, else the bundled dataset (a folder made by `workbench record`).
    ///
    /// - Parameters:
    ///   - directory: The fixtures folder, relative to the project.
    ///   - projectRoot: The project.
    public static func historyDirectory(for directory: String, projectRoot: URL) -> URL {
        let own = projectRoot.appendingPathComponent(directory)
        let hasHistory = FileManager.default.fileExists(
            atPath: own.appendingPathComponent("btc-usd-max.csv").path)
        return hasHistory ? own : projectRoot.appendingPathComponent(bundledDataset)
    }

    /// The run's inputs: the market generated or loaded, the policies, user and alerts.
    ///
    /// - Parameters:
    ///   - seed: The root seed (the scenario's own when nil).
    ///   - projectRoot: Where dataset paths are resolved.
    /// - Returns: The config.
    /// - Throws: ``ScenarioError`` when the market cannot be built (naming `market`).
    public func runConfig(seed: UInt64? = nil, projectRoot: URL) throws(ScenarioError) -> RunConfig {
        runConfig(seed: seed, market: try market(seed: seed, projectRoot: projectRoot))
    }

    /// The market a run with this seed answers from: generated, or loaded from its datasets. Runs
    /// that draw the same market (a fleet's users, whose ``marketSeed`` is the fleet's) can share
    /// one.
    ///
    /// - Parameters:
    ///   - seed: The root seed (the scenario's own when nil); ``marketSeed`` wins when set.
    ///   - projectRoot: Where dataset paths are resolved.
    /// - Returns: What the server answers from, and the market whose prices are the truth.
    /// - Throws: ``ScenarioError`` when the market cannot be built (naming `market`).
    public func market(seed: UInt64? = nil, projectRoot: URL) throws(ScenarioError)
        -> (source: any MarketSource, prices: SimulatedMarket)
    {
        let seed = seed ?? self.seed
        let source: any MarketSource
        let prices: SimulatedMarket
        switch market {
        case .synthetic(let market):
            do {
                var simulated = try SimulatedMarket(
                    coins: market.coins, rootSeed: marketSeed ?? seed,
                    start: start - market.historyMilliseconds,
                    end: start + durationMilliseconds, stepMilliseconds: market.stepMilliseconds,
                    correlation: market.correlation)
                simulated.listed = market.listedCoins
                prices = simulated
            } catch {
                throw ScenarioError(
                    file: file, line: 0, column: 0, keyPath: "market", message: error.description)
            }
            source = prices
        case .fixtures(let directory, let shift, let intraday):
            do {
                let replay = try ReplayMarket(
                    directory: projectRoot.appendingPathComponent(directory),
                    historyDirectory: Self.historyDirectory(for: directory, projectRoot: projectRoot),
                    shiftMilliseconds: shift, intraday: intraday, seed: marketSeed ?? seed)
                (source, prices) = (replay, replay.history)
            } catch {
                throw ScenarioError(
                    file: file, line: 0, column: 0, keyPath: "market.directory", message: error.description)
            }
        }
        return (source, prices)
    }

    /// The run's inputs on a market already built (``market(seed:projectRoot:)``).
    ///
    /// - Parameters:
    ///   - seed: The root seed (the scenario's own when nil).
    ///   - market: The market, built for this scenario and seed.
    /// - Returns: The config.
    public func runConfig(seed: UInt64? = nil, market: (source: any MarketSource, prices: SimulatedMarket))
        -> RunConfig
    {
        let seed = seed ?? self.seed
        let (source, prices) = market
        let coins = Dictionary(uniqueKeysWithValues: prices.coins.map { ($0.id, $0) })
        var app = AppSetup(
            policies: policies,
            watchlist: watchlist?.compactMap { id in
                coins[id].map { CoinListEntry(id: $0.id, symbol: $0.symbol, name: $0.name) }
            },
            alerts: alerts, startsInForeground: startsInForeground, hasWidget: hasWidget)
        app.widgetFamily = widgetFamily
        var config = RunConfig(
            seed: seed, source: source, prices: prices, start: start,
            durationMilliseconds: durationMilliseconds, server: server, app: app, script: script,
            user: sessions)
        config.termination = termination
        return config
    }
}
