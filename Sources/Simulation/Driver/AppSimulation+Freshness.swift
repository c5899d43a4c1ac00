import TrackerCore

extension AppSimulation {
    /// Tells the freshness and time-on-screen records what is on screen now (``AppNavigation``'s
    /// visible view): nothing in the background or under a search sheet; on a coin screen, the
    /// chart of the selected type it shows (its last point), on the watchlist's root the rows it
    /// shows (each row's `last_updated`, or when its data arrived; nothing for a row never
    /// priced), on the Portfolio tab the holdings' prices.
    mutating func updateScreen(at now: Int64) {
        let screen = navigation.visibleScreen
        if screen != screenOnTop {
            screenOnTop = screen
            emit(.screenChanged(screen), at: now)
        }
        switch navigation.visibleView {
        case nil, .sheet:
            emit(.screenShown(nil, dataTimes: [:]), at: now)
        case .coinScreen(let coinId):
            let shown = chartsOnScreen[detailScreen.type] ?? nil
            emit(.screenShown(.chart, dataTimes: ["\(coinId)-\(detailScreen.type.rawValue)": shown]), at: now)
        case .watchlistRoot:
            var rows: [String: Int64?] = [:]
            let shown = watchlistScreen.shown(of: watchlist.coinIds)
            for coinId in shown {
                // updateValue keeps a row that has no data (a nil value), which assigning would drop.
                rows.updateValue(
                    watchlist.quotes[coinId].map { $0.sourceUpdatedAt ?? $0.receivedAt }, forKey: coinId)
            }
            emit(.screenShown(.watchlist, dataTimes: rows), at: now)
        case .portfolioRoot:
            var rows: [String: Int64?] = [:]
            for coinId in heldCoinIds {
                guard let prices = portfolioPrices else {
                    rows.updateValue(nil, forKey: coinId)
                    continue
                }
                // A held coin without a row is not on the app's screen at all.
                if let row = prices[coinId] { rows[coinId] = row.lastUpdated ?? portfolioLoadedAt }
            }
            emit(.screenShown(.portfolio, dataTimes: rows), at: now)
        }
    }
}
