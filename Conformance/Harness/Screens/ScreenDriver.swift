import ConformanceCases
import Foundation

/// What a coin screen does for the driver (`AppSide/coin-screen`, when its rule is built).
protocol CoinScreenViews: AnyObject {
    /// `CoinDetailView` is pushed for `coin`: its `.task` starts.
    @MainActor func open(_ coin: String, context: ModelContext)
    /// A step on the coin screen (`switch-range`, `switch-chart`, `refresh-coin`).
    @MainActor func perform(_ step: ScreenCase.Step)
    /// The screen is popped: its `.task` is cancelled.
    @MainActor func close()
    /// The chart the screen shows: its type (`line`, `candle`) and its last point's time, nil
    /// before any data (``ScreenOutput/coinLine(coin:type:lastPoint:)``).
    @MainActor var chart: (type: String, lastPoint: Date?) { get }
}

/// What the Portfolio tab does for the driver (`AppSide/portfolio-tab`, when its rule is built).
protocol PortfolioTabViews: AnyObject {
    /// The trades are stored before the launch.
    @MainActor func store(_ trades: [ScreenCase.Trade], context: ModelContext)
    /// `PortfolioView`'s content appears (the tab is selected, or a page over it popped): its
    /// `.task` starts.
    @MainActor func appear(context: ModelContext)
    /// It disappears (another tab, a page pushed over it): `.onDisappear`, and the `.task`
    /// cancelled.
    @MainActor func disappear()
    /// The content is pulled down, where it can be: `.refreshable`.
    @MainActor func pull()
    /// Whether the content offers a link to the page (a holding's row, a closed position).
    @MainActor func offers(_ page: String) -> Bool
    /// The holdings' rows the content lists: each coin and its price's `lastUpdated`.
    @MainActor var rows: [(coin: String, dataTime: Date)] { get }
}

/// What the watchlist's search sheet does for the driver (`AppSide/search-sheet`, when its rule
/// is built).
protocol SearchSheetViews: AnyObject {
    /// `CoinSearchView` is presented over the list (which stays: a sheet fires no
    /// `.onDisappear` under it): its `.task` (`loadCoinList()`) starts.
    @MainActor func present()
    /// A keystroke: the field's text is now `text` (`.onChange(of: searchQuery)` calls
    /// `performSearch()`); `last` for the whole text.
    @MainActor func type(_ text: String, last: Bool)
    /// Whether the search of the whole text has ended: its results are on screen.
    @MainActor var wholeTextShown: Bool { get }
    /// Whether a result row lists the coin.
    @MainActor func lists(_ coin: String) -> Bool
    /// Dismissed (a result tapped, or Done): the `.task` is cancelled.
    @MainActor func dismiss()
}

/// What the Portfolio tab's add-transaction form does for the driver (`AppSide/add-transaction`).
protocol TradeFormViews: AnyObject {
    /// The user picked the trade's coin in the form's picker, filled in the rest and tapped Save
    /// (disabled unless the form is valid); the form saves, then `onSave` loads the tab again.
    @MainActor func save(_ trade: ScreenCase.Trade, context: ModelContext)
}

/// What the branch's widget extension does for the driver (`AppSide/widget`, at `122d91c`).
protocol WidgetExtensionViews: AnyObject {
    /// The case's App Group container, which the app and the extension share.
    var container: URL { get }
    /// WidgetKit asks for a timeline: `PortfolioTimelineProvider.getTimeline(in:completion:)`.
    @MainActor func timeline()
}

