/// Evaluates price alerts on every price update, as the app does, and records for each firing
/// when the condition became true in the price data and when it was detected.
///
/// A synchronous state machine: the caller passes each observed price with the time the data
/// describes (CoinGecko's `last_updated`, or a chart point's time) and the time of the
/// evaluation. The gap between the two is the detection delay the simulator reports.
public struct AlertEvaluator: Sendable {
    /// One alert's memory between updates.
    private struct State: Sendable {
        var lastFiredAt: Int64?
        /// Data time of the first observation of the current run where the condition holds.
        var conditionSince: Int64?
        /// For ``PriceAlert/Retrigger/crossing``: whether the condition has been false since the
        /// last firing.
        var armed = true
    }

    /// The alerts, by id.
    public private(set) var alerts: [PriceAlert]
    private var states: [Int64: State]
    private var alertIndicesByCoin: [String: [Int]]

    /// Creates an evaluator.
    ///
    /// - Parameters:
    ///   - alerts: The alerts.
    ///   - lastFiredAt: Persisted last firing times by alert id (the app keeps `lastTriggered`).
    /// - Throws: ``AlertError`` for an invalid alert or a repeated id.
    public init(alerts: [PriceAlert], lastFiredAt: [Int64: Int64] = [:]) throws(AlertError) {
        var states: [Int64: State] = [:]
        var byCoin: [String: [Int]] = [:]
        for (index, alert) in alerts.enumerated() {
            try alert.validate()
            guard states[alert.id] == nil else { throw .duplicateId(alert.id) }
            states[alert.id] = State(lastFiredAt: lastFiredAt[alert.id])
            byCoin[alert.coinId, default: []].append(index)
        }
        self.alerts = alerts
        self.states = states
        self.alertIndicesByCoin = byCoin
    }

    /// Whether any alert watches the coin: a coin no alert watches never fires.
    ///
    /// - Parameter coinId: The coin.
    public func watches(_ coinId: String) -> Bool {
        alertIndicesByCoin[coinId] != nil
    }

    /// When each alert last fired, by id.
    public var lastFiredAt: [Int64: Int64] {
        states.compactMapValues(\.lastFiredAt)
    }

    /// Evaluates a coin's alerts against one observed price.
    ///
    /// - Parameters:
    ///   - coinId: The coin.
    ///   - price: The observed price; a non-finite or non-positive price is ignored.
    ///   - observedAt: The time the price describes, epoch ms.
    ///   - now: The time of the evaluation (detection), epoch ms.
    /// - Returns: The alerts that fire, in the order they were given.
    public mutating func evaluate(coinId: String, price: Double, observedAt: Int64, at now: Int64)
        -> [AlertFiring]
    {
        guard price.isFinite, price > 0, let indices = alertIndicesByCoin[coinId] else { return [] }
        var firings: [AlertFiring] = []
        for index in indices where alerts[index].isEnabled {
            let alert = alerts[index]
            var state = states[alert.id]!
            defer { states[alert.id] = state }
            guard alert.condition.isMet(by: price, target: alert.target) else {
                state.conditionSince = nil
                state.armed = true
                continue
            }
            let since = state.conditionSince ?? observedAt
            state.conditionSince = since
            let cooldownEnd = state.lastFiredAt.map { $0 + alert.cooldownMilliseconds }
            guard cooldownEnd.map({ now >= $0 }) ?? true, alert.retrigger == .cooldown || state.armed else {
                continue
            }
            state.lastFiredAt = now
            state.armed = false
            firings.append(
                AlertFiring(
                    alertId: alert.id, coinId: coinId, price: price, conditionSince: since,
                    eligibleSince: max(since, cooldownEnd ?? since), detectedAt: now))
        }
        return firings
    }

    /// Turns an alert on or off; turning it off forgets the current condition run.
    ///
    /// - Parameters:
    ///   - id: The alert.
    ///   - enabled: On or off.
    /// - Returns: Whether the alert exists.
    @discardableResult
    public mutating func setEnabled(_ id: Int64, _ enabled: Bool) -> Bool {
        guard let index = alerts.firstIndex(where: { $0.id == id }) else { return false }
        alerts[index].isEnabled = enabled
        if !enabled { states[id]?.conditionSince = nil }
        return true
    }
}

/// One alert firing: a notification the app sends.
public struct AlertFiring: Sendable, Equatable {
    /// The alert.
    public var alertId: Int64
    /// The coin.
    public var coinId: String
    /// The price that fired it.
    public var price: Double
    /// Data time of the first observation in the run where the condition holds.
    public var conditionSince: Int64
    /// When the alert could first have fired for this run: `conditionSince`, or the end of the
    /// cooldown if later.
    public var eligibleSince: Int64
    /// When the evaluation fired it.
    public var detectedAt: Int64

    /// `detectedAt - eligibleSince`: how late the user heard of it, ms.
    public var detectionDelayMilliseconds: Int64 { detectedAt - eligibleSince }
}
