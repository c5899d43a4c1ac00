/// Why a run ended before its scenario's end, and where: a signal (Ctrl-C is `SIGINT`, a CI
/// timeout `SIGTERM`, a closed terminal `SIGHUP`) and the simulated time reached. A run that
/// carries one covers only the span from its start to ``reached``: its rates, freshness and
/// portfolio are measured over that span, its reports say so first, and it does not pass.
public struct EarlyStop: Sendable, Equatable {
    /// What stopped it (`SIGINT`).
    public var reason: String
    /// The simulated time reached, epoch ms.
    public var reached: Int64

    /// Creates a stop.
    ///
    /// - Parameters:
    ///   - reason: What stopped the run.
    ///   - reached: The simulated time reached, epoch ms.
    public init(reason: String, reached: Int64) {
        self.reason = reason
        self.reached = reached
    }
}
