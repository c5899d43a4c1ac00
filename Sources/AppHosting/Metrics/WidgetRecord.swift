import TrackerCore

/// What the home-screen widget did and showed, taken from the run's events (`widget.*`).
///
/// The age of the widget's data is time-weighted over the whole run, like freshness on screen:
/// while an entry shows, its age grows one second per second from its data time. A request the
/// widget sends within ``duplicateWindowMilliseconds`` after an app request whose `ids` hold all
/// of the widget's counts as duplicated.
struct WidgetRecord {
    /// How close after the app's request a widget request for the same coins counts as duplicated.
    static let duplicateWindowMilliseconds: Int64 = 5_000

    /// Whether a widget was on the home screen (its first timeline is the run's first widget event).
    private(set) var installed = false
    private(set) var reloads: [HomeScreenWidget.ReloadKind: Int] = [:]
    private(set) var reloadRefusedCount = 0
    private(set) var requests: [HomeScreenWidget.ReloadKind: Int] = [:]
    private(set) var duplicatedRequests = 0
    private(set) var pricesMissing = 0
    /// Refreshes whose fetch failed with no data to fall back on: the widget went blank.
    private(set) var blankAfterFailure = 0
    private(set) var mostRequestsPerRefresh = 0
    private(set) var longestRefreshMilliseconds: Int64 = 0
    private(set) var longestReloadGapMilliseconds: Int64 = 0
    /// The ages of the data shown.
    private(set) var ages = TimeWeightedAges()
    private(set) var emptyMilliseconds: Int64 = 0
    /// Time the data's `lastUpdated` was more than 60 minutes old without the stale mark.
    private(set) var staleUnmarkedMilliseconds: Int64 = 0

    /// The reload being made: its kind, start, requests so far and whether its fetch failed.
    private var refresh: (kind: HomeScreenWidget.ReloadKind, start: Int64, requests: Int, failed: Bool)?
    private var lastReload: Int64?
    private var shown: (entry: HomeScreenWidget.Entry, since: Int64)?
    /// The app's market-data requests of the last few seconds: (sent, `ids` query value).
    private var recentAppRequests: [(time: Int64, ids: Set<String>)] = []

    mutating func reloaded(_ kind: HomeScreenWidget.ReloadKind, at now: Int64) {
        installed = true
        reloads[kind, default: 0] += 1
        longestReloadGapMilliseconds = max(longestReloadGapMilliseconds, now - (lastReload ?? now))
        lastReload = now
        refresh = (kind, now, 0, false)
    }

    mutating func reloadRefused() { reloadRefusedCount += 1 }

    mutating func missing(_ count: Int) { pricesMissing += count }

    /// A request left: the widget's is counted and checked against the app's recent ones.
    mutating func sent(screen: AppScreenKind, target: String, at now: Int64) {
        guard installed else { return }
        recentAppRequests.removeAll { now - $0.time > Self.duplicateWindowMilliseconds }
        guard screen == .widget else {
            if let ids = Self.ids(in: target) { recentAppRequests.append((now, ids)) }
            return
        }
        let kind = refresh?.kind ?? .budgeted
        requests[kind, default: 0] += 1
        refresh?.requests += 1
        if let ids = Self.ids(in: target), recentAppRequests.contains(where: { ids.isSubset(of: $0.ids) }) {
            duplicatedRequests += 1
        }
    }

    mutating func fetchFailed() { refresh?.failed = true }

    /// The widget shows `entry` from `now` on: the reload being made ends.
    mutating func show(_ entry: HomeScreenWidget.Entry, at now: Int64) {
        close(at: now)
        shown = (entry, now)
        guard let current = refresh else { return }
        if current.failed, entry == .empty { blankAfterFailure += 1 }
        mostRequestsPerRefresh = max(mostRequestsPerRefresh, current.requests)
        longestRefreshMilliseconds = max(longestRefreshMilliseconds, now - current.start)
        refresh = nil
    }

    mutating func finish(at end: Int64) {
        close(at: end)
        shown = nil
        if let lastReload {
            longestReloadGapMilliseconds = max(longestReloadGapMilliseconds, end - lastReload)
        }
    }

    /// Adds the entry shown since its start, up to `now`.
    private mutating func close(at now: Int64) {
        guard let (entry, since) = shown, now > since else { return }
        switch entry {
        case .empty: emptyMilliseconds += now - since
        case .data(let data):
            ages.add(from: since, to: now, reference: min(data.dataTime, since), weight: 1)
            if !data.markedStale {
                let staleFrom = max(since, data.lastUpdated + WidgetBuild.staleAfterMilliseconds)
                staleUnmarkedMilliseconds += max(0, now - staleFrom)
            }
        }
    }

    /// The coins of a market-data request (`ids=a,b`), nil for other requests.
    private static func ids(in target: String) -> Set<String>? {
        guard target.hasPrefix("/coins/markets?") || target.hasPrefix("/simple/price?"),
            let query = target.split(separator: "?", maxSplits: 1).last,
            let ids = HTTPRequest.queryItems(parsing: String(query)).first(where: { $0.name == "ids" })
        else { return nil }
        return Set(ids.value.split(separator: ",").map(String.init))
    }
}
