/// Which requests a plan bills a credit for.
public enum BillingRule: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
    /// Each successful (HTTP 200) response: CoinGecko's rule; a 429, an error or a timeout
    /// costs nothing.
    case successfulResponses = "successful"
    /// Every request that reaches CoinGecko, whatever came back (a CDN's `414` for an over-long
    /// URI does not).
    case everyRequest = "every-request"

    /// The rule in words, for reports.
    public var explanation: String {
        switch self {
        case .successfulResponses: "a credit per HTTP 200; 429s, errors and timeouts are free"
        case .everyRequest: "a credit per request sent, whatever came back"
        }
    }

    /// Whether a request that ended this way costs a credit.
    ///
    /// - Parameter status: The response's HTTP status, nil when none arrived (a timeout, a
    ///   connection failure).
    public func bills(status: Int?) -> Bool {
        switch self {
        case .successfulResponses: status == 200
        case .everyRequest: status != 414
        }
    }
}

/// A CoinGecko plan's request budget, as data.
///
/// CoinGecko's limits have changed over the years (keyless 5-15 a minute, demo 30 then 100, paid
/// 500 and more); the workbench treats the limit as a parameter and ships the plans the team
/// asks about. A credit is billed per request as ``billing`` says (CoinGecko: each HTTP 200).
public struct RateLimitPlan: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The plan's name (`seed-50`).
    public var name: String
    /// Requests allowed in any 60 s window.
    public var requestsPerMinute: Int
    /// Credits per month, when the plan has a monthly cap.
    public var monthlyCredits: Int?
    /// Which requests cost a credit.
    public var billing: BillingRule

    /// Which of CoinGecko's key kinds a plan is on: what decides the key's header and the API
    /// root, and the `/simple/price` cache the CDN gives it.
    public enum Tier: String, Sendable, Equatable {
        /// No key (the public API).
        case keyless
        /// A demo key: `x-cg-demo-api-key` on `api.coingecko.com`.
        case demo
        /// A paid key: `x-cg-pro-api-key` on `pro-api.coingecko.com`.
        case pro
    }

    /// The plan's tier, by its name: `pro-*` plans are paid, `keyless` has no key, every other
    /// plan (the demo plans, `seed-50`, `custom-N`) takes a demo key.
    public var tier: Tier {
        if name.hasPrefix("pro") { return .pro }
        return name == RateLimitPlan.keyless.name ? .keyless : .demo
    }

    /// Creates a plan.
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - requestsPerMinute: Requests allowed in any 60 s window, at least 1.
    ///   - monthlyCredits: The monthly credit cap, if any.
    ///   - billing: Which requests cost a credit (CoinGecko's rule by default).
    public init(
        name: String, requestsPerMinute: Int, monthlyCredits: Int? = nil,
        billing: BillingRule = .successfulResponses
    ) {
        precondition(requestsPerMinute >= 1, "a plan allows at least one request a minute")
        self.name = name
        self.requestsPerMinute = requestsPerMinute
        self.monthlyCredits = monthlyCredits
        self.billing = billing
    }

    /// No API key: 10 a minute (CoinGecko's public limit varies between 5 and 15).
    public static let keyless = RateLimitPlan(name: "keyless", requestsPerMinute: 10)
    /// The demo plan as it was: 30 a minute, 10,000 credits a month.
    public static let demo30 = RateLimitPlan(name: "demo-30", requestsPerMinute: 30, monthlyCredits: 10_000)
    /// The budget of the app's documents: 50 a minute, hence its 1.2 s spacing.
    public static let seed50 = RateLimitPlan(name: "seed-50", requestsPerMinute: 50)
    /// The demo plan today: 100 a minute, 10,000 credits a month.
    public static let demo100 = RateLimitPlan(
        name: "demo-100", requestsPerMinute: 100, monthlyCredits: 10_000)
    /// A paid plan: 500 a minute, 500,000 credits a month.
    public static let pro500 = RateLimitPlan(name: "pro-500", requestsPerMinute: 500, monthlyCredits: 500_000)

    /// The presets, smallest first.
    public static let presets: [RateLimitPlan] = [.keyless, .demo30, .seed50, .demo100, .pro500]

    /// A preset by name, or `custom-N` for N requests a minute.
    ///
    /// - Parameter name: `keyless`, `demo-30`, `seed-50`, `demo-100`, `pro-500` or `custom-N`.
    /// - Returns: The plan, or nil for an unknown name or a non-positive N.
    public static func named(_ name: String) -> RateLimitPlan? {
        if let preset = presets.first(where: { $0.name == name }) { return preset }
        guard name.hasPrefix("custom-"), let perMinute = Int(name.dropFirst("custom-".count)), perMinute > 0
        else {
            return nil
        }
        return RateLimitPlan(name: name, requestsPerMinute: perMinute)
    }

    /// The shortest even spacing that stays within the plan: `ceil(60 s / limit)`.
    public var spacingMilliseconds: Int64 {
        (RateLimitWindow.milliseconds + Int64(requestsPerMinute) - 1) / Int64(requestsPerMinute)
    }

    /// `name (N/min)`.
    public var description: String { "\(name) (\(requestsPerMinute)/min)" }
}

/// The window CoinGecko counts requests in.
public enum RateLimitWindow {
    /// 60 s, in milliseconds.
    public static let milliseconds: Int64 = 60_000
}
