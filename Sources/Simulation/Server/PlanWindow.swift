import TrackerCore

/// One plan's per-minute limit as the server enforces it: the times of the requests it accepted
/// in the last 60 s, oldest first.
struct PlanWindow: Sendable {
    private var acceptedTimes: [Int64] = []
    private var head = 0

    /// Admits a request arriving at `now` under a limit of `perMinute`, or says when to retry.
    ///
    /// - Returns: nil when admitted (and counted), else the whole seconds until a slot frees.
    mutating func admit(at now: Int64, perMinute: Int) -> Int64? {
        while head < acceptedTimes.count, acceptedTimes[head] <= now - RateLimitWindow.milliseconds {
            head += 1
        }
        if acceptedTimes.count - head >= perMinute {
            let freeAt = acceptedTimes[head] + RateLimitWindow.milliseconds
            return (freeAt - now + 999) / 1000
        }
        acceptedTimes.append(now)
        if head > 4_096 {
            acceptedTimes.removeFirst(head)
            head = 0
        }
        return nil
    }

    /// What must always hold (``AppInvariants``): the requests counted in the window are at most
    /// `perMinute` and in the order they arrived. Broken, the server would admit a burst its plan
    /// refuses, or refuse by a window computed from the wrong end.
    ///
    /// - Parameter perMinute: The plan's limit.
    /// - Returns: What is broken, in words; empty when all holds.
    func invariantViolations(perMinute: Int) -> [String] {
        var broken: [String] = []
        let counted = acceptedTimes.count - head
        if counted > perMinute {
            broken.append("the plan window counts \(counted) requests over its \(perMinute)")
        }
        if head < acceptedTimes.count,
            zip(acceptedTimes[head...], acceptedTimes[(head + 1)...]).contains(where: { $0 > $1 })
        {
            broken.append("the plan window's times are out of order")
        }
        return broken
    }
}

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
    func identity(of request: HTTPRequest) -> (key: String, plan: RateLimitPlan) {
        let headers = HTTPHeaders(request.headers)
        if let key = headers["x-cg-pro-api-key"] { return ("pro:" + key, pro) }
        if let key = headers["x-cg-demo-api-key"] { return ("demo:" + key, demo) }
        return ("keyless", keyless)
    }
}
