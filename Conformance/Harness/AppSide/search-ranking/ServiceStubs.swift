import Foundation

/// Stands in for the app's `CoinGeckoService` (not extracted: it is the network): the search
/// view model asks it for market data, and it answers with what the case returned.
final class CoinGeckoService {
    static let shared = CoinGeckoService()
    nonisolated(unsafe) static var marketData: [String: Coin] = [:]

    func fetchCoinList() async throws -> [CoinListItem] { [] }

    func fetchMarketData(coinIds: [String]) async throws -> [String: Coin] {
        Self.marketData.filter { coinIds.contains($0.key) }
    }
}
