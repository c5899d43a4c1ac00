/// The age of what is on screen, time-weighted over the time the screen is visible.
///
/// The simulator says, after every event, which screen is visible (none in the background) and
/// the data time of each item on it: a watchlist row's `last_updated` (or when its data arrived,
/// if the response gave none), the last point of the chart drawn. An item with nothing to show
/// (loading, failed, "Data unavailable" without a last value) counts from the moment it appeared
/// that way. Each moment of visible time counts once, shared equally among the items on screen.
struct ScreenFreshness {
    /// What is visible.
    typealias Screen = AppScreen

    private struct Item: Equatable {
        /// The data time, or when the item began to show nothing.
        var reference: Int64
        /// When its current piece began.
        var since: Int64
        /// Whether it shows nothing.
        var isEmpty: Bool
    }

    /// Every visible moment.
    private(set) var all = TimeWeightedAges()
    /// Visible moments by screen.
    private(set) var byScreen: [Screen: TimeWeightedAges] = [:]
    /// The oldest item's age each time the screen changed: (time, age ms; nil when nothing is
    /// visible), for plots.
    private(set) var oldest: [(time: Int64, age: Int64?)] = []
    private var screen: Screen?
    private var items: [String: Item] = [:]

    /// Says what the screen shows from `now` on.
    ///
    /// - Parameters:
    ///   - screen: The visible screen, nil when none is (the app in the background).
    ///   - dataTimes: Each item's data time, epoch ms; nil for an item with nothing to show.
    ///   - now: The time.
    mutating func show(_ screen: Screen?, dataTimes: [String: Int64?], at now: Int64) {
        let sameScreen = screen == self.screen
        var shown: [String: Item] = [:]
        for (key, dataTime) in screen == nil ? [:] : dataTimes {
            let current = sameScreen ? items[key] : nil
            // Nothing to show: the age runs from when the item began to show nothing. Data
            // stamped after now (a clock ahead of ours) counts as fresh.
            let emptySince = current.flatMap { $0.isEmpty ? $0.reference : nil } ?? now
            let item = Item(
                reference: dataTime.map { min($0, now) } ?? emptySince, since: now, isEmpty: dataTime == nil)
            let unchanged =
                current.map { $0.reference == item.reference && $0.isEmpty == item.isEmpty } ?? false
            shown[key] = unchanged ? current : item
        }
        guard !sameScreen || shown != items else { return }
        if sameScreen && shown.count == items.count {
            // Each item keeps its weight: only the pieces of items that changed or left end.
            close(items.keys.filter { shown[$0] != items[$0] }, at: now)
        } else {
            // The weight per item changes: every piece ends here and starts again.
            close(Array(items.keys), at: now)
            for key in shown.keys { shown[key]!.since = now }
        }
        items = shown
        self.screen = screen
        oldest.append((now, items.values.map { now - $0.reference }.max()))
    }

    /// The oldest item's age over the run as the sawtooth it is: exact at every change, rising
    /// one millisecond per millisecond until the next (a drop is two points at one time); 0
    /// while nothing is visible. Its largest value is the oldest age any moment of visible time
    /// saw (`freshness.max_age_s`).
    ///
    /// - Parameter end: The end of the run.
    func sawtooth(until end: Int64) -> [(time: Int64, age: Int64)] {
        var points: [(time: Int64, age: Int64)] = []
        for (index, sample) in oldest.enumerated() {
            let next = index + 1 < oldest.count ? oldest[index + 1].time : end
            points.append((sample.time, sample.age ?? 0))
            if next > sample.time { points.append((next, sample.age.map { $0 + next - sample.time } ?? 0)) }
        }
        return points
    }

    /// Ends the record at the end of the run.
    mutating func finish(at end: Int64) {
        close(Array(items.keys), at: end)
        items = [:]
    }

    /// Adds the items' current pieces, up to `now`, each weighted by its share of the screen.
    private mutating func close(_ keys: [String], at now: Int64) {
        guard let screen else { return }
        let weight = 1 / Double(max(items.count, 1))
        // In key order: the floating-point sums must not depend on hashing.
        for key in keys.sorted() {
            guard let item = items[key] else { continue }
            all.add(from: item.since, to: now, reference: item.reference, weight: weight)
            byScreen[screen, default: TimeWeightedAges()].add(
                from: item.since, to: now, reference: item.reference, weight: weight)
        }
    }
}
