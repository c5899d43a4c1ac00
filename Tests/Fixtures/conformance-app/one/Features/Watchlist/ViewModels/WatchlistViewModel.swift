// A fixture written for the workbench's tests, in the app's layout: not the app's code.
import Foundation
import Observation
import SwiftData

/// The list: its coins with their rows, loaded, refreshed, kept fresh by the loop.
@Observable
final class WatchlistViewModel {
    var watchlistCoins: [(WatchlistItem, Coin)] = []
    private let service: CoinGeckoService
    private let updates: PriceUpdateService
    private var context: ModelContext?

    init(service: CoinGeckoService = .shared, updates: PriceUpdateService = .shared) {
        self.service = service
        self.updates = updates
    }

    func configure(modelContext: ModelContext) { context = modelContext }

    @MainActor
    func loadWatchlistWithPrices() async {
        guard let context else { return }
        let items =
            (try? context.fetch(FetchDescriptor<WatchlistItem>(sortBy: [SortDescriptor(\.dateAdded)]))) ?? []
        if items.isEmpty { return }
        guard let prices = try? await service.fetchMarketData(coinIds: items.map(\.coinId)) else { return }
        watchlistCoins = items.compactMap { item in prices[item.coinId].map { (item, $0) } }
        updates.onPricesUpdated = { [weak self] prices in
            guard let self else { return }
            self.watchlistCoins = self.watchlistCoins.map { ($0.0, prices[$0.0.coinId] ?? $0.1) }
        }
        updates.startPeriodicUpdates(for: watchlistCoins.map(\.0.coinId))
    }

    @MainActor
    func refreshPrices() async {
        guard let prices = try? await updates.refreshPrices(for: watchlistCoins.map(\.0.coinId)) else {
            return
        }
        watchlistCoins = watchlistCoins.map { ($0.0, prices[$0.0.coinId] ?? $0.1) }
    }

    func stopPeriodicUpdates() { updates.stopPeriodicUpdates() }

    @MainActor
    func addCoin(coinId: String) throws {
        guard let context else { return }
        if watchlistCoins.contains(where: { $0.0.coinId == coinId }) {
            throw WatchlistError.coinAlreadyExists
        }
        context.insert(WatchlistItem(coinId: coinId))
        try context.save()
        Task { await loadWatchlistWithPrices() }
    }

    @MainActor
    func removeCoin(coinId: String) {
        guard let context, let index = watchlistCoins.firstIndex(where: { $0.0.coinId == coinId }) else {
            return
        }
        context.delete(watchlistCoins[index].0)
        try? context.save()
        watchlistCoins.remove(at: index)
        if watchlistCoins.isEmpty {
            updates.stopPeriodicUpdates()
        } else {
            updates.startPeriodicUpdates(for: watchlistCoins.map(\.0.coinId))
        }
    }
}
