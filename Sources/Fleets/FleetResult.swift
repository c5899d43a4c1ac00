import Foundation
import Reports
import Scenarios
import WorkbenchFoundation

/// A fleet's figures, arm by arm (a topology on a plan): totals, the busiest minutes, refusals and
/// stale data by user and by session, credits and the month's cost against the plan, each user's
/// requests an hour against the team's target, and the cheapest plan of each topology that is
/// enough. Written as `fleet.json`, `fleet.md` and `fleet.html`.
public struct FleetResult: Sendable {
    /// One arm's counts.
    public struct Arm: Sendable {
        /// The arm's label.
        public var label: String
        /// What each user did, by index.
        public var totals: [UserTotals]
        /// Requests reaching CoinGecko in each minute of the simulated days.
        public var perMinute: [Int]
        /// Credits billed on each simulated day.
        public var creditsByDay: [Int]
        /// What CoinGecko's side counted, for a coupled arm.
        public var upstream: FleetShard.Upstream?
    }

    /// The fleet.
    public var fleet: FleetHeader
    /// Its first users, as drawn (at most ``detailedUsers``).
    public var users: [FleetUser]
    /// The arms, in the fleet's order.
    public var arms: [Arm]

    /// Users listed one by one in `fleet.json`.
    public static let detailedUsers = 20

    /// One arm's figures, computed once for every report.
    public struct Figures {
        /// The arm's header: topology, plan, price.
        public var header: FleetHeader.Arm
        /// Requests the devices sent.
        public var requests: Int
        /// Requests the devices saw answered 429.
        public var refused: Int
        /// Requests sent at the run's last instant (in no minute).
        public var atEnd: Int
        /// Requests that reached CoinGecko.
        public var coinGeckoRequests: Int
        /// Credits billed.
        public var credits: Int
        /// The share of users who saw a 429, and who saw stale data.
        public var usersRefused: Double, usersStale: Double
        /// The share of sessions that saw a 429, and that saw stale data.
        public var sessionsRefused: Double, sessionsStale: Double
        /// The busiest minute at CoinGecko, and the 99.9th percentile of minutes (nearest rank).
        public var busiestMinute: (max: Double, p999: Double)
        /// Each user's requests an hour: p50, p95, p99 (nearest rank).
        public var perUserHourly: (p50: Double, p95: Double, p99: Double)
        /// Users at or over the target.
        public var overTarget: Int
        /// A 30-day month at the simulated days' pace: requests at CoinGecko, credits.
        public var month: (requests: Double, credits: Double)
        /// The day of the month the plan's credits run out at that pace, if they do.
        public var creditsRunOutOnDay: Int?
        /// The proxy's hit ratio (hits and joined fetches), and the offline optimum's.
        public var proxyHitRatio: (achieved: Double, optimum: Double)?

        /// The share of requests answered 429.
        public var refusedShare: Double { requests == 0 ? 0 : Double(refused) / Double(requests) }

        /// Whether the plan is enough: refusals at or under the threshold, and the month's
        /// credits within the plan's.
        func isEnough(threshold: Double) -> Bool {
            refusedShare <= threshold && creditsRunOutOnDay == nil
        }
    }

    /// Each arm's figures.
    public var figures: [Figures] {
        zip(fleet.arms, arms).map { header, arm in figures(of: arm, header: header) }
    }

