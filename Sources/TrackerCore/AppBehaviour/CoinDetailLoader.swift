/// In what order the coin screen asks for its detail and its chart.
public enum DetailLoadOrder: String, Sendable, Equatable, CaseIterable, Codable {
    /// The app (Pointwelve/Bitpal-iOS
    /// `Bitpal-v2/Bitpal/Features/CoinDetail/ViewModels/CoinDetailViewModel.swift`,
    /// `loadInitialData()` and `refresh()`): the coin detail first, the chart only after the
    /// detail arrived; a failed detail means no chart request.
    case detailThenChart = "detail-then-chart"
    /// Both at once (`async let`), as the workbench's first quickstart and the spec have it.
    case concurrent
}

/// The coin screen's loads, as a clock-free state machine: user events in, loads out.
///
/// Range and chart-type switches start a chart load in a task of their own
/// (`CoinDetailViewModel.switchTimeRange(to:)`, `switchChartType(to:)`), so rapid switches run
/// concurrently: that is where the app's rate limiter lets requests leave together. A type
/// switch to a type that lacks the selected range moves to the closest available range first
/// (`adjustTimeRangeIfNeeded()`).
public struct CoinDetailLoader: Sendable, Equatable {
    /// A load the shell must run.
    public enum Action: Sendable, Equatable {
        /// Fetch the coin's detail; report the end with ``detailFinished(token:succeeded:)``.
        case fetchDetail(coinId: String, token: Int)
        /// Load a chart through the chart cache (a cache hit needs no request).
        case loadChart(coinId: String, type: ChartType, range: ChartTimeRange)
    }

    /// The order of the first loads.
    public let order: DetailLoadOrder
    /// The ranges on offer.
    public let profile: ChartRangeProfile
    /// The open coin, if any.
    public private(set) var coinId: String?
    /// The selected chart type: the user's last choice, kept when the screen closes (the app
    /// saves it with `ChartType.saveAsPreference()`; new users start on line).
    public private(set) var type: ChartType = .line
    /// The selected range.
    public private(set) var range: ChartTimeRange = .oneDay
    private var token = 0
    /// The loads under way (the screen's `.task`, each pull-to-refresh: tasks of their own that
    /// run side by side), by token: whether each still waits for its detail to load its chart.
    private var loads: [Int: Bool] = [:]

    /// Creates a closed screen.
    ///
    /// - Parameters:
    ///   - order: Detail then chart (the app) or both at once.
    ///   - profile: The ranges on offer.
    public init(order: DetailLoadOrder, profile: ChartRangeProfile) {
        self.order = order
        self.profile = profile
    }

    /// The user opens a coin (a tap on its row): the screen always starts on 1D (the view
    /// model's `selectedTimeRange = .oneDay`) with the chart type the user last chose
    /// (`ChartType.loadPreference()`, kept across opens and launches).
    ///
    /// - Parameter coinId: The coin.
    /// - Returns: The loads to start.
    public mutating func open(coinId: String) -> [Action] {
        self.coinId = coinId
        range = profile.closestAvailableRange(to: .oneDay, for: type)
        return loadAll()
    }

    /// The coin screen appears again (its tab is selected again while it is on the stack): its
    /// `.task` runs `loadInitialData()` once more, with the range and type it shows.
    ///
    /// - Returns: The loads to start; none when no coin is open.
    public mutating func reappear() -> [Action] { refresh() }

    /// Pull-to-refresh on the coin screen: detail and chart again, in the same order.
    ///
    /// - Returns: The loads to start; none when no coin is open.
    public mutating func refresh() -> [Action] {
        guard coinId != nil else { return [] }
        return loadAll()
    }

    /// The user picks another range: a chart load starts at once, in its own task. Tapping the
    /// selected range does nothing (`TimeRangeSelector`'s `guard range != selectedRange`).
    ///
    /// - Parameter range: The range; moved to the closest one the type offers.
    /// - Returns: The chart load; none when no coin is open or the range is already selected.
    public mutating func switchRange(to range: ChartTimeRange) -> [Action] {
        let offered = profile.closestAvailableRange(to: range, for: type)
        guard let coinId, offered != self.range else { return [] }
        self.range = offered
        return [.loadChart(coinId: coinId, type: type, range: offered)]
    }

    /// The user picks another chart type: the range adjusts if needed, a chart load starts.
    ///
    /// - Parameter type: The type.
    /// - Returns: The chart load; none when no coin is open or the type is unchanged.
    public mutating func switchType(to type: ChartType) -> [Action] {
        guard let coinId, type != self.type else { return [] }
        self.type = type
        range = profile.closestAvailableRange(to: range, for: type)
        return [.loadChart(coinId: coinId, type: type, range: range)]
    }

    /// The detail request ended.
    ///
    /// - Parameters:
    ///   - token: The token of the detail action.
    ///   - succeeded: Whether the detail arrived.
    /// - Returns: The chart load when the order waits for the detail and it arrived.
    public mutating func detailFinished(token: Int, succeeded: Bool) -> [Action] {
        guard let coinId, loads[token] == true else { return [] }
        loads[token] = false
        return succeeded ? [.loadChart(coinId: coinId, type: type, range: range)] : []
    }

    /// The user leaves the screen; a detail still in flight no longer leads to a chart.
    public mutating func close() {
        coinId = nil
        cancelLoads()
    }

    /// Whether a load the screen's `.task` started (its detail, and the chart after it) still
    /// runs: not after a pop or the task's cancellation.
    ///
    /// - Parameter token: The load's token.
    public func isCurrent(token: Int) -> Bool { loads[token] != nil }

    /// The screen's `.task` is cancelled while it stays on the stack (its tab was left), or the
    /// screen is popped: its loads, and those of a pull under way (a named choice: SwiftUI does
    /// not document whether popping cancels a refresh), end; a detail still in flight no longer
    /// leads to a chart.
    public mutating func cancelLoads() {
        loads.removeAll()
    }

    /// A load of detail and chart: the screen's `.task` or a pull. A pull does not cancel the
    /// `.task`'s load (`refresh()` runs in the refresh action's task, beside it).
    private mutating func loadAll() -> [Action] {
        guard let coinId else { return [] }
        token += 1
        let detail = Action.fetchDetail(coinId: coinId, token: token)
        switch order {
        case .detailThenChart:
            loads[token] = true
            return [detail]
        case .concurrent:
            loads[token] = false
            return [detail, .loadChart(coinId: coinId, type: type, range: range)]
        }
    }
}
