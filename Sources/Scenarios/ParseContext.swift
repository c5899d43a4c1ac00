import Datasets
import Foundation
import PriceModels
import Simulation
import TrackerCore
import Yams

/// The sections of a scenario, each read and validated.
struct ParseContext {
    let file: String
    let projectRoot: URL
    let start: Int64
    /// The run's length, once known: times (`at`) must fall inside it.
    var duration: Int64 = .max
    /// The market's coins, once known: every coin a section names must be one of them.
    var coinIds: [String]?

    /// The time `at` gives, checked to fall within the run.
    func time(_ reader: NodeReader) throws(ScenarioError) -> Int64 {
        let offset = try reader.duration(allowZero: true)
        guard offset <= duration else {
            throw reader.error(
                "'\(try reader.string())' is after the end of the run (duration \(TimeFormatting.duration(duration)))"
            )
        }
        return start + offset
    }

    /// A coin id, checked to be one of the market's coins.
    func marketCoin(_ reader: NodeReader) throws(ScenarioError) -> String {
        let id = try reader.string()
        if let coinIds, !coinIds.contains(id) {
            throw reader.error(
                "'\(id)' is not a coin of the market; coins: \(coinIds.joined(separator: ", "))")
        }
        return id
    }

    func market(_ reader: NodeReader) throws(ScenarioError) -> Scenario.MarketSpec {
        let section = try reader.mapping(allowing: [
            "source", "coins", "step", "history", "directory", "shift",
        ])
        let synthetic: Bool =
            try section.optional("source")?.choice([("synthetic", true), ("fixtures", false)]) ?? true
        if !synthetic {
            for key in ["coins", "step", "history"] where section.has(key) {
                throw try section.required(key).error("not used with source: fixtures")
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
                shiftMilliseconds: try section.optional("shift")?.duration(allowZero: true) ?? 0)
        }
        for key in ["directory", "shift"] where section.has(key) {
            throw try section.required(key).error("only used with source: fixtures")
        }
        let coinReaders = try section.required("coins").sequence()
        guard !coinReaders.isEmpty else {
            throw try section.required("coins").error("expected at least one coin")
        }
        var coins: [SyntheticCoin] = []
        for coinReader in coinReaders {
            let coin = try self.coin(coinReader)
            if coins.contains(where: { $0.id == coin.id }) {
                throw coinReader.error("coin id '\(coin.id)' appears twice")
            }
            coins.append(coin)
        }
        return .synthetic(
            coins: coins, stepMilliseconds: try section.optional("step")?.duration() ?? 300_000,
            historyMilliseconds: try section.optional("history")?.duration(allowZero: true) ?? 366
                * 86_400_000)
    }

    private func coin(_ reader: NodeReader) throws(ScenarioError) -> SyntheticCoin {
        let section = try reader.mapping(allowing: [
            "id", "symbol", "name", "supply", "price", "model", "params", "calibrate",
        ])
        let id = try section.required("id").string()
        guard !id.isEmpty, id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw try section.required("id").error(
                "expected an id of letters, digits, '-' and '_', found \(QuotedValue.text(id))")
        }
        var parameters: [String: Double] = [:]
        var parameterReaders: [String: NodeReader] = [:]
        if let params = section.optional("params") {
            guard case .mapping(let mapping) = params.node else {
                throw params.error("expected a mapping, found \(params.found)")
            }
            for (key, value) in mapping {
                let name = key.scalar?.string ?? ""
                let parameter = NodeReader(node: value, file: file, path: params.child(name))
                parameters[name] = try parameter.double()
                parameterReaders[name] = parameter
            }
        }
        let modelName = try section.optional("model")?.string() ?? "gbm"
        var model: PriceModel
        do {
            model = try PriceModel.named(modelName, parameters: parameters)
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
        if let calibrate = section.optional("calibrate") {
            model = .gbm(try calibratedGBM(calibrate))
        }
        let coin = SyntheticCoin(
            id: id, symbol: try section.optional("symbol")?.string() ?? id,
            name: try section.optional("name")?.string() ?? id,
            circulatingSupply: try section.optional("supply")?.double() ?? 1e9,
            startPrice: try section.optional("price")?.double() ?? 1, model: model)
        do {
            try coin.validate()
        } catch {
            throw reader.error(error.description)
        }
        return coin
    }

    /// GBM calibrated from a recorded daily CSV export or market_chart file.
    private func calibratedGBM(_ reader: NodeReader) throws(ScenarioError) -> GeometricBrownianMotion {
        let path = try datasetPath(reader, default: "")
        let url = projectRoot.appendingPathComponent(path)
        guard let data = try? Data(contentsOf: url) else { throw reader.error("cannot read '\(path)'") }
        do {
            let prices =
                path.hasSuffix(".csv")
                ? try CoinGeckoCSVDecoder.decode(String(decoding: data, as: UTF8.self), source: path).prices
                : try MarketChartDecoder.decode([UInt8](data), source: path).prices
            return try GBMCalibration.fit(timestamps: prices.timestamps, prices: prices.values)
        } catch {
            throw reader.error("cannot calibrate from '\(path)': \(error)")
        }
    }

    /// A dataset path: relative, inside the project, and existing.
    func datasetPath(_ reader: NodeReader?, default fallback: String) throws(ScenarioError) -> String {
        let path = try reader?.string() ?? fallback
        // Errors point at the key when the file gives one, else at the market section.
        let place = reader ?? NodeReader(node: Node(path), file: file, path: "market")
        let root = projectRoot.standardizedFileURL.path
        let resolved = projectRoot.appendingPathComponent(path).standardizedFileURL.path
        guard !path.hasPrefix("/"), PathNames.isInside(path, root: projectRoot) else {
            throw place.error(
                "'\(path)' is outside the project (after resolving '..' and symbolic links); give a path relative to \(root)"
            )
        }
        guard FileManager.default.fileExists(atPath: resolved) else {
            throw place.error(
                "no such file or directory '\(path)'")
        }
        return path
    }
}
