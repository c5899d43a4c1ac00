import ConformanceCases
import Foundation

/// The app's watchlist screen driven by a case's script, through its own `WatchlistViewModel`,
/// `PriceUpdateService`, `CoinGeckoService` and `RateLimiter` (fresh for each case), on the
/// serial executor and the case's clock. This is the one place the harness models SwiftUI; each
/// line cites the view and the modifier it stands for (Pointwelve/Bitpal-iOS `da53edf`):
///
/// - `ContentView.body`: a `TabView` whose first tab, shown at launch, is `WatchlistView`;
/// - `WatchlistView`'s `@State private var viewModel = WatchlistViewModel()`: one view model for
///   the view's life, kept across tab switches;
/// - `WatchlistView.body`'s `.task { viewModel.configure(modelContext:); await
///   viewModel.loadWatchlistWithPrices() }`: started each time the view appears, cancelled when it
///   disappears;
/// - `.onDisappear { viewModel.stopPeriodicUpdates() }`: selecting the Portfolio tab (here before
///   the `.task` is cancelled: SwiftUI does not document the order);
/// - `.refreshable { await viewModel.refreshPrices() }`: on the `List`, which is shown only when
///   the watchlist has coins, while the tab is shown;
/// - the search sheet's pick calls `viewModel.addCoin(coinId:)` (the sheet's own requests are
///   other rules'); a row's swipe calls `viewModel.removeCoin(coinId:)`; both on the Watchlist
///   tab, selected first when the script does one elsewhere (as the simulator's scripts do).
///
/// The Portfolio tab's `PortfolioView` sends nothing with no trades, and the cases have none.
public enum WatchlistScreenApp {
    /// The launch time of every case (with milliseconds, so waits end between seconds).
    public static let launch: Int64 = 1_704_067_200_000

    /// Sets up the serial executor (once a process).
    public static func prepare() { SerialJobs.install() }

    /// Runs one case and returns what the app's session did.
    @MainActor
    public static func run(_ screen: ScreenCase, network: any ScreenNetwork) async -> ScreenOutput {
        let scheduler = ScreenScheduler.shared
        let generation = scheduler.begin(at: launch)
        ScreenTrace.shared.begin(at: launch, network: network)
        return await ScreenScheduler.$caseGeneration.withValue(generation) {
            // Fresh singletons: a case is a fresh launch.
            CoinGeckoService.shared = CoinGeckoService()
            PriceUpdateService.shared = PriceUpdateService()
            let context = ModelContext()
            // `WatchlistItem.coinId` is `@Attribute(.unique)`.
            context.unique(WatchlistItem.self) { $0.coinId }
            for (index, coin) in screen.watchlist.enumerated() {
                // Added in order before the launch (distinct times: the fetch sorts by dateAdded).
                context.insert(
                    WatchlistItem(
                        coinId: coin,
                        dateAdded: Date(timeIntervalSince1970: Double(launch - 1_000 + Int64(index)) / 1000)))
            }
            let model = WatchlistViewModel()
            var visible = true
            var viewTask: Task<Void, Never>? = appear(model, context: context)
            await scheduler.settle()
            var steps = screen.steps[...]
            let end = Date(timeIntervalSince1970: Double(launch + screen.duration) / 1000)
            while true {
                let stepTime = steps.first.map { Date(timeIntervalSince1970: Double(launch + $0.at) / 1000) }
                let wake = scheduler.nextWake
                if let stepTime, stepTime <= end, wake.map({ stepTime <= $0 }) ?? true {
                    let step = steps.removeFirst()
                    scheduler.advance(to: stepTime)
                    // The list's own verbs are done where the app offers them: on the Watchlist
                    // tab, selected first if needed (as the simulator's scripts do).
                    if !visible, step.action == .add || step.action == .remove {
                        visible = true
                        viewTask = appear(model, context: context)
                        await scheduler.settle()
                    }
                    switch step.action {
                    case .showPortfolio where visible:
                        visible = false
                        model.stopPeriodicUpdates()
                        viewTask?.cancel()
                        viewTask = nil
                    case .showWatchlist where !visible:
                        visible = true
                        viewTask = appear(model, context: context)
                    case .pullToRefresh where visible && !model.watchlistCoins.isEmpty:
                        Task { @MainActor in await model.refreshPrices() }
                    case .add where visible:
                        try? model.addCoin(coinId: step.coin ?? "")
                    case .remove where visible:
                        model.removeCoin(coinId: step.coin ?? "")
                    default: break
                    }
                } else if let wake, wake <= end {
                    scheduler.wakeNext()
                } else {
                    break
                }
                await scheduler.settle()
            }
            model.stopPeriodicUpdates()
            viewTask?.cancel()
            await scheduler.settle()
            return ScreenTrace.shared.output
        }
    }

    /// `WatchlistView`'s `.task`: configure, then load (its own task, cancelled on disappear).
    @MainActor
    static func appear(_ model: WatchlistViewModel, context: ModelContext) -> Task<Void, Never> {
        Task { @MainActor in
            model.configure(modelContext: context)
            await model.loadWatchlistWithPrices()
        }
    }
}
