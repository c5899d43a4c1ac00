/// One app rule `conformance diff` compares: the app files it needs (whole), the members it
/// lifts out of a view model, and the harness that runs both sides on the same cases
/// (`Conformance/Harness`: `AppSide/<name>/` is compiled with the app's files, `Runner/` with
/// TrackerCore). docs/conformance.md lists them.
public struct DiffRule: Sendable, Equatable {
    /// Members of a type lifted out of their file as static functions of `<Type>Lifted`: a view
    /// model's private pure functions, without the view model.
    public struct Lift: Sendable, Equatable {
        /// The file, under the app's folder.
        public var file: String
        /// The type that declares them.
        public var type: String
        /// The members' names.
        public var members: [String]
    }

    /// The rule's name (the harness's folder and the runner's argument).
    public var name: String
    /// What is compared, in one line.
    public var summary: String
    /// What the workbench side runs.
    public var workbench: String
    /// The app files compiled whole, under the app's folder.
    public var files: [String]
    /// The members lifted out of their types.
    public var lifts: [Lift]
    /// Types whose `private` members become internal, so that the harness can call them.
    public var opened: [String] = []
    /// The harness's app-side folders it builds with (`AppSide/<folder>`); its own name's when
    /// empty.
    public var appSides: [String] = []
    /// Whether the rule drives the app's view models and services (a behaviour rule: its app
    /// code builds in a module of its own, on the serial executor and the case's clock, with the
    /// real services) rather than pure functions.
    public var isBehaviour = false

    /// The app's folder in its repository.
    public static let appFolder = "Bitpal-v2/Bitpal/"

    /// A rule's file in the app's repository: under the app's folder, or beside it for a path
    /// that starts `../` (the widget extension's `../BitpalWidget/...`).
    public static func repositoryPath(of file: String) -> String {
        file.hasPrefix("../") ? "Bitpal-v2/" + file.dropFirst(3) : appFolder + file
    }

    /// Where a rule's file goes under the scratch target's `App/` folder (`../BitpalWidget/X`:
    /// `Extension/BitpalWidget/X`, inside the target).
    static func scratchPath(of file: String) -> String {
        file.hasPrefix("../") ? "Extension/" + file.dropFirst(3) : file
    }

    static let chartFiles = [
        "Features/CoinDetail/Models/ChartDataPoint.swift", "Features/CoinDetail/Models/CandleDataPoint.swift",
        "Features/CoinDetail/Models/MarketChartResponse.swift",
        "Features/CoinDetail/Models/ChartTimeRange.swift",
        "Features/CoinDetail/Models/ChartStatistics.swift",
    ]
    static let viewModel = "Features/CoinDetail/ViewModels/CoinDetailViewModel.swift"
    /// The watchlist screen's view model and loop, and the service under them.
    static let watchlistScreenFiles =
        serviceFiles + [
            "Services/PriceUpdateService.swift", "Features/Watchlist/ViewModels/WatchlistViewModel.swift",
            "Features/Watchlist/Models/WatchlistItem.swift", "Features/Watchlist/Models/SortOption.swift",
        ]
    /// The Portfolio tab's view model, what it computes, and the widget's file it writes.
    static let portfolioTabFiles =
        watchlistScreenFiles + [
            "Features/Portfolio/ViewModels/PortfolioViewModel.swift",
            "Features/Portfolio/Models/Holding.swift",
            "Features/Portfolio/Models/ClosedPosition.swift",
            "Features/Portfolio/Models/ClosedPositionGroup.swift",
            "Features/Portfolio/Models/PortfolioSummary.swift", "Features/Portfolio/Models/Transaction.swift",
            "Features/Portfolio/Models/TransactionType.swift",
            "Features/Portfolio/Models/PortfolioError.swift",
            "Features/Portfolio/Models/ImportError.swift", "Features/Portfolio/Models/ImportPreview.swift",
            "Features/Portfolio/Models/ExportFile.swift",
            "Features/Portfolio/Services/ImportExportService.swift",
            "Utilities/CSVParser.swift", "Features/Widget/WidgetDataProvider.swift",
            "Features/Widget/WidgetDataTransformer.swift", "Shared/Models/WidgetHolding.swift",
            "Shared/Models/WidgetPortfolioData.swift", "Shared/Services/AppGroupStorage.swift",
        ]
    /// The widget-refresh branch's extension (`122d91c`): its timeline provider, API client and
    /// entry, and the files the app shares with it.
    static let widgetExtensionFiles = [
        "../BitpalWidget/Provider/PortfolioTimelineProvider.swift",
        "../BitpalWidget/Services/WidgetAPIClient.swift", "../BitpalWidget/Entry/PortfolioEntry.swift",
        "Shared/Models/WidgetRefreshData.swift", "Shared/Models/CoinMarketData.swift",
        "Shared/Services/PortfolioRecalculator.swift", "Shared/Models/WidgetPortfolioData+Sample.swift",
    ]
    /// `CoinGeckoService` and what it decodes and throws.
    static let serviceFiles = [
        "Services/CoinGeckoService.swift", "Services/RateLimiter.swift", "Models/Coin.swift",
        "Models/CoinListItem.swift", "Models/CoinDetail.swift",
        "Features/CoinDetail/Models/CoinDetailAPIResponse.swift",
        "Features/CoinDetail/Models/ChartError.swift",
        "Features/CoinDetail/Models/ChartDataPoint.swift", "Features/CoinDetail/Models/CandleDataPoint.swift",
        "Features/CoinDetail/Models/MarketChartResponse.swift",
        "Features/Watchlist/Models/WatchlistError.swift",
    ]

