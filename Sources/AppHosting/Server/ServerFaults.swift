/// Faults the simulated server injects, on a schedule or at a rate.
public struct ServerFaults: Sendable, Equatable {
    /// A span of virtual time, `[start, end)`.
    public struct Window: Sendable, Equatable {
        /// The first affected time, epoch ms.
        public var start: Int64
        /// The first time no longer affected.
        public var end: Int64

        /// Creates a window.
        ///
        /// - Parameters:
        ///   - start: Start, epoch ms.
        ///   - end: End, epoch ms (exclusive).
        public init(start: Int64, end: Int64) {
            self.start = start
            self.end = end
        }

        /// Whether `time` falls inside.
        public func contains(_ time: Int64) -> Bool { time >= start && time < end }
    }

    /// Share of requests answered 500 (0...1).
    public var serverErrorRate: Double
    /// Share of requests that never answer (the client times out).
    public var timeoutRate: Double
    /// Share of 200 responses cut off in the middle of their JSON.
    public var truncationRate: Double
    /// Share of 200 responses with a renamed required member (schema drift).
    public var schemaDriftRate: Double
    /// Spans when every request fails with 503 (an outage).
    public var outages: [Window]
    /// Spans when every request is answered 429 (a rate-limit storm).
    public var storms: [Window]
    /// Whether 429s come as CoinGecko's HTML page instead of its JSON body.
    public var htmlRateLimitPages: Bool

    /// No faults.
    public static let none = ServerFaults()

    /// Creates a fault schedule.
    ///
    /// - Parameters:
    ///   - serverErrorRate: Share answered 500.
    ///   - timeoutRate: Share that time out.
    ///   - truncationRate: Share of 200s truncated.
    ///   - schemaDriftRate: Share of 200s drifted.
    ///   - outages: Outage windows.
    ///   - storms: 429 storm windows.
    ///   - htmlRateLimitPages: HTML 429 bodies.
    public init(
        serverErrorRate: Double = 0, timeoutRate: Double = 0, truncationRate: Double = 0,
        schemaDriftRate: Double = 0, outages: [Window] = [], storms: [Window] = [],
        htmlRateLimitPages: Bool = false
    ) {
        self.serverErrorRate = serverErrorRate
        self.timeoutRate = timeoutRate
        self.truncationRate = truncationRate
        self.schemaDriftRate = schemaDriftRate
        self.outages = outages
        self.storms = storms
        self.htmlRateLimitPages = htmlRateLimitPages
    }
}
