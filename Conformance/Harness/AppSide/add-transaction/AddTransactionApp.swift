import ConformanceCases
import Foundation

/// The `add-transaction` rule's app side: the Portfolio tab (``PortfolioTabApp``), its
/// `AddTransactionView` with the app's `AddTransactionViewModel`, and the form's
/// `CoinPickerView`, whose search is the app's `CoinSearchViewModel` as the search sheet drives
/// it (``SearchSheetApp``) (Pointwelve/Bitpal-iOS `da53edf`,
/// `Features/Portfolio/Views/AddTransactionView.swift`, `CoinPickerView.swift`):
///
/// - `PortfolioView`'s add button presents `AddTransactionView(existingHoldings:
///   viewModel.holdings)` as a sheet (the tab's content stays: no `.onDisappear`); its `.task`
///   calls `viewModel.configure(modelContext:)`; its coin field presents `CoinPickerView`, whose
///   `.task` loads the coin list and whose field calls `performSearch()` on each keystroke;
/// - the picker's row calls `onSelect`: `selectedCoinId`, `selectedCoin` (a `Coin` with a price
///   of 0) and, for a sale, `currentHoldingQuantity` from `existingHoldings`;
/// - Save is disabled unless `isValid`; it runs `saveTransaction()` in a `Task`, then `onSave`,
///   which is `PortfolioView`'s `Task { await viewModel.loadPortfolioWithPrices() }`.
///
/// The user fills in the side, amount and price as the picker closes (the case has no typing
/// time for them), so the form is saved at the instant the coin is picked.
public enum AddTransactionApp {
    /// Runs one case and returns what the app's session did.
    @MainActor
    public static func run(_ screen: ScreenCase, network: any ScreenNetwork) async -> ScreenOutput {
        let tab = PortfolioTabApp.PortfolioTab()
        return await ScreenDriver.run(
            screen, network: network, coinScreen: nil, portfolioTab: tab,
            searchSheet: SearchSheetApp.SearchSheet(), tradeForm: TradeForm(tab: tab))
    }

    /// The form over the tab.
    final class TradeForm: TradeFormViews {
        let tab: PortfolioTabApp.PortfolioTab

        init(tab: PortfolioTabApp.PortfolioTab) { self.tab = tab }

        @MainActor func save(_ trade: ScreenCase.Trade, context: ModelContext) {
            let form = AddTransactionViewModel()
            form.configure(modelContext: context)
            form.transactionType = trade.side == "sell" ? .sell : .buy
            form.selectedCoinId = trade.coin
            form.selectedCoin = Coin(
                id: trade.coin, symbol: trade.coin, name: trade.coin, currentPrice: 0, priceChange24h: 0,
                lastUpdated: AppClock.now(), marketCap: nil)
            if form.transactionType == .sell {
                form.currentHoldingQuantity =
                    tab.model.holdings.first { $0.id == trade.coin }?.totalAmount ?? 0
            }
            form.amountString = trade.quantity
            form.priceString = trade.price
            guard form.isValid else { return }
            let model = tab.model
            ScreenTrace.$origin.withValue(.portfolio) {
                _ = Task { @MainActor in
                    do {
                        try await form.saveTransaction()
                    } catch {
                        return
                    }
                    _ = Task { @MainActor in await model.loadPortfolioWithPrices() }
                }
            }
        }
    }
}
