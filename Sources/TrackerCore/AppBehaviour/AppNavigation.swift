/// The app's tabs (Pointwelve/Bitpal-iOS `Bitpal-v2/Bitpal/App/ContentView.swift`, `AppTab`).
public enum AppTab: String, Sendable, Equatable, CaseIterable, Codable {
    /// `WatchlistView`: a `NavigationStack` whose root is the list; coin screens are pushed on it.
    case watchlist
    /// `PortfolioView`: holdings and P&L.
    case portfolio
}

/// A sheet presented over a tab: the views under it stay where they are.
public enum AppSheet: String, Sendable, Equatable, CaseIterable, Codable {
    /// The watchlist's add-coin search (`CoinSearchView`).
    case addCoinSearch = "add-coin-search"
    /// The Portfolio tab's add-transaction form with its coin picker (`AddTransactionView`,
    /// `CoinPickerView`).
    case addTransactionPicker = "add-transaction-picker"
}

/// A page pushed on the Portfolio tab's stack. Neither loads anything from the network: they
/// read the ledger (`TransactionHistoryView`, `CoinClosedPositionsView`).
public enum PortfolioPage: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
    /// A holding's transactions (`PortfolioView`'s holding row links to `TransactionHistoryView`).
    case transactions
    /// A coin's closed positions (`ClosedPositionsSection` links to `CoinClosedPositionsView`).
    case closedPositions = "closed-positions"
}

/// A view whose SwiftUI lifecycle (`.task`, `.onDisappear`) decides which requests run.
public enum AppView: Sendable, Equatable, Hashable {
    /// The watchlist's root list (`WatchlistView`'s `.task` and `.onDisappear`).
    case watchlistRoot
    /// A coin screen pushed on the watchlist's stack (`CoinDetailView`'s `.task`).
    case coinScreen(coinId: String)
    /// The Portfolio tab's root (`PortfolioView`'s `.task` and `.onDisappear`).
    case portfolioRoot
    /// A page pushed on the Portfolio tab's stack.
    case portfolioPage(PortfolioPage)
    /// A sheet (its own `.task`: the search sheets load `/coins/list`).
    case sheet(AppSheet)
}

/// The app's navigation as a clock-free state machine: user and system events in, the
/// lifecycle events SwiftUI fires out.
///
/// The state is the selected tab, the watchlist's navigation stack (its root, or a coin screen
/// pushed on it), a sheet, and the scene phase. The rules are SwiftUI's for the app's view tree
/// (`ContentView`'s `TabView` of `WatchlistView` and `PortfolioView`, each a `NavigationStack`):
/// - a push fires the root's `.onDisappear` and the pushed screen's `.task`; a pop fires the
///   screen's disappearance and runs the root's `.task` again;
/// - a tab switch fires the leaving tab's top view's `.onDisappear` and the entering tab's top
///   view's `.task` (a coin screen left on the watchlist's stack appears again with it);
/// - a sheet fires neither for the view under it; it has its own `.task`;
/// - the scene going to the background fires no view event (`ContentView`'s `scenePhase`
///   handler only reloads widget timelines); iOS suspends the process, which the shell models.
///
/// A shell executes the lifecycle events: the watchlist's loop stops on its root's
/// disappearance and loads again on its `.task`, and so on.
public struct AppNavigation: Sendable, Equatable {
    /// What SwiftUI (or the scene) fires.
    public enum Lifecycle: Sendable, Equatable {
        /// The view appeared: its `.task` runs.
        case appear(AppView)
        /// The view disappeared: its `.onDisappear` runs and its `.task` is cancelled.
        case disappear(AppView)
        /// A coin screen left the stack: its view model is gone (the next push makes a new one).
        case popped(coinId: String)
        /// The scene went to the background: `WidgetCenter.shared.reloadAllTimelines()`.
        case reloadWidgetTimelines
        /// The scene went to the background (the process is suspended until it is active).
        case suspended
        /// The scene is active again.
        case resumed
    }

    /// The selected tab.
    public private(set) var tab: AppTab = .watchlist
    /// The coin screen on the watchlist's stack, if one is pushed.
    public private(set) var pushedCoin: String?
    /// The page on the Portfolio tab's stack, if one is pushed.
    public private(set) var pushedPage: PortfolioPage?
    /// The sheet presented, if any.
    public private(set) var sheet: AppSheet?
    /// Whether the scene is active (foreground).
    public private(set) var isActive: Bool
    /// Whether the app has shown its first frame (launched in the foreground).
    private var launched = false
    /// Whether the app has launched (shown its first frame) in this process.
    public var isLaunched: Bool { launched }

    /// Creates the navigation of an app about to launch, on the watchlist tab.
    ///
    /// - Parameter active: Whether the app is in the foreground at launch.
    public init(active: Bool) {
        isActive = active
    }

    /// The views on screen now, top first: nothing in the background.
    public var visibleView: AppView? {
        guard isActive, launched else { return nil }
        if let sheet { return .sheet(sheet) }
        return topView(of: tab)
    }

    /// The screen the user sees, for time-on-screen figures: nil in the background.
    public var visibleScreen: AppScreenKind? {
        switch visibleView {
        case nil: nil
        case .watchlistRoot: .watchlist
        case .coinScreen: .coin
        case .portfolioRoot, .portfolioPage: .portfolio
        case .sheet: .search
        }
    }

    /// The app's first frame: the selected tab's root appears.
    ///
    /// - Returns: The lifecycle events; none if already launched or in the background.
    public mutating func launch() -> [Lifecycle] {
        guard isActive, !launched else { return [] }
        launched = true
        return [.appear(topView(of: tab))]
    }