/// The app's screens driven by a case's script, through its own `WatchlistViewModel`,
/// `PriceUpdateService`, `CoinGeckoService` and `RateLimiter` (fresh for each case) and, with the
/// `coin-screen` rule, `CoinDetailViewModel`, on the serial executor and the case's clock. This is
/// the one place the harness models SwiftUI; each line cites the view and the modifier it stands
/// for (Pointwelve/Bitpal-iOS `da53edf`):
///
/// - `ContentView.body`: a `TabView` whose first tab, shown at launch, is `WatchlistView`;
/// - `WatchlistView`'s `@State private var viewModel = WatchlistViewModel()`: one view model for
///   the view's life, kept across tab switches;
/// - `WatchlistView.body`'s `.task { viewModel.configure(modelContext:); await
///   viewModel.loadWatchlistWithPrices() }`: started each time the view appears, cancelled when it
///   disappears;
/// - `.onDisappear { viewModel.stopPeriodicUpdates() }`: selecting the Portfolio tab or pushing a
///   coin screen (here before the `.task` is cancelled: SwiftUI does not document the order);
/// - `.refreshable { await viewModel.refreshPrices() }`: on the `List`, which is shown only when
///   the watchlist has coins, while the tab is shown;
/// - the search sheet's pick calls `viewModel.addCoin(coinId:)` (the sheet's own requests are
///   other rules'); a row's swipe calls `viewModel.removeCoin(coinId:)`; both on the Watchlist
///   tab, selected first when the script does one elsewhere (as the simulator's scripts do);
/// - a row's `NavigationLink` pushes `CoinDetailView` (``CoinScreenViews``); popping it shows the
///   list again, whose `.task` runs again.
///
/// With the `portfolio-tab` rule, the Portfolio tab's `PortfolioView` (``PortfolioTabViews``):
/// selecting a tab makes the other's content disappear before its own appears; a page pushed on
/// the tab's `NavigationStack` makes the content disappear, and popping it makes it appear. Without
/// that rule the tab sends nothing: its cases have no trades.
enum ScreenDriver {
    /// The launch time of every case (with milliseconds, so waits end between seconds).
    static let launch: Int64 = 1_704_067_200_000

