import Datasets
import Foundation
import PriceModels
import Simulation
import TrackerCore
import WorkbenchFoundation
import Yams

extension ParseContext {
    /// The pairwise correlation of daily log returns a universe's or generated market's coins
    /// share by default: the middle of Bitcoin and Ether's 0.78-0.86 per calendar year over
    /// 2018-2021 on CoinGecko's daily exports (docs/price-models.md).
    static let defaultMarketCorrelation = 0.82

    /// The keys of `market:`.
    static let marketKeys = [
        "source", "coins", "universe", "correlation", "step", "history", "directory", "shift", "intraday",
        "listed", "seed",
    ]

    /// `market.seed`: the seed the market is drawn from, when it is not the run's (a fleet's users
    /// share one market; a sweep can keep the market and vary the user).
    func marketSeed(_ reader: NodeReader) throws(ScenarioError) -> UInt64? {
        guard let seed = try reader.mapping(allowing: Self.marketKeys).optional("seed") else { return nil }
        return UInt64(try seed.integer(in: 0...Int.max))
    }

    func market(_ reader: NodeReader) throws(ScenarioError) -> Scenario.MarketSpec {
        let section = try reader.mapping(allowing: Self.marketKeys)
        let synthetic: Bool =
            try section.optional("source")?.choice([("synthetic", true), ("fixtures", false)]) ?? true
        if !synthetic { return try fixturesMarket(section, reader: reader) }
        for key in ["directory", "shift", "intraday"] where section.has(key) {
            throw try section.required(key).error("only used with source: fixtures")
        }
        let listed = try listedUniverse(section.optional("listed"))
        let step = try section.optional("step")?.duration() ?? 300_000
        let coins: MarketCoins
        switch (section.optional("coins"), section.optional("universe")) {
        case (let listed?, nil):
            coins =
                listed.isMapping
                ? try generatedCoins(listed) : try listedCoins(listed, stepMilliseconds: step)
        case (nil, let universe?): coins = try universeCoins(universe, stepMilliseconds: step)
        case (_?, let universe?): throw universe.error("give either coins or universe, not both")
        case (nil, nil): throw reader.error("missing required key 'coins' (or 'universe')")
        }
        var market = Scenario.SyntheticMarket(
            coins: coins.coins, stepMilliseconds: step,
            historyMilliseconds: try section.optional("history")?.duration(allowZero: true) ?? 366
                * 86_400_000,
            correlation: try correlation(section.optional("correlation"), coins: coins),
            origin: coins.origin, calibrations: coins.calibrations, listed: listed)
        let simulated = Set(coins.coins.map(\.id))
        switch listed {
        case .none, .notInProject: break
        case .generated(let count): market.listedCoins = .generated(count, excluding: simulated)
        case .recorded(_, let all): market.listedCoins = ListedCoins(coins: all, excluding: simulated)
        }
        return .synthetic(market)
    }

    /// The recorded `/coins/list` (7,248 coins on 2021-05-15) that `listed: recorded` stands for.
    static let recordedCoinList = "datasets/coingecko/coins_list_20210515T1600Z.json"

    /// `listed`: the coins CoinGecko lists beside the simulated ones: `recorded` (the recorded
    /// list, the default), `none`, a number of generated coins, or a recorded `/coins/list` file.
    /// Without the key, a project folder that does not hold the recorded list lists none.
    private func listedUniverse(_ reader: NodeReader?) throws(ScenarioError) -> Scenario.ListedUniverse {
        guard let reader else {
            let recorded = projectRoot.appendingPathComponent(Self.recordedCoinList).path
            guard FileManager.default.fileExists(atPath: recorded) else { return .notInProject }
            return try recordedList(Self.recordedCoinList, place: nil)
        }
        let text = try reader.string()
        if text == "none" { return .none }
        if let count = Int(text) {
            guard (1...100_000).contains(count) else {
                throw reader.error(
                    "expected 1 to 100000 generated coins, 'recorded', 'none', or a /coins/list file")
            }
            return .generated(count)
        }
        return try recordedList(
            try datasetPath(text == "recorded" ? nil : reader, default: Self.recordedCoinList), place: reader)
    }

    /// A recorded `/coins/list` in the project folder, decoded once a process.
    private func recordedList(_ checked: String, place reader: NodeReader?) throws(ScenarioError)
        -> Scenario.ListedUniverse
    {
        let place = reader ?? NodeReader(node: Node(checked, .plain), files: files, path: "market.listed")
        do {
            let coins = try RecordedCoinLists.coins(
                at: projectRoot.appendingPathComponent(checked).path, source: checked)
            return .recorded(path: checked, coins: coins)
        } catch let error as CheckedFile.Failure {
            throw place.error("cannot read '\(checked)': \(error.reason)")
        } catch {
            throw place.error("'\(checked)' is not a recorded /coins/list response: \(error)")
        }
    }

