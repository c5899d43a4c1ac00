// A fixture written for the workbench's tests, in the app's layout: not the app's code.
import Foundation

/// The fixture's client: /coins/markets of every id in one request, answered from a 30 s cache
/// when every id is in it.
final class CoinGeckoService {
    static let shared = CoinGeckoService()

    private let limiter = RateLimiter()
    private let session: URLSession
    private var rows: [String: Coin] = [:]
    private var fetchedAt: Date?

    private init() {
        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForRequest = 10
        session = URLSession(configuration: configuration)
    }

    func fetchMarketData(coinIds: [String]) async throws -> [String: Coin] {
        if coinIds.isEmpty { return [:] }
        if let fetchedAt, Date().timeIntervalSince(fetchedAt) < 30, coinIds.allSatisfy({ rows[$0] != nil }) {
            return rows.filter { coinIds.contains($0.key) }
        }
        await limiter.waitForNextRequest()
        let url = URL(
            string:
                "https://api.coingecko.com/api/v3/coins/markets?vs_currency=usd&ids=\(coinIds.joined(separator: ","))&price_change_percentage=24h"
        )!
        let (data, response) = try await session.data(from: url)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw WatchlistError.networkError(NSError(domain: "HTTP", code: 0))
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let coins = try decoder.decode([Coin].self, from: data)
        for coin in coins { rows[coin.id] = coin }
        fetchedAt = Date()
        return Dictionary(uniqueKeysWithValues: coins.map { ($0.id, $0) })
    }

    func invalidateMarketDataCache() {
        rows = [:]
        fetchedAt = nil
    }
}