    /// Runs one case and returns what the app's session did.
    @MainActor
    static func run(
        _ screen: ScreenCase, network: any ScreenNetwork, coinScreen: CoinScreenViews?,
        portfolioTab: PortfolioTabViews? = nil, searchSheet: SearchSheetViews? = nil,
        tradeForm: TradeFormViews? = nil, widget: WidgetExtensionViews? = nil
    ) async -> ScreenOutput {
        let scheduler = ScreenScheduler.shared
        let generation = scheduler.begin(at: launch)
        ScreenTrace.shared.begin(at: launch, network: network, appGroupContainer: widget?.container)
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
            portfolioTab?.store(screen.portfolio, context: context)
            let model = WatchlistViewModel()
            var tabShown = true
            var coinOpen = false
            var pageOpen = false
            // The open search sheet: its number (a keystroke carries it), text and coin.
            var sheet: (number: Int, text: String, coin: String, trade: ScreenCase.Trade?)?
            var sheets = 0
            var openCoin = ""
            var viewTask: Task<Void, Never>? = appear(model, context: context)
            /// What the visible view shows now (``ScreenOutput/shown``).
            @MainActor func recordShown() {
                let line: String
                if sheet != nil {
                    line = "nothing"
                } else if coinOpen {
                    let chart = coinScreen?.chart
                    line = ScreenOutput.coinLine(
                        coin: openCoin, type: chart?.type ?? "line",
                        lastPoint: chart?.lastPoint.map { URLSession.milliseconds($0) - launch })
                } else if tabShown {
                    // `WatchlistView`'s rows: `viewModel.sortedWatchlist`, each coin's price.
                    line = shownLine("watchlist", model.watchlistCoins.map { ($0.1.id, $0.1.lastUpdated) })
                } else if pageOpen {
                    // A page pushed on the Portfolio tab's stack shows no prices.
                    line = "nothing"
                } else {
                    // `PortfolioView`'s holdings.
                    line = shownLine("portfolio", portfolioTab?.rows ?? [])
                }
                ScreenTrace.shared.record(shown: line, at: URLSession.milliseconds(scheduler.now))
            }
            func hideList() {
                model.stopPeriodicUpdates()
                viewTask?.cancel()
                viewTask = nil
            }
            await scheduler.settle()
            recordShown()
            var steps = screen.steps
            // WidgetKit's requests for a timeline, after the script's steps of their millisecond.
            if let widget {
                ScreenTrace.shared.expectTimelines(screen.timelines) { widget.timeline() }
                for instant in screen.timelines {
                    let index = steps.firstIndex { $0.at > instant } ?? steps.endIndex
                    steps.insert(.init(at: instant, action: .widgetTimeline), at: index)
                }
            }
            let end = Date(timeIntervalSince1970: Double(launch + screen.duration) / 1000)
            while true {
                let stepTime = steps.first.map { Date(timeIntervalSince1970: Double(launch + $0.at) / 1000) }
                let wake = scheduler.nextWake
                // WidgetKit's requests come after the app's work of their millisecond (a reload
                // the app asks for is made once its code has run); the user's steps before it.
                let afterWakes = steps.first?.action == .widgetTimeline
                if let stepTime, stepTime <= end,
                    wake.map({ afterWakes ? stepTime < $0 : stepTime <= $0 }) ?? true
                {
                    let step = steps.removeFirst()
                    scheduler.advance(to: stepTime)
                    // The list's own verbs (add, remove, open a row) are done where the app offers
                    // them: on the Watchlist tab's list, shown first if needed (a pop, a tab), as
                    // the simulator's scripts do.
                    let listVerb =
                        [.add, .remove, .openCoin].contains(step.action)
                        || (step.action == .search && step.trade == nil)
                    // A trade is entered on the Portfolio tab (`PortfolioView`'s add button opens
                    // `AddTransactionView`, whose coin field opens `CoinPickerView`): the tab is
                    // selected first.
                    if step.action == .search, step.trade != nil, tabShown, !coinOpen {
                        tabShown = false
                        hideList()
                        if !pageOpen { portfolioTab?.appear(context: context) }
                        await scheduler.settle()
                    }
                    if listVerb, !tabShown || coinOpen, coinScreen != nil || step.action != .openCoin {
                        if coinOpen {
                            coinScreen?.close()
                            coinOpen = false
                        }
                        if !tabShown, !pageOpen, let portfolioTab {
                            portfolioTab.disappear()
                            await scheduler.settle()
                        }
                        tabShown = true
                        viewTask = appear(model, context: context)
                        await scheduler.settle()
                    }
                    // A page is opened where the app offers it: on the Portfolio tab's root,
                    // selected first and a page popped first, as the simulator's scripts do.
                    if step.action == .openPage, let portfolioTab, !coinOpen {
                        if tabShown {
                            tabShown = false
                            hideList()
                            if !pageOpen { portfolioTab.appear(context: context) }
                            await scheduler.settle()
                        }
                        if pageOpen {
                            pageOpen = false
                            portfolioTab.appear(context: context)
                            await scheduler.settle()
                        }
                    }
                    let listShown = tabShown && !coinOpen
                    switch step.action {
                    case .showPortfolio where listShown:
                        tabShown = false
                        hideList()
                        if !pageOpen { portfolioTab?.appear(context: context) }
                    case .showWatchlist where !tabShown:
                        if !pageOpen, let portfolioTab {
                            // SwiftUI starts the list's `.task` after the disappearing tab's
                            // turn: a stopped loop's last load reaches the limiter first.
                            portfolioTab.disappear()
                            await scheduler.settle()
                        }
                        tabShown = true
                        viewTask = appear(model, context: context)
                    case .pullToRefresh where listShown && !model.watchlistCoins.isEmpty:
                        Task { @MainActor in await model.refreshPrices() }
                    case .pullToRefresh where !tabShown && !pageOpen:
                        portfolioTab?.pull()
                    case .openPage where !tabShown && !pageOpen:
                        if let portfolioTab, portfolioTab.offers(step.option ?? "") {
                            portfolioTab.disappear()
                            pageOpen = true
                        }
                    case .closePage where !tabShown && pageOpen:
                        pageOpen = false
                        portfolioTab?.appear(context: context)
                    case .add:
                        try? model.addCoin(coinId: step.coin ?? "")
                    case .remove:
                        model.removeCoin(coinId: step.coin ?? "")
                    case .openCoin where listShown:
                        if let coinScreen {
                            hideList()
                            coinOpen = true
                            openCoin = step.coin ?? ""
                            coinScreen.open(openCoin, context: context)
                        }
                    case .closeCoin where coinOpen:
                        coinScreen?.close()
                        coinOpen = false
                        viewTask = appear(model, context: context)
                    case .switchRange where coinOpen, .switchChart where coinOpen,
                        .refreshCoin where coinOpen:
                        coinScreen?.perform(step)
                    case .search:
                        guard let searchSheet else { break }
                        if sheet != nil { searchSheet.dismiss() }
                        sheets += 1
                        let text = step.option ?? ""
                        sheet = (sheets, text, step.trade?.coin ?? step.coin ?? "", step.trade)
                        searchSheet.present()
                        await scheduler.settle()
                        // Each keystroke after the script's steps of its millisecond: the simulator
                        // handles an action before an event due then.
                        for keystroke in keystrokes(of: text, gaps: step.gaps, at: step.at, sheet: sheets) {
                            let index = steps.firstIndex { $0.at > keystroke.at } ?? steps.endIndex
                            steps.insert(keystroke, at: index)
                        }
                    case .widgetTimeline:
                        // Unless the app's own reload request started it already.
                        if ScreenTrace.shared.takeTimeline(at: launch + step.at) { widget?.timeline() }
                    case .keystroke:
                        guard let open = sheet, step.coin == String(open.number) else { break }
                        searchSheet?.type(step.option ?? "", last: step.option == open.text)
                    default: break
                    }
                } else if let wake, wake <= end {
                    scheduler.wakeNext()
                } else {
                    break
                }
                await scheduler.settle()
                // The user taps the coin once the whole text's results show (`CoinSearchView`'s
                // row: `addCoin(coinId:)`, then `dismiss()`; `CoinPickerView`'s: `onSelect`, then
                // the form's Save), or closes the sheet without it.
                if let open = sheet, let searchSheet, searchSheet.wholeTextShown {
                    if searchSheet.lists(open.coin) {
                        if let trade = open.trade {
                            tradeForm?.save(trade, context: context)
                        } else {
                            try? model.addCoin(coinId: open.coin)
                        }
                    }
                    searchSheet.dismiss()
                    sheet = nil
                    await scheduler.settle()
                }
                recordShown()
            }
            // The case ends here: what the teardown does (a stopped loop's last load) is not
            // the user's, and the simulator's run just ends.
            let output = ScreenTrace.shared.output
            hideList()
            coinScreen?.close()
            if !tabShown, !pageOpen { portfolioTab?.disappear() }
            await scheduler.settle()
            return output
        }
    }

    /// A list's line of ``ScreenOutput/shownLine(screen:rows:)``, its times after the launch.
    static func shownLine(_ screen: String, _ rows: [(coin: String, dataTime: Date)]) -> String {
        ScreenOutput.shownLine(
            screen: screen, rows: rows.map { ($0.coin, URLSession.milliseconds($0.dataTime) - launch) })
    }

    /// A search's keystrokes as the driver's own steps (the sheet's number in `coin`).
    static func keystrokes(of text: String, gaps: [Int64]?, at start: Int64, sheet: Int) -> [ScreenCase.Step]
    {
        var time = start
        var typed = ""
        return text.enumerated().map { index, character in
            if index > 0 { time += gaps?[index - 1] ?? 150 }
            typed.append(character)
            return ScreenCase.Step(at: time, action: .keystroke, coin: String(sheet), option: typed)
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
