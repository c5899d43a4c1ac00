extension Scenario {
    /// The most simulated events a scenario may plan (``estimatedEvents``): about an hour of
    /// simulation on one core (`docs/errors-and-limits.md`).
    public static let maximumEvents = 50_000_000.0

    /// An upper estimate of the events a run simulates, from what drives them: the refresh loop
    /// over the time the app can be in the foreground, each session's screens and switches, and
    /// the script. Checked against real runs' `simulation.events` in the tests.
    public var estimatedEvents: Double {
        let days = Double(durationMilliseconds) / 86_400_000
        var foreground = startsInForeground ? Double(durationMilliseconds) : 0
        var sessionEvents = 0.0
        if let sessions {
            let count = sessions.sessionsPerDay * days
            foreground += count * Double(sessions.meanSessionMilliseconds) * 4  // long tails
            let perCoin = 4 + sessions.habits.rangeSwitchesPerCoin * 3 + 3
            sessionEvents =
                count
                * (4 + sessions.habits.pullToRefreshPerSession * 3
                    + (sessions.coinsPerSession + 1) * perCoin)
        }
        foreground = min(foreground, Double(durationMilliseconds))
        let refreshes = foreground / Double(max(policies.refreshIntervalMilliseconds, 1)) + 1
        return 6 * refreshes + 4 * sessionEvents + 4 * Double(script.count) + 16
    }
}