    /// `watchlist`: a list of the market's coin ids, or `top N`, the market's first N coins.
    func watchlist(_ reader: NodeReader?) throws(ScenarioError) -> [String]? {
        guard let reader else { return nil }
        let ids = coinIds ?? []
        if case .scalar = reader.node {
            let text = try reader.string()
            let words = text.split(separator: " ")
            guard words.count == 2, words[0] == "top", let count = Int(words[1]),
                (1...ids.count).contains(count)
            else {
                throw reader.error(
                    "expected a list of coin ids or 'top N' with N from 1 to \(ids.count), found \(QuotedValue.text(text))"
                )
            }
            return Array(ids.prefix(count))
        }
        var seen: Set<String> = []
        return try reader.sequence().compactMap { item in
            sink.attempt { () throws(ScenarioError) in
                let id = try marketCoin(item)
                // The app refuses a coin already on the list (WatchlistViewModel.addCoin).
                guard seen.insert(id).inserted else {
                    throw item.error("'\(id)' is on the watchlist already; list each coin once")
                }
                return id
            }
        }
    }

    /// A synthetic market's coins, each coin's own correlation override, and where they came from.
    struct MarketCoins {
        var coins: [SyntheticCoin] = []
        /// `params.correlation`, by coin id.
        var correlations: [String: Double] = [:]
        /// The market-wide correlation when the scenario gives none.
        var defaultCorrelation = 0.0
        var origin: String
        /// What each calibrated coin was fitted to, and the parameters.
        var calibrations: [(coin: String, summary: String)] = []
    }

    /// `correlation`: a number (one market factor) or `{matrix: [[...]], coins: [...]}`.
    private func correlation(_ reader: NodeReader?, coins: MarketCoins) throws(ScenarioError)
        -> MarketCorrelation
    {
        let ids = coins.coins.map(\.id)
        if let reader, reader.isMapping {
            let section = try reader.mapping(allowing: ["matrix", "coins"])
            let matrixReader = try section.required("matrix")
            let rows = try matrixReader.sequence().map { row throws(ScenarioError) in
                try row.sequence().map { value throws(ScenarioError) in try value.double() }
            }
            var listed = ids
            if let coinsReader = section.optional("coins") {
                listed = try coinsReader.sequence().map { item throws(ScenarioError) in try marketCoin(item) }
                if let twice = listed.first(where: { id in listed.filter { $0 == id }.count > 1 }) {
                    throw coinsReader.error("coin '\(twice)' is listed twice")
                }
            }
            do {
                let matrix = try CorrelationMatrix(
                    rows: rows, size: (listed.count, "coins"), name: matrixReader.path)
                let correlation = MarketCorrelation.matrix(coinIds: listed, matrix)
                try correlation.check(against: coins.coins)
                return correlation
            } catch {
                throw matrixReader.error(error.description)
            }
        }
        let marketWide = try reader?.double(in: 0...0.999) ?? coins.defaultCorrelation
        var correlations: [String: Double] = [:]
        for coin in coins.coins where coin.model.process.followsMarket { correlations[coin.id] = marketWide }
        for (id, value) in coins.correlations { correlations[id] = value }
        let correlation: MarketCorrelation =
            correlations.values.contains { $0 > 0 } ? .oneFactor(correlations: correlations) : .independent
        do {
            try correlation.check(against: coins.coins)
        } catch {
            throw (reader ?? NodeReader(node: .init(""), files: files, path: "market")).error(
                error.description)
        }
        return correlation
    }

    /// `coins` as a list: each coin by hand.
    private func listedCoins(_ reader: NodeReader, stepMilliseconds: Int64) throws(ScenarioError)
        -> MarketCoins
    {
        let coinReaders = try reader.sequence()
        guard !coinReaders.isEmpty else { throw reader.error("expected at least one coin") }
        var coins = MarketCoins(origin: CountText.of(coinReaders.count, "coin"))
        for coinReader in coinReaders {
            let (coin, correlation, calibration) = try self.coin(
                coinReader, stepMilliseconds: stepMilliseconds)
            if coins.coins.contains(where: { $0.id == coin.id }) {
                throw coinReader.error("coin id '\(coin.id)' appears twice")
            }
            coins.coins.append(coin)
            if let correlation { coins.correlations[coin.id] = correlation }
            if let calibration { coins.calibrations.append((coin.id, calibration)) }
        }
        return coins
    }

