import ConformanceCases
import Foundation

/// The app's search for a case: a `CoinSearchViewModel` holding the coin list, its
/// `filterResults(query:)` called directly (the 300 ms debounce of `performSearch()` is not
/// waited for), with `CoinGeckoService.fetchMarketData(coinIds:)` answering from the case; the
/// market data is decoded by the app's own `Coin.init(from:)`.
public enum SearchRankingApp {
    /// Runs one case.
    @MainActor public static func run(_ search: SearchCase) async -> SearchOutput {
        var returned: [String: Coin] = [:]
        for (id, cap) in search.caps {
            let capText = cap.map { "\($0)" } ?? "null"
            let json = #"{"id":"\#(id)","symbol":"x","name":"x","current_price":1,"market_cap":\#(capText)}"#
            returned[id] = try? JSONDecoder().decode(Coin.self, from: Data(json.utf8))
        }
        CoinGeckoService.marketData = returned
        let model = CoinSearchViewModel(coinGeckoService: .shared)
        model.allCoins = search.coins.map { CoinListItem(id: $0.id, symbol: $0.symbol, name: $0.name) }
        await model.filterResults(query: search.query)
        return SearchOutput(ids: model.searchResults.map(\.id))
    }
}
