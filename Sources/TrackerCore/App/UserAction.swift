/// Something the user does, at a time.
public enum UserAction: Sendable, Equatable {
    /// Taps a coin's row: its screen is pushed on the watchlist's stack (popping a coin screen
    /// already there, selecting the watchlist tab first) and opens on 1D with the chart type last
    /// chosen; detail and chart load in the policy's order (``CoinDetailLoader``).
    case openCoin(id: String)
    /// Selects a tab.
    case selectTab(AppTab)
    /// Opens a search sheet, types the text (one keystroke every 150 ms unless it gives its
    /// gaps), and, once the results of the whole text show, does the goal with the coin it names
    /// (the sheet closes either way).
    case search(text: TypedText, goal: SearchGoal)
    /// Loads a chart directly, past the coin screen (scripted chart checks).
    case showChart(id: String, type: ChartType, range: ChartTimeRange)
    /// Picks another range on the open coin's screen: a chart load in its own task.
    case switchRange(ChartTimeRange)
    /// Picks another chart type on the open coin's screen.
    case switchChartType(ChartType)
    /// Pull-to-refresh on the open coin's screen: detail and chart again.
    case refreshCoin
    /// Goes back from the coin's screen (a pop).
    case closeCoin
    /// Pulls to refresh the screen on top: the watchlist (past the market cache), the Portfolio
    /// tab (through it), or the coin screen (as ``refreshCoin``).
    case pullToRefresh
    /// Adds a coin to the watchlist without the search sheet's requests (the sheet's own verb is
    /// ``search(text:goal:)``).
    case addCoin(CoinListEntry)
    /// Removes a coin from the watchlist.
    case removeCoin(id: String)
    /// Sends the app to the background: widget timelines reload and iOS suspends the process (no
    /// view event fires; the loops are not stopped, their sleeps keep counting).
    case background
    /// Brings the app back: a sleep that fell due ends at once; nothing reloads (a first
    /// foreground of an app launched in the background shows the watchlist).
    case foreground
    /// Loses the network: every request fails until ``online``.
    case offline
    /// The network is back.
    case online
    /// Records a portfolio transaction (the scenario's `portfolio:` ledger: no screen, no request).
    case trade(PortfolioTransaction)
    /// Opens a page of the Portfolio tab (pushed on its stack: the tab's loop stops).
    case openPortfolioPage(PortfolioPage)
    /// Goes back from a Portfolio-tab page (the tab's root loads again).
    case closePortfolioPage
    /// Taps the home-screen widget: the app comes to the foreground (or launches), and the medium
    /// and large sizes link to `bitpal://portfolio`, so `ContentView.handleDeepLink(_:)` selects
    /// the Portfolio tab; the small size has no link (``WidgetFamily``).
    case openFromWidget
    /// iOS ends the suspended app: its memory is gone (the market-data cache, the coin list, the
    /// view models, the limiter), SwiftData's store, URLSession's disk cache and the widget's
    /// process are not. The next open is a cold launch on the first tab.
    case terminated
}

extension UserAction {
    /// The script verb a scenario writes for it (`open`, `pull-to-refresh`), for messages.
    public var verb: String {
        switch self {
        case .openCoin: "open"
        case .selectTab: "tab"
        case .search: "search"
        case .showChart: "show"
        case .switchRange: "switch-range"
        case .switchChartType: "switch-chart"
        case .refreshCoin: "refresh-coin"
        case .closeCoin: "close-coin"
        case .pullToRefresh: "pull-to-refresh"
        case .addCoin: "add"
        case .removeCoin: "remove"
        case .background: "background"
        case .foreground: "foreground"
        case .offline: "offline"
        case .online: "online"
        case .trade: "trade"
        case .openPortfolioPage: "page"
        case .closePortfolioPage: "close-page"
        case .openFromWidget: "open-widget"
        case .terminated: "terminate"
        }
    }

    /// Whether a person does it on the app's screen, which only an active app shows: not the
    /// app's going to the background and back, the network, a ledger entry, or a scripted chart
    /// check.
    public var needsActiveApp: Bool {
        switch self {
        case .openCoin, .selectTab, .search, .switchRange, .switchChartType, .refreshCoin, .closeCoin,
            .pullToRefresh, .addCoin, .removeCoin, .openPortfolioPage, .closePortfolioPage:
            true
        case .showChart, .background, .foreground, .offline, .online, .trade, .openFromWidget, .terminated:
            false
        }
    }

    /// The transaction it records, if it records one: a ledger entry, or a search's trade.
    public var transaction: PortfolioTransaction? {
        switch self {
        case .trade(let transaction), .search(_, .trade(let transaction)): transaction
        default: nil
        }
    }
}

/// What a user means to do in a search sheet.
public enum SearchGoal: Sendable, Equatable {
    /// Add this coin to the watchlist (`CoinSearchView`: `WatchlistViewModel.addCoin(coinId:)`,
    /// which loads the watchlist again and restarts its loop).
    case addCoin(CoinListEntry)
    /// Pick this transaction's coin in the Portfolio tab's picker and save it
    /// (`AddTransactionView`: the Portfolio tab loads again).
    case trade(PortfolioTransaction)

    /// The coin the user looks for.
    public var coinId: String {
        switch self {
        case .addCoin(let coin): coin.id
        case .trade(let transaction): transaction.coinId
        }
    }

    /// The sheet this goal is pursued in.
    public var sheet: AppSheet {
        switch self {
        case .addCoin: .addCoinSearch
        case .trade: .addTransactionPicker
        }
    }
}
