import TrackerCore

extension AppSimulation {
    /// The cache key of the chart the coin screen shows, nil when no coin screen is open.
    var coinScreenChartKey: String? {
        guard let coinId = detailScreen.coinId else { return nil }
        let range = config.policies.rangeProfile.closestAvailableRange(
            to: detailScreen.range, for: detailScreen.type)
        return chartCache.key(coinId: coinId, type: detailScreen.type, range: range)
    }

    /// Tells the freshness record what is on screen now: nothing in the background; the open
    /// coin's chart (its last point) on a coin screen; otherwise the watchlist's rows (each
    /// row's `last_updated`, or when its data arrived; nothing for a row never priced). A coin
    /// screen covers the list: the app's `WatchlistView` is the root of a `NavigationStack` that
    /// coin screens are pushed onto.
    mutating func updateScreen(at now: Int64) {
        guard foreground else {
            recorder.freshness.show(nil, dataTimes: [:], at: now)
            return
        }
        if let key = coinScreenChartKey {
            if chartOnScreen?.key != key { chartOnScreen = ChartOnScreen(key: key, lastPoint: nil) }
            recorder.freshness.show(.chart, dataTimes: [key: chartOnScreen?.lastPoint], at: now)
            return
        }
        var rows: [String: Int64?] = [:]
        for coinId in watchlist.coinIds {
            // updateValue keeps a row that has no data (a nil value), which assigning would drop.
            rows.updateValue(
                watchlist.quotes[coinId].map { $0.sourceUpdatedAt ?? $0.receivedAt }, forKey: coinId)
        }
        recorder.freshness.show(.watchlist, dataTimes: rows, at: now)
    }
}
