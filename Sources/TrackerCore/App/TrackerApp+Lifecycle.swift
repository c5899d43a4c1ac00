extension TrackerApp {
    /// iOS ends the suspended process. What lived in memory is gone: the market-data cache
    /// (`CoinGeckoService`'s dictionary), the coin list (`fetchCoinList()`'s 7-day copy), the view
    /// models (quotes, what the last loads put on screen, the Portfolio tab's prices), every loop,
    /// sleep and request in flight, and the limiter's last request time. What is on disk stays:
    /// SwiftData's watchlist, transactions and chart cache (`CachedChartData`), URLSession's disk
    /// cache, and the widget, which runs in its own process. The next open launches the app on its
    /// first tab (``AppNavigation``, not launched). An app in the foreground is not ended.
    ///
    /// - Parameter now: The time.
    mutating func endProcess(at now: Int64) {
        guard !navigation.isActive, navigation.isLaunched else { return }
        processEnded = true
        navigation = AppNavigation(active: false)
        (suspended, heldWakes) = (false, [])
        watchlistScreen.processEnded()
        portfolioLoop.processEnded()
        detailScreen.close()
        chartsOnScreen = [:]
        search = nil
        coinList = nil
        marketCache.invalidate()
        watchlist.forgetQuotes()
        portfolioPrices = nil
        portfolioContent = PortfolioContent()
        (fetches, pending) = ([:], [:])
        requestLifecycle.processEnded()
        memos.processEnded()
    }
}
