extension TrackerApp {
    /// What must hold of the app's state after every input, whatever the inputs (in the style of
    /// TigerBeetle's assertions: each names the bug it would catch). The shells check it after
    /// every step when asked (`AppHost`, `--check-invariants`, the tests and CI's sweeps); it
    /// reads the state and changes nothing.
    ///
    /// - Returns: What is broken, in words; empty when all holds.
    public func invariantViolations() -> [String] {
        var broken: [String] = []
        // A wait for the limiter belongs to a request still asked for; a cancelled task's wait is
        // given up after the input that cancelled it (the bug: a popped screen still sends).
        for id in waitingForSlot.sorted() {
            guard let request = pending[id] else {
                broken.append("request \(id) waits for the limiter but is not pending")
                continue
            }
            if !isWanted(request.purpose) {
                broken.append("request \(id) (\(request.request.target)) waits for a task that was cancelled")
            }
        }
        // Request numbers are never reused: an answer could otherwise reach the wrong code.
        if let highest = pending.keys.max(), highest >= nextRequest {
            broken.append("request \(highest) is pending but the next number is \(nextRequest)")
        }
        // The ledger's positions are a memo of the transactions: stale, the Portfolio tab would
        // ask for coins no longer held, or miss one just bought.
        if ledger != LedgerPositions(transactions, method: policies.costMethod) {
            broken.append("the ledger's positions differ from its transactions'")
        }
        // Methods other than the app's refuse an oversell: their quantities never go negative.
        if policies.costMethod != .bitpalAverage,
            (try? PortfolioLedger.checkHoldingsNeverNegative(transactions)) == nil
        {
            broken.append("the ledger sells more than it holds under \(policies.costMethod.rawValue)")
        }
        // A bounded chart cache never holds more than its capacity (its LRU evicts first).
        let charts = chartLoader.cache.storage
        if charts.count > charts.capacity {
            broken.append("the chart cache holds \(charts.count) entries over its \(charts.capacity)")
        }
        // A memo answers what recomputing would: a stale batch list would ask for coins the
        // watchlist no longer has.
        if let memo = memos.fetchRequests,
            memo.requests.map(\.target) != memo.source.requests(for: memo.ids, using: requests).map(\.target)
        {
            broken.append("the remembered requests of a fetch differ from a rebuild's")
        }
        // The watchlist lists a coin once: a duplicate row would be refreshed and counted twice.
        if Set(watchlist.coinIds).count != watchlist.coinIds.count {
            broken.append("the watchlist lists a coin twice")
        }
        return broken
    }
}
