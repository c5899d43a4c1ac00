import ConformanceCases
import Foundation

/// The `search-sheet` rule's app side: the screens driver (``ScreenDriver``) with the app's
/// `CoinSearchViewModel` behind `CoinSearchView` (Pointwelve/Bitpal-iOS `da53edf`,
/// `Features/Watchlist/Views/CoinSearchView.swift`):
///
/// - `@State private var viewModel = CoinSearchViewModel()`: a new view model each time the sheet
///   is presented;
/// - `.task { await viewModel.loadCoinList() }`: started when the sheet appears, cancelled when it
///   is dismissed;
/// - the `TextField`'s `.onChange(of: viewModel.searchQuery) { viewModel.performSearch() }`: each
///   keystroke;
/// - a result row's `Button` calls `addCoinToWatchlist(_:)` (the watchlist's `addCoin(coinId:)`,
///   then `dismiss()`); Done calls `dismiss()`.
///
/// The search of the whole text has ended when the task `performSearch()` started at the last
/// keystroke has (a task the driver starts waits for it): the results then on screen are the
/// ones the user reads.
public enum SearchSheetApp {
    /// Runs one case and returns what the app's session did.
    @MainActor
    public static func run(_ screen: ScreenCase, network: any ScreenNetwork) async -> ScreenOutput {
        await ScreenDriver.run(screen, network: network, coinScreen: nil, searchSheet: SearchSheet())
    }

    /// The sheet, presented at most once at a time.
    final class SearchSheet: SearchSheetViews {
        var model: CoinSearchViewModel?
        var task: Task<Void, Never>?
        var ended = false

        @MainActor func present() {
            let model = CoinSearchViewModel()
            self.model = model
            ended = false
            task = Task { @MainActor in await model.loadCoinList() }
        }

        @MainActor func type(_ text: String, last: Bool) {
            guard let model else { return }
            model.searchQuery = text
            model.performSearch()
            guard last, let search = model.searchTask else { return }
            Task { @MainActor [weak self, weak model] in
                await search.value
                guard let self, let model, self.model === model else { return }
                self.ended = true
            }
        }

        @MainActor var wholeTextShown: Bool { ended }

        @MainActor func lists(_ coin: String) -> Bool {
            model?.searchResults.contains { $0.id == coin } ?? false
        }

        @MainActor func dismiss() {
            task?.cancel()
            task = nil
            model = nil
            ended = false
        }
    }
}
