extension TrackerApp {
    /// Tells the freshness and time-on-screen records what is on screen now (``AppNavigation``'s
    /// visible view): nothing in the background or under a search sheet; on a coin screen, the
    /// chart of the selected type it shows (its last point), on the watchlist's root the rows it
    /// shows (each row's `last_updated`, or when its data arrived; nothing for a row never
    /// priced), on the Portfolio tab the holdings' prices.
    ///
    /// A shell calls it after every input it gives the app. It first gives up the requests whose
    /// task that input cancelled while they waited for the limiter (``giveUpCancelledWaits(at:)``).
    ///
    /// - Parameter now: The time.
    public mutating func updateScreen(at now: Int64) {
        giveUpCancelledWaits(at: now)
        let screen = navigation.visibleScreen
        let rowsShown = watchlistRowsShown
        // Anything but the watchlist's rows shown again ends their run.
        watchlistRowsShown = nil
        if screen != screenOnTop {
            screenOnTop = screen
            emit(.screenChanged(screen))
        }
        switch navigation.visibleView {
        case nil, .sheet, .portfolioPage:
            // A sheet and a Portfolio-tab page show no market prices.
            emit(.screenShown(nil, items: []))
        case .coinScreen(let coinId):
            let shown = chartsOnScreen[detailScreen.type] ?? nil
            let chart = ScreenItem(key: "\(coinId)-\(detailScreen.type.rawValue)", dataTime: shown)
            emit(.screenShown(.coin, items: [chart]))
        case .watchlistRoot:
            let shown = watchlistScreen.shown(of: watchlist.coinIds)
            let same = WatchlistRowsShown(
                revision: watchlistRevision, coinIds: shown, newestData: nil, at: now)
            // The same rows with the same data, none stamped after the last showing: showing them
            // again changes nothing (ScreenFreshness keeps every item), so it is skipped.
            if let last = rowsShown, last.shows(same) {
                watchlistRowsShown = last
                return
            }
            var rows: [ScreenItem] = []
            rows.reserveCapacity(shown.count)
            var newest = Int64.min
            // Nearly always the whole list, in order: its quotes are read by place.
            let inListOrder = shown == watchlist.coinIds
            for (position, coinId) in shown.enumerated() {
                // A row the app shows for a coin removed while a load was under way has the
                // load's quote (``Watchlist/offListQuotes``).
                let quote =
                    inListOrder
                    ? watchlist.quote(at: position)
                    : watchlist.quote(for: coinId) ?? watchlist.offListQuotes[coinId]
                let dataTime = quote.map { $0.sourceUpdatedAt ?? $0.receivedAt }
                rows.append(ScreenItem(key: coinId, dataTime: dataTime))
                newest = max(newest, dataTime ?? .min)
            }
            emit(.screenShown(.watchlist, items: rows))
            watchlistRowsShown = WatchlistRowsShown(
                revision: watchlistRevision, coinIds: shown, newestData: newest, at: now)
            return
        case .portfolioRoot:
            var rows: [ScreenItem] = []
            if let prices = portfolioPrices {
                // The holdings the last load listed (``PortfolioContent``: a held coin without a
                // row is not on the app's screen at all), by coin id.
                for coinId in portfolioContent.heldQuantities.keys.sorted() {
                    guard let row = prices[coinId] else { continue }
                    rows.append(ScreenItem(key: coinId, dataTime: row.lastUpdated ?? portfolioLoadedAt))
                }
            } else {
                // Before a load: the held coins, never priced.
                rows = ledger.heldCoinIds.map { ScreenItem(key: $0, dataTime: nil) }
            }
            emit(.screenShown(.portfolio, items: rows))
        }
    }
}

/// The watchlist rows a screen showed last: which rows, the watchlist's revision, the newest data
/// time among them, and when.
struct WatchlistRowsShown: Equatable {
    var revision: Int
    var coinIds: [String]
    var newestData: Int64?
    var at: Int64

    /// Whether showing `next` would show exactly these rows again: the same watchlist and rows,
    /// and no data stamped after this showing (such data would count as fresh then, not now).
    func shows(_ next: WatchlistRowsShown) -> Bool {
        revision == next.revision && coinIds == next.coinIds && (newestData ?? .min) <= at && next.at >= at
    }
}
