extension TrackerApp {
    /// Evaluates every alert on the watchlist's latest quotes (a workbench extension: the
    /// published app removed its alerts in `b12656b`); each firing goes to the shell, which
    /// measures its delay against the true price.
    mutating func evaluateAlerts(at now: Int64) {
        // Alerts are fixed for the run, and a coin no alert watches never fires, so its last
        // evaluation is never read: 11 % of a 1,000-coin run without alerts went to keeping it.
        guard !alerts.alerts.isEmpty else { return }
        for (position, coinId) in watchlist.coinIds.enumerated() where alerts.watches(coinId) {
            guard let quote = watchlist.quote(at: position), let price = quote.price else { continue }
            let observedAt = quote.sourceUpdatedAt ?? quote.receivedAt
            let previous = lastAlertEvaluation[coinId]
            lastAlertEvaluation[coinId] = now
            for firing in alerts.evaluate(coinId: coinId, price: price, observedAt: observedAt, at: now) {
                guard let alert = alerts.alerts.first(where: { $0.id == firing.alertId }) else { continue }
                effects.append(
                    .alertFired(
                        AlertFiringReport(
                            alert: alert, firing: firing, observedAt: observedAt, previousEvaluation: previous
                        )))
            }
        }
    }
}