    private func figures(of arm: Arm, header: FleetHeader.Arm) -> Figures {
        let totals = arm.totals
        let hours = Double(fleet.days * 24)
        let hourly = totals.map { Double($0.requests) / hours }.sorted()
        let minutes = arm.perMinute.map(Double.init).sorted()
        func percentile(_ values: [Double], _ fraction: Double) -> Double {
            values.isEmpty ? 0 : NearestRank.percentile(values, fraction)
        }
        func share(_ part: Int, _ whole: Int) -> Double { whole == 0 ? 0 : Double(part) / Double(whole) }
        let requests = totals.map(\.requests).reduce(0, +)
        let credits = arm.upstream?.billed ?? totals.map(\.billed).reduce(0, +)
        let coinGecko = arm.upstream?.requests ?? requests
        let perDay = Double(credits) / Double(fleet.days)
        let month = Double(credits) * 30 / Double(fleet.days)
        var runsOut: Int?
        if let pool = header.monthlyCredits {
            // The day the simulated days spent the pool, if they did; else the day the pace would.
            var spent = 0
            runsOut = arm.creditsByDay.indices.first { day in
                spent += arm.creditsByDay[day]
                return spent >= pool
            }.map { $0 + 1 }
            if runsOut == nil, month > Double(pool) {
                runsOut = max(1, Int((Double(pool) / perDay).rounded(.up)))
            }
        }
        let sessions = totals.map(\.sessions).reduce(0, +)
        let proxy = arm.upstream?.proxy.map { counts in
            (
                share(counts.hits + counts.joined, counts.requests),
                share(counts.requests - counts.optimalFetches, counts.requests)
            )
        }
        return Figures(
            header: header, requests: requests, refused: totals.map(\.refused).reduce(0, +),
            atEnd: totals.map(\.atEnd).reduce(0, +), coinGeckoRequests: coinGecko, credits: credits,
            usersRefused: share(totals.filter { $0.refused > 0 }.count, totals.count),
            usersStale: share(totals.filter { $0.staleSessions > 0 }.count, totals.count),
            sessionsRefused: share(totals.map(\.refusedSessions).reduce(0, +), sessions),
            sessionsStale: share(totals.map(\.staleSessions).reduce(0, +), sessions),
            busiestMinute: (minutes.last ?? 0, percentile(minutes, 0.999)),
            perUserHourly: (percentile(hourly, 0.5), percentile(hourly, 0.95), percentile(hourly, 0.99)),
            overTarget: hourly.filter { $0 >= fleet.requestsPerHourTarget }.count,
            month: (Double(coinGecko) * 30 / Double(fleet.days), month),
            creditsRunOutOnDay: runsOut, proxyHitRatio: proxy)
    }

    /// For each topology, the cheapest plan (of the arms with a known price) that is enough, nil
    /// when none is; in the order the topologies first appear.
    public func cheapestPlans(_ figures: [Figures]) -> [(topology: String, plan: String?)] {
        var topologies: [String] = []
        for figure in figures where !topologies.contains(figure.header.topology) {
            topologies.append(figure.header.topology)
        }
        return topologies.map { topology in
            let enough = figures.filter {
                $0.header.topology == topology && $0.header.monthlyPrice != nil
                    && $0.isEnough(threshold: fleet.refusalThreshold)
            }
            let cheapest = enough.min { ($0.header.monthlyPrice ?? 0) < ($1.header.monthlyPrice ?? 0) }
            return (topology, cheapest?.header.plan)
        }
    }

    /// Requests reaching CoinGecko in each minute of the day (00:00 to 23:59 of the scenario's
    /// clock), summed over the days.
    static func perMinuteOfDay(_ perMinute: [Int]) -> [Int] {
        var day = [Int](repeating: 0, count: 1_440)
        for (minute, count) in perMinute.enumerated() { day[minute % 1_440] += count }
        return day
    }

