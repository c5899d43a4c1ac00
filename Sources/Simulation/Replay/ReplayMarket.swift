import AppHosting
import Datasets
import Foundation
import PriceModels
import TrackerCore

/// The recorded CoinGecko datasets as a market: byte-exact recordings served at the times they
/// cover, and every other request answered from the recorded price history.
///
/// The history of Bitcoin is the daily CoinGecko CSV export (`btc-usd-max.csv`, the daily truth)
/// with the recorded day of 5-minute prices (`market_chart ... days=1`) in place of the daily
/// points it covers. A request whose endpoint and query match a recording (ignoring parameters
/// that only add fields, such as `price_change_percentage`) arriving within the recording's
/// `max-age` after its `Date` is answered with the recorded bytes; anything else is answered in
/// CoinGecko's shapes from the history, by ``SimulatedMarket``'s endpoints.
///
/// `shiftMilliseconds` moves the whole history onto another period (`simulated = recorded +
/// shift`). Recorded bodies carry their own timestamps, so they are served only when the shift
/// is 0; a shifted replay answers from the shifted history alone.
public struct ReplayMarket: MarketSource {
    /// One recorded response.
    struct Recording: Sendable {
        var file: String
        var endpoint: CoinGeckoEndpoint
        var query: [String: String]
        var recordedAt: Int64
        var maxAgeMilliseconds: Int64
        var cacheControl: String
        var body: [UInt8]
    }

    /// The recorded history as a market (prices, coins, endpoints).
    public let history: SimulatedMarket
    /// The most points a bridge may add (about 480 MB of prices and times).
    public static let maximumBridgePoints = 30_000_000

    /// How far the history is moved, ms.
    public let shiftMilliseconds: Int64
    /// Bitcoin's volatility per year, fitted to the recorded daily returns (GBM maximum
    /// likelihood, ``GBMCalibration``): the bridge's volatility.
    public let calibratedVolatility: Double
    let recordings: [Recording]

    /// Query parameters that only add fields to a response; ignored when matching recordings.
    static let fieldOnlyParameters: Set<String> = [
        "price_change_percentage", "include_24hr_change", "include_last_updated_at", "per_page",
        "localization",
        "tickers", "market_data", "community_data", "developer_data", "sparkline",
    ]

    /// Loads a dataset directory (`datasets/coingecko`).
    ///
    /// - Parameters:
    ///   - directory: The directory with `index.json`.
    ///   - historyDirectory: Where the Bitcoin history comes from (`btc-usd-max.csv` and the
    ///     recorded day and markets row beside it): `directory` by default; a folder made by
    ///     `workbench record` replays its recordings over `datasets/coingecko`'s history.
    ///   - shiftMilliseconds: How far to move the history (0: replay at the recorded times).
    ///   - intraday: How the time between recorded prices is filled (``IntradayFill``).
    ///   - seed: The run's root seed, for a bridge.
    /// - Throws: ``DatasetError`` for a missing or malformed file, naming it.
    public init(
        directory: URL, historyDirectory: URL? = nil, shiftMilliseconds: Int64 = 0,
        intraday: IntradayFill = .none,
        seed: UInt64 = 1
    ) throws(DatasetError) {
        let index = try DatasetIndex.load(from: directory)
        let historyDirectory = historyDirectory ?? directory
        let (merged, daily) = try Self.bitcoinHistory(in: historyDirectory, shift: shiftMilliseconds)
        var history = merged
        let supply = try Self.bitcoinSupply(in: historyDirectory)
        let model =
            (try? GBMCalibration.fit(timestamps: daily.timestamps, prices: daily.values))
            ?? GeometricBrownianMotion(drift: 0, volatility: 1)
        if case .bridge(let step) = intraday {
            let added = BrownianBridge.pointsAdded(to: history, stepMilliseconds: step)
            guard added <= Self.maximumBridgePoints else {
                throw .unrecognised(
                    path: historyDirectory.appendingPathComponent("btc-usd-max.csv").path,
                    reason:
                        "a bridge every \(step / 1000) s would add \(added) points, more than \(Self.maximumBridgePoints); "
                        + "use a larger market.step")
            }
            history = BrownianBridge.fill(
                history, stepMilliseconds: step, volatility: model.volatility,
                stream: RandomStream(seed: StreamSeed(root: seed, stream: "bridge/bitcoin")))
        }
        self.calibratedVolatility = model.volatility
        let bitcoin = SyntheticCoin(
            id: "bitcoin", symbol: "btc", name: "Bitcoin", circulatingSupply: supply,
            startPrice: history.values[0], model: .gbm(model))
        do {
            self.history = try SimulatedMarket(coins: [bitcoin], paths: ["bitcoin": history])
        } catch {
            throw .unrecognised(
                path: historyDirectory.appendingPathComponent("btc-usd-max.csv").path, reason: "\(error)")
        }
        self.shiftMilliseconds = shiftMilliseconds
        recordings = shiftMilliseconds == 0 ? try Self.recordings(index, in: directory) : []
    }

    /// The recorded bytes when a recording covers the request and time, otherwise the history's
    /// answer.
    public func respond(to request: HTTPRequest, at now: Int64) -> HTTPResponse {
        if let recording = recording(for: request, at: now) {
            return HTTPResponse(
                status: 200,
                headers: [
                    "Content-Type": "application/json", "Cache-Control": recording.cacheControl,
                    "X-Replayed-From": recording.file,
                ],
                body: recording.body)
        }
        return history.respond(to: request, at: now)
    }

    /// The recording that answers a request at a time, if any.
    func recording(for request: HTTPRequest, at now: Int64) -> Recording? {
        guard let endpoint = request.endpoint else { return nil }
        let query = Dictionary(
            request.query.filter { !Self.fieldOnlyParameters.contains($0.name) }.map { ($0.name, $0.value) },
            uniquingKeysWith: { _, last in last })
        return recordings.first { recording in
            recording.endpoint == endpoint && recording.query == query && now >= recording.recordedAt
                && now < recording.recordedAt + recording.maxAgeMilliseconds
        }
    }
}
