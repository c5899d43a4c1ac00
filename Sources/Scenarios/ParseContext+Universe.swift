import Datasets
import Foundation
import PriceModels
import TrackerCore
import WorkbenchFoundation

extension ParseContext {
    /// `market.universe`: the coins of a recorded `/coins/markets` response, in its order.
    ///
    /// Ids, symbols, names, circulating supplies and prices come from the rows; the first `top`
    /// rows are taken. Every coin gets `model` and `params`, except stablecoins, which get `ou`
    /// pegged at 1 (`stablecoins: ou`, the default) unless `stablecoins: model`, and coins with a
    /// recorded daily history beside the recording (`<symbol>-usd-max.csv`), which get GARCH(1,1)-t
    /// fitted to it (`calibrate: false` turns that off).
    func universeCoins(_ reader: NodeReader, stepMilliseconds: Int64) throws(ScenarioError) -> MarketCoins {
        let section = try reader.mapping(allowing: [
            "from", "top", "model", "params", "stablecoins", "calibrate",
        ])
        let fromReader = try section.required("from")
        let path = try datasetPath(fromReader, default: "")
        let rows: [CoinMarket]
        do {
            let bytes = try CheckedFile.read(projectRoot.appendingPathComponent(path).path, limit: 64 << 20)
            rows = try CoinMarket.decodeList(bytes, source: path)
        } catch let error as CheckedFile.Failure {
            throw fromReader.error("cannot read '\(path)': \(error.reason)")
        } catch {
            throw fromReader.error("'\(path)' is not a recorded /coins/markets response: \(error)")
        }
        guard !rows.isEmpty else { throw fromReader.error("'\(path)' lists no coins") }
        let top = try section.optional("top")?.integer(in: 1...rows.count) ?? rows.count
        let (model, correlation) = try priceModel(section, reader: reader)
        let calibrate = try section.optional("calibrate")?.bool() ?? true
        let pegStablecoins: Bool =
            try section.optional("stablecoins")?.choice([("ou", true), ("model", false)]) ?? true
        var coins = MarketCoins(
            defaultCorrelation: correlation ?? Self.defaultMarketCorrelation,
            origin: "top \(top) of \(path)")
        // A recorded daily history beside the recording (CoinGecko's export name) calibrates a coin.
        let folder = (path as NSString).deletingLastPathComponent
        for (index, row) in rows.prefix(top).enumerated() {
            guard let price = row.currentPrice, price.isFinite, price > 0 else {
                throw fromReader.error("row \(index) (\(row.id)) has no positive current_price")
            }
            let supply =
                row.circulatingSupply.flatMap { $0 > 0 ? $0 : nil } ?? row.marketCap.map { $0 / price }
            guard let supply, supply.isFinite, supply > 0 else {
                throw fromReader.error(
                    "row \(index) (\(row.id)) has neither circulating_supply nor market_cap")
            }
            guard Self.isCoinId(row.id) else {
                throw fromReader.error(
                    "row \(index): expected an id of letters, digits, '-' and '_', found \(QuotedValue.text(row.id))"
                )
            }
            var coinModel = pegStablecoins && Self.isStablecoin(row, price: price) ? Self.peggedModel : model
            let history = (folder.isEmpty ? "" : folder + "/") + "\(row.symbol)-usd-max.csv"
            if calibrate, coinModel != Self.peggedModel, PathNames.isInside(history, root: projectRoot),
                FileManager.default.fileExists(atPath: projectRoot.appendingPathComponent(history).path)
            {
                let calibration = try calibration(
                    path: history, model: .garch, stepMilliseconds: stepMilliseconds, at: fromReader)
                coinModel = calibration.model
                coins.calibrations.append((row.id, calibration.summary))
            }
            let coin = SyntheticCoin(
                id: row.id, symbol: row.symbol, name: row.name, circulatingSupply: supply, startPrice: price,
                model: coinModel)
            guard !coins.coins.contains(where: { $0.id == coin.id }) else {
                throw fromReader.error("row \(index): coin id '\(coin.id)' appears twice")
            }
            try validated(coin, fromReader)
            coins.coins.append(coin)
        }
        return coins
    }

    /// `market.coins: {count: N, ...}`: seeded coins with made-up names, ranked by market cap.
    ///
    /// Market caps follow the rank-size law fitted to the recorded top 100 of 2023-01-08
    /// (`cap = 3.3e11 x rank^-1.54`, least squares on the logs); prices are log-uniform between
    /// 10^-6 and 10^4, the recorded range. Names, prices and caps depend only on `seed` (1 by
    /// default), not on the run's seed, so a sweep's seeds share one universe.
    func generatedCoins(_ reader: NodeReader) throws(ScenarioError) -> MarketCoins {
        let section = try reader.mapping(allowing: ["count", "model", "params", "seed"])
        let count = try section.required("count").integer(in: 1...10_000)
        let seed = UInt64(try section.optional("seed")?.integer(in: 0...Int.max) ?? 1)
        let (model, correlation) = try priceModel(section, reader: reader)
        var coins = MarketCoins(
            defaultCorrelation: correlation ?? Self.defaultMarketCorrelation,
            origin: "\(CountText.of(count, "generated coin")) (seed \(seed))")
        let stream = RandomStream(seed: StreamSeed(root: seed, stream: "market/generated-coins"))
        var names = Set<String>()
        for rank in 1...count {
            var name = Self.coinName(stream)
            while names.contains(name) { name = Self.coinName(stream) }
            names.insert(name)
            let price = PortableMath.pow(10, -6 + 10 * stream.uniform())
            let marketCap = Self.topMarketCap * PortableMath.pow(Double(rank), Self.rankSizeExponent)
            coins.coins.append(
                SyntheticCoin(
                    id: name.lowercased(), symbol: String(name.lowercased().prefix(4)), name: name,
                    circulatingSupply: marketCap / price, startPrice: price, model: model))
        }
        return coins
    }

    /// The rank-size law of the recorded top 100 (2023-01-08): the top cap and the exponent.
    static let topMarketCap = 3.3e11
    static let rankSizeExponent = -1.54

    /// Pegged coins: OU around 1 at the catalogue's defaults.
    static let peggedModel = PriceModel.ou(OrnsteinUhlenbeck(peg: 1, reversionSpeed: 500, volatility: 0.05))

    /// A dollar stablecoin: priced within 3 % of $1 with a 24 h range under 2 % of the price (all
    /// nine in the recorded top 100, and no other coin).
    static func isStablecoin(_ row: CoinMarket, price: Double) -> Bool {
        guard abs(price - 1) <= 0.03, let high = row.high24h, let low = row.low24h else { return false }
        return (high - low) / price < 0.02
    }

    private static let syllables = [
        "ba", "co", "da", "fi", "ge", "ka", "lu", "mi", "no", "ra", "si", "ta", "ve", "xo", "zu", "pe", "tor",
        "lan", "mar", "qua", "rex", "sol", "tri", "vo",
    ]

    /// Two or three syllables, capitalised (`Kasolu`).
    private static func coinName(_ stream: RandomStream) -> String {
        let count = stream.uniform() < 0.5 ? 2 : 3
        let text = (0..<count).map { _ in syllables[Int(stream.uniform() * Double(syllables.count))] }
            .joined()
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}