    /// Every rule, in report order.
    public static let all: [DiffRule] = [
        DiffRule(
            name: "line-chart",
            summary:
                "a market_chart body decoded, cut to the range on the wall clock, thinned to the cap, and its statistics bar",
            workbench:
                "MarketChartDecoder (rows as sent), ChartPreparation.line under AppPolicies.bitpal, ChartStatistics.line",
            files: chartFiles,
            lifts: [Lift(file: viewModel, type: "CoinDetailViewModel", members: ["filterAndLimitLineData"])]),
        DiffRule(
            name: "candle-chart",
            summary:
                "an ohlc body decoded, cut to the range, thinned to 42, made continuous (ensureContinuity), and its statistics bar",
            workbench:
                "OHLCDecoder (rows as sent), ChartPreparation.candles under AppPolicies.bitpal, ChartStatistics.candles",
            files: chartFiles,
            lifts: [Lift(file: viewModel, type: "CoinDetailViewModel", members: ["filterAndLimitCandleData"])]
        ),
        DiffRule(
            name: "chart-cache",
            summary:
                "a chart stored at one time and asked for at another: its cache key, and whether it is still fresh",
            workbench:
                "ChartCache under AppPolicies.bitpal (the range profile's TTL, fresh at exactly the TTL)",
            files: chartFiles + [
                "Features/CoinDetail/Models/CachedChartData.swift",
                "Features/CoinDetail/Models/ChartType.swift",
            ],
            lifts: []),
        DiffRule(
            name: "search-ranking",
            summary:
                "a query against the coin list: matches by name, symbol or id, variants and duplicates dropped, ranked, ordered by market cap, 50 shown",
            workbench: "AppSearchRanking.rankedMatches and shown",
            files: [
                "Features/Watchlist/ViewModels/CoinSearchViewModel.swift", "Models/CoinListItem.swift",
                "Models/Coin.swift",
            ],
            lifts: [], opened: ["CoinSearchViewModel"]),
        DiffRule(
            name: "rate-limiter",
            summary:
                "callers asking the limiter at given times, overlapping ones included: when each request is let through",
            workbench:
                "the bitpal limiter (BitpalPacing) through RequestLifecycle, as the simulator drives it",
            files: ["Services/RateLimiter.swift"], lifts: []),
        DiffRule(
            name: "portfolio-ledger",
            summary:
                "trades and the last prices to the Portfolio tab: holdings, average cost, value, unrealised and realised P&L",
            workbench:
                "PortfolioLedger.holdings under the bitpal-average cost method, PortfolioSummary at the prices",
            files: [
                "Features/Portfolio/Models/Holding.swift", "Features/Portfolio/Models/ClosedPosition.swift",
                "Features/Portfolio/Models/PortfolioSummary.swift",
                "Features/Portfolio/Models/Transaction.swift",
                "Features/Portfolio/Models/TransactionType.swift", "Models/Coin.swift",
            ],
            lifts: []),
        DiffRule(
            name: "watchlist-screen",
            summary:
                "a user on the watchlist screen (launch, tab switches, pull-to-refresh, adds and removals) against a server: every request sent, at its millisecond, and every one given up before sending",
            workbench:
                "TrackerApp as the simulator runs it (AppSimulation on a scenario written from the case)",
            files: watchlistScreenFiles,
            lifts: [], opened: ["CoinGeckoService", "PriceUpdateService"], isBehaviour: true),
        DiffRule(
            name: "coin-screen",
            summary:
                "a user opening coin screens from the list, switching ranges and chart types, pulling down and popping, against a server: every request sent, at its millisecond, and every one given up before sending",
            workbench:
                "TrackerApp as the simulator runs it (AppSimulation on a scenario written from the case)",
            files: watchlistScreenFiles + [
                viewModel, "Features/CoinDetail/Models/CachedChartData.swift",
                "Features/CoinDetail/Models/ChartType.swift",
                "Features/CoinDetail/Models/ChartTimeRange.swift",
                "Features/CoinDetail/Models/ChartStatistics.swift",
            ],
            lifts: [], opened: ["CoinGeckoService", "PriceUpdateService"], isBehaviour: true),
        DiffRule(
            name: "portfolio-tab",
            summary:
                "a user with trades on the Portfolio tab and the watchlist (tab switches, pull-to-refresh, pages pushed and popped) against a server: every request sent, at its millisecond, every one given up before sending, and every widget reload",
            workbench:
                "TrackerApp as the simulator runs it (AppSimulation on a scenario written from the case)",
            files: portfolioTabFiles,
            lifts: [], opened: ["CoinGeckoService", "PriceUpdateService"], isBehaviour: true),
        DiffRule(
            name: "search-sheet",
            summary:
                "a user searching from the watchlist (typing with a person's gaps, so queries fire mid-word, then tapping the coin) against a server: every request sent, at its millisecond, and every one given up before sending",
            workbench:
                "TrackerApp as the simulator runs it (AppSimulation on a scenario written from the case)",
            files: watchlistScreenFiles + ["Features/Watchlist/ViewModels/CoinSearchViewModel.swift"],
            lifts: [], opened: ["CoinGeckoService", "PriceUpdateService", "CoinSearchViewModel"],
            isBehaviour: true),
        DiffRule(
            name: "add-transaction",
            summary:
                "a user with trades saving new ones from the Portfolio tab (its coin picker typed at a person's pace, the form's checks, the load after saving) against a server: every request sent, at its millisecond, every one given up before sending, and every widget reload",
            workbench:
                "TrackerApp as the simulator runs it (AppSimulation on a scenario written from the case)",
            files: portfolioTabFiles + [
                "Features/Watchlist/ViewModels/CoinSearchViewModel.swift",
                "Features/Portfolio/ViewModels/AddTransactionViewModel.swift",
            ],
            lifts: [], opened: ["CoinGeckoService", "PriceUpdateService", "CoinSearchViewModel"],
            appSides: ["portfolio-tab", "search-sheet", "add-transaction"], isBehaviour: true),
        DiffRule(
            name: "widget",
            summary:
                "the widget-refresh branch's extension beside the app (its Portfolio tab writing the App Group files and reloading), asked for timelines when WidgetKit asks: every request it sends (its own session and cache, no limiter), and what each timeline shows",
            workbench:
                "TrackerApp under bitpal-008 as the simulator runs it, with the widget on the home screen (AppSimulation on a scenario written from the case)",
            files: portfolioTabFiles + widgetExtensionFiles,
            lifts: [], opened: ["CoinGeckoService", "PriceUpdateService"],
            appSides: ["portfolio-tab", "widget"],
            isBehaviour: true),
    ]
}
