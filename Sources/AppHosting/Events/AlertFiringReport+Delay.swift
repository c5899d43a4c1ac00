import TrackerCore

extension AlertFiringReport {
    /// How long after the true price began to meet the alert's condition the app fired it: the
    /// shell measures it, since only the shell knows the true price.
    ///
    /// The crossing is the earliest minute since which the true price has met the condition
    /// without a break up to the price's data time (or `now`, if earlier); not before the coin's
    /// previous evaluation (the run's start for its first) or, for a re-fire, not before the end
    /// of the cooldown.
    ///
    /// - Parameters:
    ///   - now: When it fired.
    ///   - runStart: The run's start.
    ///   - truePrice: The market's true price of a coin at a time.
    /// - Returns: The delay, ms.
    public func delayMilliseconds(
        at now: Int64, runStart: Int64, truePrice: (String, Int64) -> Double?
    ) -> Int64 {
        let notBefore =
            firing.eligibleSince > firing.conditionSince
            ? firing.eligibleSince : (previousEvaluation ?? runStart)
        var crossing = min(observedAt, now)
        while crossing - 60_000 >= notBefore, let price = truePrice(firing.coinId, crossing - 60_000),
            alert.condition.isMet(by: price, target: alert.target)
        {
            crossing -= 60_000
        }
        return now - max(crossing, notBefore)
    }
}
