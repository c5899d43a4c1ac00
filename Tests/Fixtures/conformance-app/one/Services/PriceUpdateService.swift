// A fixture written for the workbench's tests, in the app's layout: not the app's code.
import Foundation

/// Fetches, then sleeps 30 s, until stopped.
final class PriceUpdateService {
    static let shared = PriceUpdateService()

    private let service: CoinGeckoService
    private var loop: Task<Void, Never>?
    var onPricesUpdated: (([String: Coin]) -> Void)?

    private init(service: CoinGeckoService = .shared) { self.service = service }

    func startPeriodicUpdates(for coinIds: [String]) {
        stopPeriodicUpdates()
        if coinIds.isEmpty { return }
        loop = Task {
            while !Task.isCancelled {
                if let prices = try? await service.fetchMarketData(coinIds: coinIds) {
                    await MainActor.run { onPricesUpdated?(prices) }
                }
                try? await Task.sleep(for: .seconds(30))
            }
        }
    }

    func stopPeriodicUpdates() {
        loop?.cancel()
        loop = nil
    }

    func refreshPrices(for coinIds: [String]) async throws -> [String: Coin] {
        service.invalidateMarketDataCache()
        return try await service.fetchMarketData(coinIds: coinIds)
    }
}
