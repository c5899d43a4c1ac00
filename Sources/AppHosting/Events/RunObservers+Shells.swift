import TrackerCore

extension RunObservers {
    /// Reports a request leaving, with the screen that asked and its limiter wait: what every
    /// shell reports when it hands a request to its transport.
    ///
    /// - Parameters:
    ///   - sent: The app's request.
    ///   - now: When it left.
    public mutating func sent(_ sent: AppRequest, at now: Int64) {
        let request = sent.request
        emit(
            .requestSent(
                id: sent.id, askedAt: sent.askedAt, screen: sent.screen,
                endpoint: request.endpoint?.route, target: request.target),
            at: now)
    }

    /// Reports a request's answer (`status` nil: none, a timeout), billed as the run's plan bills it.
    ///
    /// - Parameters:
    ///   - id: The request's number.
    ///   - status: The answer's status.
    ///   - config: The run (its plan).
    ///   - now: When it arrived.
    public mutating func answered(_ id: Int, status: Int?, config: RunConfig, at now: Int64) {
        emit(
            .answered(id: id, status: status, billed: config.server.plan.billing.bills(status: status)),
            at: now)
    }

    /// Reports an alert's firing with its delay against the run's true price.
    ///
    /// - Parameters:
    ///   - report: The app's firing.
    ///   - config: The run (its start and true prices).
    ///   - now: When it fired.
    public mutating func alertFired(_ report: AlertFiringReport, config: RunConfig, at now: Int64) {
        let delay = report.delayMilliseconds(at: now, runStart: config.start, truePrice: config.truePrice)
        emit(.alertFired(coinId: report.firing.coinId, delayMilliseconds: delay), at: now)
    }
}
