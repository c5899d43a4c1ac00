import TrackerCore

/// What one user did, counted from their run's events.
public struct UserTotals: Sendable, Equatable, Codable {
    /// Requests sent.
    public var requests = 0
    /// Requests answered 429.
    public var refused = 0
    /// Answers billed a credit (as the user's device saw them).
    public var billed = 0
    /// Requests sent at the run's last instant, which begins no minute of the run.
    public var atEnd = 0
    /// Sessions (the app brought to the foreground, from the home screen or the widget).
    public var sessions = 0
    /// Sessions in which a request was answered 429.
    public var refusedSessions = 0
    /// Sessions in which the watchlist or the portfolio showed a price more than
    /// ``FleetTally/staleAge`` older than the market's own step (a price on a five-minute grid is
    /// up to five minutes old when it is the newest), ``FleetTally/grace`` or more into the session.
    public var staleSessions = 0
}

/// Counts of an arm over its minutes and days, shared by the users one worker runs.
final class ArmCounters {
    /// Requests reaching CoinGecko in each minute from the fleet's start.
    var perMinute: [Int]
    /// Credits billed on each day from the fleet's start.
    var creditsByDay: [Int]

    init(minutes: Int) {
        perMinute = [Int](repeating: 0, count: minutes)
        creditsByDay = [Int](repeating: 0, count: (minutes + 1_439) / 1_440)
    }

    /// Adds another worker's counts.
    func add(_ other: ArmCounters) {
        for index in perMinute.indices { perMinute[index] += other.perMinute[index] }
        for index in creditsByDay.indices { creditsByDay[index] += other.creditsByDay[index] }
    }
}

/// Counts one user's run from its events: requests, 429s, credits, sessions, and the sessions
/// that saw a refusal or stale data. The user's requests count in the arm's minutes when the arm's
/// devices call CoinGecko themselves (not through a proxy, which counts its own fetches), and
/// their credits by day where no shared key counts them at CoinGecko (``SharedAdmission``).
final class FleetTally {
    /// Data older than this on screen is stale (five minutes).
    static let staleAge: Int64 = 300_000
    /// How far into a session stale data counts: the app's first refresh has had time to arrive.
    static let grace: Int64 = 10_000

    private(set) var totals = UserTotals()
    private let counters: ArmCounters
    private let start: Int64
    private let countsMinutes: Bool
    private let countsCredits: Bool
    /// The age past which a price on screen is stale: ``staleAge`` and the market's step.
    private let staleAfter: Int64
    private var sessionStart: Int64?
    private var sessionRefused = false
    private var sessionStale = false

    init(counters: ArmCounters, start: Int64, marketStep: Int64, countsMinutes: Bool, countsCredits: Bool) {
        staleAfter = Self.staleAge + marketStep
        self.counters = counters
        self.start = start
        self.countsMinutes = countsMinutes
        self.countsCredits = countsCredits
    }

    func observe(_ event: RunEvent, at time: Int64) {
        switch event {
        case .requestSent:
            totals.requests += 1
            guard countsMinutes else { return }
            let minute = Int((time - start) / 60_000)
            if minute >= counters.perMinute.count {
                totals.atEnd += 1
            } else if minute >= 0 {
                counters.perMinute[minute] += 1
            }
        case .rateLimited:
            totals.refused += 1
            if sessionStart != nil { sessionRefused = true }
        case .answered(_, _, let billed) where billed:
            totals.billed += 1
            if countsCredits {
                let day = Int((time - start) / 86_400_000)
                if counters.creditsByDay.indices.contains(day) { counters.creditsByDay[day] += 1 }
            }
        case .userAction(.foreground), .userAction(.openFromWidget):
            guard sessionStart == nil else { return }
            sessionStart = time
            totals.sessions += 1
        case .userAction(.background), .userAction(.terminated):
            endSession()
        case .screenShown(.watchlist, let items), .screenShown(.portfolio, let items):
            // Prices only: a chart's last point is as old as its range's granularity.
            guard let begun = sessionStart, !sessionStale, time - begun >= Self.grace else { return }
            if items.contains(where: { item in item.dataTime.map { time - $0 > staleAfter } ?? false }) {
                sessionStale = true
            }
        case .finished: endSession()
        default: break
        }
    }

    private func endSession() {
        guard sessionStart != nil else { return }
        if sessionRefused { totals.refusedSessions += 1 }
        if sessionStale { totals.staleSessions += 1 }
        (sessionStart, sessionRefused, sessionStale) = (nil, false, false)
    }
}
