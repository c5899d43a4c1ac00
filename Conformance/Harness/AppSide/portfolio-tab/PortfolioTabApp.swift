import ConformanceCases
import Foundation

/// The `portfolio-tab` rule's app side: the screens driver (``ScreenDriver``) with the app's
/// `PortfolioViewModel` behind `PortfolioView` (Pointwelve/Bitpal-iOS `da53edf`,
/// `Features/Portfolio/Views/PortfolioView.swift`):
///
/// - `@State private var viewModel = PortfolioViewModel()`: one view model for the view's life,
///   kept across tab switches;
/// - `.task { viewModel.configure(modelContext:); await viewModel.loadPortfolioWithPrices();
///   viewModel.startPeriodicUpdates() }`: started when the content appears, cancelled when it
///   disappears;
/// - `.onDisappear { viewModel.stopPeriodicUpdates() }` (here before the `.task` is cancelled, as
///   for the watchlist);
/// - `.refreshable { await viewModel.loadPortfolioWithPrices() }` on `contentView`, which scrolls
///   only as `portfolioContent`: not while `LoadingView` shows (`isLoading` with no holdings),
///   nor the empty state (`isEmpty`);
/// - a holding's row links to `TransactionHistoryView`, and `ClosedPositionsSection` to
///   `CoinClosedPositionsView`: a page is offered when `portfolioContent` lists one.
public enum PortfolioTabApp {
    /// Runs one case and returns what the app's session did.
    @MainActor
    public static func run(_ screen: ScreenCase, network: any ScreenNetwork) async -> ScreenOutput {
        await ScreenDriver.run(screen, network: network, coinScreen: nil, portfolioTab: PortfolioTab())
    }

    /// The tab's view, made when the case launches.
    final class PortfolioTab: PortfolioTabViews {
        let model = PortfolioViewModel()
        var task: Task<Void, Never>?

        @MainActor func store(_ trades: [ScreenCase.Trade], context: ModelContext) {
            for (index, trade) in trades.enumerated() {
                context.insert(
                    Transaction(
                        coinId: trade.coin, type: trade.side == "sell" ? .sell : .buy,
                        amount: Decimal(string: trade.quantity) ?? 0,
                        pricePerCoin: Decimal(string: trade.price) ?? 0,
                        date: Date(
                            timeIntervalSince1970: Double(ScreenDriver.launch - 1_000 + Int64(index)) / 1000))
                )
            }
        }

        @MainActor func appear(context: ModelContext) {
            let model = model
            task = ScreenTrace.$origin.withValue(.portfolio) {
                Task { @MainActor in
                    model.configure(modelContext: context)
                    await model.loadPortfolioWithPrices()
                    model.startPeriodicUpdates()
                }
            }
        }

        @MainActor func disappear() {
            model.stopPeriodicUpdates()
            task?.cancel()
            task = nil
        }

        @MainActor func pull() {
            guard !(model.isLoading && model.holdings.isEmpty), !model.isEmpty else { return }
            let model = model
            // A pull's load is not cancelled when the content disappears (SwiftUI does not say;
            // the model makes the same choice, `PortfolioRefreshLoop.loadOnce()`).
            ScreenTrace.$origin.withValue(.portfolio) {
                _ = Task { @MainActor in await model.loadPortfolioWithPrices() }
            }
        }

        /// `PortfolioView`'s holdings section: `viewModel.holdings`, each coin's price.
        @MainActor var rows: [(coin: String, dataTime: Date)] {
            model.holdings.map { ($0.coin.id, $0.coin.lastUpdated) }
        }

        @MainActor func offers(_ page: String) -> Bool {
            guard !(model.isLoading && model.holdings.isEmpty), !model.isEmpty else { return false }
            switch page {
            case "transactions": return !model.holdings.isEmpty
            case "closed-positions": return !model.closedPositionGroups.isEmpty
            default: return false
            }
        }
    }
}
