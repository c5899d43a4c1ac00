/// The age of what is on screen, time-weighted over the time the screen is visible.
///
/// The simulator says, after every event, which screen is visible (none in the background) and
/// the data time of each item on it: a watchlist row's `last_updated` (or when its data arrived,
/// if the response gave none), the last point of the chart drawn. An item with nothing to show
/// (loading, failed, "Data unavailable" without a last value) counts from the moment it appeared
/// that way. Each moment of visible time counts once, shared equally among the items on screen.
struct ScreenFreshness {
    /// What is visible.
    enum Screen: String, Equatable, CaseIterable {
        /// The watchlist's rows.
        case watchlist
        /// A coin's screen: its chart.
        case chart
    }

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
    /// The oldest item's age each time the screen changed: (time, age ms), for plots.
    private(set) var oldest: [(time: Int64, age: Int64)] = []
    private var screen: Screen?
    private var items: [String: Item] = [:]

    /// Says what the screen shows from `now` on.
    ///
    /// - Parameters:
    ///   - screen: The visible screen, nil when none is (the app in the background).
    ///   - dataTimes: Each item's data time, epoch ms; nil for an item with nothing to show.
    ///   - now: The time.
    mutating func show(_ screen: Screen?, dataTimes: [String: Int64?], at now: Int64) {
        let visible = screen == nil ? [:] : dataTimes
        let previous = screen == self.screen ? items : [:]
        var changed = screen != self.screen || visible.count != items.count
        if changed {
            // The weight per item changes: every piece ends here.
            close(Array(items.keys), at: now)
            items = [:]
            self.screen = screen
        } else {
            // As many items as before, so each keeps its weight until it changes.
            let gone = items.keys.filter { visible[$0] == nil }
            close(gone, at: now)
            for key in gone { items[key] = nil }
            changed = !gone.isEmpty
        }
        let weight = 1 / Double(max(visible.count, 1))
        // In key order: the floating-point sums must not depend on hashing.
        for (key, dataTime) in visible.sorted(by: { $0.key < $1.key }) {
            // Nothing to show: the age runs from when the item began to show nothing. Data
            // stamped after now (a clock ahead of ours) counts as fresh.
            let shown = previous[key].flatMap { $0.isEmpty ? $0.reference : nil }
            let reference = dataTime.map { min($0, now) } ?? shown ?? now
            if let item = items[key], item.reference == reference, item.isEmpty == (dataTime == nil) {
                continue
            }
            close([key], at: now, weight: weight)
            items[key] = Item(reference: reference, since: now, isEmpty: dataTime == nil)
            changed = true
        }
        if changed { oldest.append((now, items.values.map { now - $0.reference }.max() ?? 0)) }
    }

    /// Ends the record at the end of the run.
    mutating func finish(at end: Int64) {
        close(Array(items.keys), at: end)
        items = [:]
    }

    /// Ends the items' current pieces at `now`, each weighted `weight` (by default, shared
    /// among the items on screen).
    private mutating func close(_ keys: [String], at now: Int64, weight: Double? = nil) {
        guard let screen else { return }
        let weight = weight ?? 1 / Double(max(items.count, 1))
        for key in keys.sorted() {
            guard var item = items[key] else { continue }
            all.add(from: item.since, to: now, reference: item.reference, weight: weight)
            byScreen[screen, default: TimeWeightedAges()].add(
                from: item.since, to: now, reference: item.reference, weight: weight)
            item.since = now
            items[key] = item
        }
    }
}