    /// The JSON document: sorted keys, the same bytes for the same fleet and seed.
    public func json() -> String {
        let figures = figures
        let detail = users.prefix(Self.detailedUsers).map { user -> [String: Any] in
            [
                "index": user.index, "seed": user.seed, "sessions_per_day": user.sessionsPerDay,
                "session_length_ms": user.sessionMilliseconds, "watchlist": user.watchlist,
                "portfolio_visits": user.portfolioVisits, "searches": user.searches, "widget": user.widget,
                "portfolio": user.portfolio, "build": user.build,
                "utc_offset_hours": user.utcOffsetHours as Any? ?? NSNull(),
                "requests_by_arm": arms.map { $0.totals[user.index].requests },
                "refused_by_arm": arms.map { $0.totals[user.index].refused },
            ]
        }
        let document: [String: Any] = [
            "fleet": fleet.name, "scenario": fleet.scenario, "users": fleet.users, "days": fleet.days,
            "seed": fleet.seed, "refusal_threshold": fleet.refusalThreshold,
            "arms": zip(figures, arms).map { armJSON($0, $1) },
            "cheapest_plan": Dictionary(
                uniqueKeysWithValues: cheapestPlans(figures).map {
                    ($0.topology, $0.plan as Any? ?? NSNull())
                }),
            "users_detail": detail,
        ]
        let data =
            (try? JSONSerialization.data(
                withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    private func armJSON(_ figures: Figures, _ arm: Arm) -> [String: Any] {
        let header = figures.header
        let month: [String: Any] = [
            "assumes": "the user model's days, repeated for 30 days",
            "requests": figures.month.requests, "credits": figures.month.credits,
            "plan_credits": header.monthlyCredits as Any? ?? NSNull(),
            "credits_run_out_on_day": figures.creditsRunOutOnDay as Any? ?? NSNull(),
            "price": header.monthlyPrice as Any? ?? NSNull(),
        ]
        var json: [String: Any] = [
            "label": header.label, "topology": header.topology, "plan": header.plan,
            "plan_per_minute": header.perMinute,
            "requests": figures.requests, "refused_429": figures.refused, "requests_at_end": figures.atEnd,
            "refused_share": figures.refusedShare, "requests_to_coingecko": figures.coinGeckoRequests,
            "users_refused_share": figures.usersRefused, "sessions_refused_share": figures.sessionsRefused,
            "users_stale_share": figures.usersStale, "sessions_stale_share": figures.sessionsStale,
            "credits_billed": figures.credits, "credits_by_day": arm.creditsByDay,
            "month_projected": month,
            "enough": figures.isEnough(threshold: fleet.refusalThreshold),
            "busiest_minute": ["max": figures.busiestMinute.max, "p99_9": figures.busiestMinute.p999],
            "requests_per_hour_per_user": [
                "p50": figures.perUserHourly.p50, "p95": figures.perUserHourly.p95,
                "p99": figures.perUserHourly.p99, "target": fleet.requestsPerHourTarget,
                "share_at_or_over_target": Double(figures.overTarget) / Double(max(arm.totals.count, 1)),
            ],
            "requests_per_minute_of_day": Self.perMinuteOfDay(arm.perMinute),
        ]
        if let upstream = arm.upstream {
            var shared: [String: Any] = [
                "addresses": upstream.addresses, "refused_by_window": upstream.refusedByWindow,
                "refused_by_credits": upstream.refusedByCredits,
            ]
            if let proxy = upstream.proxy, let ratio = figures.proxyHitRatio {
                shared["proxy"] = [
                    "requests": proxy.requests, "hits": proxy.hits, "joined": proxy.joined,
                    "fetches": proxy.fetches, "optimal_fetches": proxy.optimalFetches,
                    "hit_ratio": ratio.achieved, "optimal_hit_ratio": ratio.optimum,
                ]
            }
            json["shared"] = shared
        }
        return json
    }

    /// One sentence of what was run.
    public var summary: String {
        "\(fleet.users) users for \(fleet.days) day(s) on \(fleet.scenario), seed \(fleet.seed); "
            + "\(fleet.arms.count) arm(s): \(fleet.arms.map(\.label).joined(separator: "; ")). A keyless arm with one "
            + "device per address is exact sums over users run alone; a coupled arm (a shared key, shared "
            + "addresses, a proxy) runs every user on one clock, exactly."
    }

    /// The figures, a row each: what, then one value per arm.
    public var table: [[String]] {
        let figures = figures
        func number(_ value: Double) -> String { String(format: value < 10 ? "%.2f" : "%.0f", value) }
        func percent(_ value: Double) -> String { String(format: "%.2f%%", 100 * value) }
        func row(_ name: String, _ value: (Figures) -> String) -> [String] { [name] + figures.map(value) }
        return [
            row("price a month") { $0.header.monthlyPrice.map { "$" + number($0) } ?? "unknown" },
            row("requests from devices") { "\($0.requests)" },
            row("requests reaching CoinGecko") { "\($0.coinGeckoRequests)" },
            row("answered 429") { "\($0.refused) (\(percent($0.refusedShare)))" },
            row("users who saw a 429; sessions") {
                "\(percent($0.usersRefused)); \(percent($0.sessionsRefused))"
            },
            row("users who saw stale prices (5 min past the market's step); sessions") {
                "\(percent($0.usersStale)); \(percent($0.sessionsStale))"
            },
            row("busiest minute at CoinGecko (p99.9; max)") {
                "\(number($0.busiestMinute.p999)); \(number($0.busiestMinute.max))"
            },
            row("requests an hour per user (p50, p95, p99)") {
                "\(number($0.perUserHourly.p50)), \(number($0.perUserHourly.p95)), \(number($0.perUserHourly.p99))"
            },
            row("users at or over \(number(fleet.requestsPerHourTarget)) an hour (SC-009)") {
                "\($0.overTarget) of \(fleet.users)"
            },
            row("credits billed; a 30-day month at this pace") {
                // CoinGecko's keyless API has no account: nothing is billed.
                $0.header.topology == "keyless"
                    ? "none (no key)" : "\($0.credits); \(number($0.month.credits))"
            },
            row("the plan's credits run out on day") {
                $0.header.monthlyCredits == nil ? "no cap" : $0.creditsRunOutOnDay.map { "\($0)" } ?? "never"
            },
            row("proxy hit ratio (offline optimum)") {
                $0.proxyHitRatio.map { "\(percent($0.achieved)) (\(percent($0.optimum)))" } ?? "-"
            },
            row("enough (429s at most \(percent(fleet.refusalThreshold)), credits last the month)") {
                $0.isEnough(threshold: fleet.refusalThreshold) ? "yes" : "no"
            },
        ]
    }

    /// The cheapest plan of each topology, in words.
    public var answer: String {
        cheapestPlans(figures).map { topology, plan in
            plan.map { "\(topology): \($0) is the cheapest plan that is enough." }
                ?? "\(topology): none of the plans compared is enough."
        }.joined(separator: " ")
    }

    /// One recommendation in plain words: the cheapest arm that is enough (fewest 429s among
    /// equal prices), why, and what "enough" means.
    public var recommendation: String {
        let figures = figures
        let enough = figures.filter {
            $0.header.monthlyPrice != nil && $0.isEnough(threshold: fleet.refusalThreshold)
        }
        let targets =
            "Enough means at most \(Self.percent(fleet.refusalThreshold)) of requests answered 429 and the plan's "
            + "credits lasting a 30-day month at this pace; SC-009 is the team's own target of under "
            + "\(Int(fleet.requestsPerHourTarget)) requests an hour per user (spec 001-watchlist)."
        guard
            let best = enough.min(by: {
                (($0.header.monthlyPrice ?? 0), $0.refusedShare) < (
                    ($1.header.monthlyPrice ?? 0), $1.refusedShare
                )
            })
        else {
            return "None of the \(figures.count) ways compared is enough for \(fleet.users) users: "
                + "each refuses too many requests or runs out of credits (below). \(targets)"
        }
        let price =
            (best.header.monthlyPrice ?? 0) == 0 ? "free" : "$\(Int(best.header.monthlyPrice ?? 0)) a month"
        let credits =
            best.header.topology == "keyless"
            ? "no key, so no credits to run out"
            : best.header.monthlyCredits == nil ? "no credit cap" : "its credits last the month"
        return "Recommendation for \(fleet.users) users: \(best.header.label) (\(price)). "
            + "\(Self.percent(best.refusedShare)) of its requests were answered 429, and \(credits). "
            + (figures.count == 1
                ? "It is the only way compared. "
                : "It is the cheapest of the \(enough.count) ways that are enough (of \(figures.count) compared). ")
            + targets
    }

    private static func percent(_ share: Double) -> String { String(format: "%.2f %%", 100 * share) }

    /// The Markdown report: what was run, the recommendation, each topology's answer, and the
    /// figures in a table.
    public func markdown() -> String {
        "# Fleet \(fleet.name)\n\n\(summary)\n\n**\(recommendation)**\n\nBy way of serving: \(answer)\n\n| figure | "
            + fleet.arms.map(\.label).joined(separator: " | ") + " |\n|---|"
            + String(repeating: "---|", count: fleet.arms.count) + "\n"
            + table.map { "| " + $0.joined(separator: " | ") + " |\n" }.joined()
    }
}

extension FleetResult {
    /// Each arm's series for `fleet.html`.
    public var pageArms: [FleetPage.Arm] {
        zip(fleet.arms, arms).map { header, arm in
            var cumulative: [Double] = []
            var total = 0.0
            let pace = Double(arm.creditsByDay.reduce(0, +)) / Double(max(arm.creditsByDay.count, 1))
            for day in 0..<30 {
                total += day < arm.creditsByDay.count ? Double(arm.creditsByDay[day]) : pace
                cumulative.append(total)
            }
            return FleetPage.Arm(
                label: header.label, perMinuteOfDay: Self.perMinuteOfDay(arm.perMinute),
                cumulativeCredits: cumulative, planCredits: header.monthlyCredits,
                requestsPerHour: arm.totals.map { Double($0.requests) / Double(fleet.days * 24) })
        }
    }
}
