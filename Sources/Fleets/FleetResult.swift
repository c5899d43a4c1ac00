import Foundation
import Scenarios
import WorkbenchFoundation

/// A fleet's figures: totals, the busiest minutes, each user's requests an hour against the
/// team's target, and a month projected from the user model's days (not from one session's
/// pace around the clock). Written as `fleet.json` and `fleet.md`.
public struct FleetResult: Sendable {
    /// The fleet.
    public var fleet: FleetHeader
    /// Its first users, as drawn (at most ``detailedUsers``).
    public var users: [FleetUser]
    /// What each user did, by index.
    public var totals: [FleetRun.UserTotals]
    /// Requests sent in each minute of the simulated days, all users together.
    public var perMinute: [Int]

    /// Requests sent.
    public var requests: Int { totals.map(\.requests).reduce(0, +) }
    /// Requests answered 429.
    public var refused: Int { totals.map(\.refused).reduce(0, +) }
    /// Credits billed.
    public var billed: Int { totals.map(\.billed).reduce(0, +) }
    /// Requests sent at the run's last instant (in no minute of ``perMinute``).
    public var atEnd: Int { totals.map(\.atEnd).reduce(0, +) }

    /// Each user's requests an hour, by index.
    public var requestsPerHour: [Double] { totals.map { Double($0.requests) / Double(fleet.days * 24) } }

    /// Users listed one by one in `fleet.json`.
    public static let detailedUsers = 20

    /// The statistics both reports show, computed once.
    struct Statistics {
        /// Users who saw a 429.
        var usersRefused: Int
        /// The busiest minute, and the 99.9th percentile of minutes (nearest rank).
        var busiestMinute: (max: Double, p999: Double)
        /// Each user's requests an hour: p50, p95, p99 (nearest rank).
        var perUserHourly: (p50: Double, p95: Double, p99: Double)
        /// Users at or over the target.
        var overTarget: Int
        /// A 30-day month at the simulated days' pace: requests, credits.
        var month: (requests: Double, credits: Double)
    }

    var statistics: Statistics {
        let hourly = requestsPerHour.sorted()
        let minutes = perMinute.map(Double.init).sorted()
        func percentile(_ values: [Double], _ fraction: Double) -> Double {
            values.isEmpty ? 0 : NearestRank.percentile(values, fraction)
        }
        let month = 30 / Double(fleet.days)
        return Statistics(
            usersRefused: totals.filter { $0.refused > 0 }.count,
            busiestMinute: (minutes.last ?? 0, percentile(minutes, 0.999)),
            perUserHourly: (percentile(hourly, 0.5), percentile(hourly, 0.95), percentile(hourly, 0.99)),
            overTarget: hourly.filter { $0 >= fleet.requestsPerHourTarget }.count,
            month: (Double(requests) * month, Double(billed) * month))
    }

    /// Requests sent in each minute of the day (00:00 to 23:59 of the scenario's clock), summed
    /// over the days.
    public var perMinuteOfDay: [Int] {
        var day = [Int](repeating: 0, count: 1_440)
        for (minute, count) in perMinute.enumerated() { day[minute % 1_440] += count }
        return day
    }

    /// The JSON document: sorted keys, the same bytes for the same fleet and seed.
    public func json() -> String {
        let statistics = statistics
        let detail = users.prefix(Self.detailedUsers).map { user -> [String: Any] in
            [
                "index": user.index, "seed": user.seed, "sessions_per_day": user.sessionsPerDay,
                "session_length_ms": user.sessionMilliseconds, "watchlist": user.watchlist,
                "portfolio_visits": user.portfolioVisits, "searches": user.searches, "widget": user.widget,
                "portfolio": user.portfolio,
                "build": user.build, "requests": totals[user.index].requests,
                "refused": totals[user.index].refused,
            ]
        }
        let document: [String: Any] = [
            "fleet": fleet.name, "scenario": fleet.scenario, "users": fleet.users, "days": fleet.days,
            "seed": fleet.seed, "topology": fleet.topology,
            "requests": requests, "refused_429": refused, "requests_at_end": atEnd,
            "refused_share": requests == 0 ? 0 : Double(refused) / Double(requests),
            "users_refused_share": Double(statistics.usersRefused) / Double(max(fleet.users, 1)),
            "credits_billed": billed,
            "month_projected": [
                "assumes": "the user model's days, repeated for 30 days",
                "requests": statistics.month.requests, "credits": statistics.month.credits,
            ],
            "busiest_minute": ["max": statistics.busiestMinute.max, "p99_9": statistics.busiestMinute.p999],
            "requests_per_hour_per_user": [
                "p50": statistics.perUserHourly.p50, "p95": statistics.perUserHourly.p95,
                "p99": statistics.perUserHourly.p99, "target": fleet.requestsPerHourTarget,
                "share_at_or_over_target": Double(statistics.overTarget) / Double(max(totals.count, 1)),
            ],
            "requests_per_minute_of_day": perMinuteOfDay,
            "users_detail": detail,
        ]
        let data =
            (try? JSONSerialization.data(
                withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// One sentence of what was run.
    public var summary: String {
        "\(fleet.users) users for \(fleet.days) day(s) on \(fleet.scenario), topology \(fleet.topology) "
            + "(one device per address: users share nothing, so every figure is an exact sum), seed \(fleet.seed)."
    }

    /// The figures, a row each: what, and its value.
    public var figures: [[String]] {
        let statistics = statistics
        func number(_ value: Double) -> String { String(format: value < 10 ? "%.2f" : "%.0f", value) }
        let hourly = statistics.perUserHourly
        return [
            ["requests", "\(requests)"],
            ["requests at the run's last instant (in no minute below)", "\(atEnd)"],
            ["answered 429", "\(refused) (\(number(100 * Double(refused) / Double(max(requests, 1))))%)"],
            ["users who saw a 429", "\(statistics.usersRefused)"],
            [
                "busiest minute (p99.9 of minutes; max)",
                "\(number(statistics.busiestMinute.p999)); \(number(statistics.busiestMinute.max))",
            ],
            [
                "requests an hour per user (p50, p95, p99)",
                "\(number(hourly.p50)), \(number(hourly.p95)), \(number(hourly.p99))",
            ],
            [
                "users at or over \(number(fleet.requestsPerHourTarget)) an hour (SC-009)",
                "\(statistics.overTarget) of \(fleet.users)",
            ],
            [
                "a 30-day month at these days' pace (requests; credits billed)",
                "\(number(statistics.month.requests)); \(number(statistics.month.credits))",
            ],
        ]
    }

    /// The Markdown report: what was run, and the figures in a table.
    public func markdown() -> String {
        "# Fleet \(fleet.name)\n\n\(summary)\n\n| figure | value |\n|---|---|\n"
            + figures.map { "| \($0[0]) | \($0[1]) |\n" }.joined()
    }
}