    /// The user selects a tab; selecting the current one does nothing.
    ///
    /// - Parameter newTab: The tab.
    /// - Returns: The lifecycle events.
    public mutating func select(_ newTab: AppTab) -> [Lifecycle] {
        guard newTab != tab else { return [] }
        let leaving = topView(of: tab)
        tab = newTab
        guard launched, isActive else { return [] }
        return [.disappear(leaving), .appear(topView(of: newTab))]
    }

    /// The user taps a coin row: a coin screen is pushed on the watchlist's stack. A coin screen
    /// already on top is popped first (the user goes back, then taps the row). The watchlist tab
    /// is selected first if another tab shows.
    ///
    /// - Parameter coinId: The coin.
    /// - Returns: The lifecycle events.
    public mutating func push(coin coinId: String) -> [Lifecycle] {
        var events = select(.watchlist)
        events += pop()
        pushedCoin = coinId
        guard launched, isActive else { return events }
        return events + [.disappear(.watchlistRoot), .appear(.coinScreen(coinId: coinId))]
    }

    /// The user goes back from a coin screen; nothing happens when none is pushed.
    ///
    /// - Returns: The lifecycle events.
    public mutating func pop() -> [Lifecycle] {
        guard let coinId = pushedCoin else { return [] }
        pushedCoin = nil
        guard launched, isActive, tab == .watchlist else { return [.popped(coinId: coinId)] }
        return [.disappear(.coinScreen(coinId: coinId)), .popped(coinId: coinId), .appear(.watchlistRoot)]
    }

    /// The user opens a page of the Portfolio tab (a holding's transactions, a coin's closed
    /// positions): it is pushed on that tab's stack, as a coin screen is on the watchlist's, so
    /// the root's `.onDisappear` fires (its loop stops) and, back, its `.task` runs again. The
    /// Portfolio tab is selected first if another tab shows; a page already pushed is popped.
    ///
    /// - Parameter page: The page.
    /// - Returns: The lifecycle events.
    public mutating func push(page: PortfolioPage) -> [Lifecycle] {
        var events = select(.portfolio)
        events += popPage()
        pushedPage = page
        guard launched, isActive else { return events }
        return events + [.disappear(.portfolioRoot), .appear(.portfolioPage(page))]
    }

    /// The user goes back from a Portfolio-tab page; nothing happens when none is pushed.
    ///
    /// - Returns: The lifecycle events.
    public mutating func popPage() -> [Lifecycle] {
        guard let page = pushedPage else { return [] }
        pushedPage = nil
        guard launched, isActive, tab == .portfolio else { return [] }
        return [.disappear(.portfolioPage(page)), .appear(.portfolioRoot)]
    }

    /// A sheet is presented: only its own `.task` runs.
    ///
    /// - Parameter newSheet: The sheet.
    /// - Returns: The lifecycle events.
    public mutating func present(_ newSheet: AppSheet) -> [Lifecycle] {
        var events = dismissSheet()
        sheet = newSheet
        guard launched, isActive else { return events }
        events.append(.appear(.sheet(newSheet)))
        return events
    }

    /// The sheet is dismissed; the view under it fires nothing.
    ///
    /// - Returns: The lifecycle events.
    public mutating func dismissSheet() -> [Lifecycle] {
        guard let current = sheet else { return [] }
        sheet = nil
        guard launched, isActive else { return [] }
        return [.disappear(.sheet(current))]
    }

    /// The scene goes to the background: widget timelines reload and iOS suspends the process.
    /// No view event fires.
    ///
    /// - Returns: The lifecycle events.
    public mutating func enterBackground() -> [Lifecycle] {
        guard isActive else { return [] }
        isActive = false
        return launched ? [.reloadWidgetTimelines, .suspended] : []
    }

    /// The scene becomes active. No view event fires, unless this is the launch (the app started
    /// in the background), when the selected tab's root appears.
    ///
    /// - Returns: The lifecycle events.
    public mutating func becomeActive() -> [Lifecycle] {
        guard !isActive else { return [] }
        isActive = true
        guard launched else { return launch() }
        return [.resumed]
    }

    private func topView(of tab: AppTab) -> AppView {
        switch tab {
        case .watchlist: pushedCoin.map { .coinScreen(coinId: $0) } ?? .watchlistRoot
        case .portfolio: pushedPage.map { .portfolioPage($0) } ?? .portfolioRoot
        }
    }
}

/// The screen a user looks at, for requests and time by screen.
public enum AppScreenKind: String, Sendable, Equatable, CaseIterable, Codable {
    /// The watchlist's list.
    case watchlist
    /// The Portfolio tab.
    case portfolio
    /// A search sheet (adding a coin, or picking one for a transaction).
    case search
    /// A coin screen.
    case coin
    /// Not a screen of the app: the home-screen widget's extension, for its requests (it is
    /// never the visible screen).
    case widget

    /// The app's own screens.
    public static let appScreens: [AppScreenKind] = [.watchlist, .portfolio, .search, .coin]

    /// The screens whose data freshness is measured, in report order: the watchlist's rows, a coin
    /// screen's chart, the Portfolio tab's holdings' prices (a search sheet shows no prices).
    public static let freshnessScreens: [AppScreenKind] = [.watchlist, .coin, .portfolio]

    /// The screen's name under `freshness.`: a coin screen's freshness is its chart's
    /// (`freshness.chart.*`), every other screen's its own name.
    public var freshnessName: String { self == .coin ? "chart" : rawValue }
}