    private func coin(_ reader: NodeReader, stepMilliseconds: Int64) throws(ScenarioError)
        -> (SyntheticCoin, correlation: Double?, calibration: String?)
    {
        let section = try reader.mapping(allowing: [
            "id", "symbol", "name", "supply", "price", "model", "params", "calibrate",
        ])
        let id = try section.required("id").string()
        guard Self.isCoinId(id) else {
            throw try section.required("id").error(
                "expected an id of letters, digits, '-' and '_', found \(QuotedValue.text(id))")
        }
        var (model, correlation) = try priceModel(section, reader: reader)
        var summary: String?
        if let calibrate = section.optional("calibrate") {
            let calibration = try calibration(calibrate, stepMilliseconds: stepMilliseconds)
            (model, summary) = (calibration.model, calibration.summary)
        }
        let coin = SyntheticCoin(
            id: id, symbol: try section.optional("symbol")?.string() ?? id,
            name: try section.optional("name")?.string() ?? id,
            circulatingSupply: try section.optional("supply")?.double() ?? 1e9,
            startPrice: try section.optional("price")?.double() ?? 1, model: model)
        try validated(coin, reader, keys: section)
        return (coin, correlation, summary)
    }

    /// Letters, digits, `-` and `_`, not empty.
    static func isCoinId(_ id: String) -> Bool {
        !id.isEmpty && id.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    /// Checks a coin; a bad supply or price is named by its scenario key (`supply`, `price`) and
    /// located at it when the coin's mapping gives it.
    func validated(_ coin: SyntheticCoin, _ reader: NodeReader, keys: MappingReader? = nil)
        throws(ScenarioError)
    {
        do {
            try coin.validate()
            try coin.checkFirstYear()
        } catch {
            if case .invalidParameter(_, let name, let value, let expected) = error,
                let key = ["start_price": "price", "circulating_supply": "supply"][name]
            {
                throw (keys?.optional(key) ?? reader).error(
                    "coin \(coin.id): \(key) must be \(expected), found \(value)")
            }
            throw reader.error(error.description)
        }
    }

    /// `model` and `params` of a section; `params.correlation`, the coin's correlation with the
    /// market (0 to 0.999), is taken out before the model sees its parameters.
    func priceModel(_ section: MappingReader, reader: NodeReader) throws(ScenarioError)
        -> (PriceModel, correlation: Double?)
    {
        var parameters: [String: Double] = [:]
        var parameterReaders: [String: NodeReader] = [:]
        var correlation: Double?
        if let params = section.optional("params") {
            guard case .mapping(let mapping) = params.node else {
                throw params.error("expected a mapping, found \(params.found)")
            }
            for (key, value) in mapping {
                let name = key.scalar?.string ?? ""
                let parameter = NodeReader(node: value, files: files, path: params.child(name))
                if name == "correlation" {
                    correlation = try parameter.double(in: 0...0.999)
                    continue
                }
                parameters[name] = try parameter.double()
                parameterReaders[name] = parameter
            }
        }
        let modelName = try section.optional("model")?.string() ?? "gbm"
        do {
            return (try PriceModel.named(modelName, parameters: parameters), correlation)
        } catch {
            // Point at the offending parameter when the file gives it.
            var place = section.optional("params") ?? section.optional("model") ?? reader
            switch error {
            case .invalidParameter(_, let name, _, _), .unknownParameter(_, let name, _):
                place = parameterReaders[name] ?? place
            case .unknownModel: place = section.optional("model") ?? place
            default: break
            }
            throw place.error(error.description)
        }
    }

    private func fixturesMarket(_ section: MappingReader, reader: NodeReader) throws(ScenarioError)
        -> Scenario.MarketSpec
    {
        for key in ["coins", "universe", "correlation", "history"] where section.has(key) {
            throw try section.required(key).error("not used with source: fixtures")
        }
        let bridge: Bool =
            try section.optional("intraday")?.choice([("none", false), ("bridge", true)]) ?? false
        if !bridge, let step = section.optional("step") {
            throw step.error("only used with intraday: bridge (a recorded market has its own times)")
        }
        var intraday = IntradayFill.none
        if bridge {
            let step = try section.optional("step")?.duration() ?? 300_000
            guard step >= 60_000 else {
                throw try section.required("step").error(
                    "a bridge step must be at least 1m (a minute over Bitcoin's history since 2010 is 8 million points)"
                )
            }
            intraday = .bridge(stepMilliseconds: step)
        }
        let directory = try datasetPath(section.optional("directory"), default: Scenario.bundledDataset)
        // A recorded market is an index of recordings and the daily CSV export beside it, or
        // (a folder made by `workbench record`) in the bundled dataset.
        let place = section.optional("directory") ?? reader
        do {
            _ = try DatasetIndex.load(from: projectRoot.appendingPathComponent(directory))
            _ = try CheckedFile.regularFileSize(
                Scenario.historyDirectory(for: directory, projectRoot: projectRoot)
                    .appendingPathComponent("btc-usd-max.csv").path)
        } catch let error as CheckedFile.Failure {
            throw place.error("'\(directory)' holds no recorded market: btc-usd-max.csv \(error.reason)")
        } catch {
            throw place.error("'\(directory)' holds no recorded market: \(error)")
        }
        return .fixtures(
            directory: directory,
            shiftMilliseconds: try section.optional("shift")?.duration(allowZero: true) ?? 0,
            intraday: intraday)
    }
}
