import TrackerCore

/// The plans `workbench serve` enforces per API key, by the header the key arrives in, as
/// CoinGecko does: each key (and all keyless callers together) has its own per-minute window.
public struct KeyPlans: Sendable, Equatable {
    /// Requests without a key.
    public var keyless: RateLimitPlan
    /// Requests with `x-cg-demo-api-key`.
    public var demo: RateLimitPlan
    /// Requests with `x-cg-pro-api-key`.
    public var pro: RateLimitPlan

    /// Creates the plans.
    ///
    /// - Parameters:
    ///   - keyless: Without a key.
    ///   - demo: For demo keys.
    ///   - pro: For paid keys.
    public init(keyless: RateLimitPlan, demo: RateLimitPlan, pro: RateLimitPlan) {
        self.keyless = keyless
        self.demo = demo
        self.pro = pro
    }

    /// The defaults around a scenario's plan: keyless callers get `keyless`; demo keys get the
    /// scenario's plan unless it is a paid one (then `demo-100`); paid keys get the scenario's
    /// plan when it is a paid one (else `pro-500`).
    ///
    /// - Parameter plan: The scenario's plan.
    public static func around(_ plan: RateLimitPlan) -> KeyPlans {
        let paid = plan.tier == .pro
        return KeyPlans(keyless: .keyless, demo: paid ? .demo100 : plan, pro: paid ? plan : .pro500)
    }

    /// The window key and plan of a request: `demo:KEY`, `pro:KEY` or `keyless`.
    package func identity(of request: HTTPRequest) -> (key: String, plan: RateLimitPlan) {
        let headers = HTTPHeaders(request.headers)
        if let key = headers["x-cg-pro-api-key"] { return ("pro:" + key, pro) }
        if let key = headers["x-cg-demo-api-key"] { return ("demo:" + key, demo) }
        return ("keyless", keyless)
    }
}
