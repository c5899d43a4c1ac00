import TrackerCore
import WorkbenchFoundation

/// The age of what is on screen, time-weighted over the time the screen is visible.
///
/// The simulator says, after every event, which screen is visible (none in the background) and
/// the data time of each item on it: a watchlist row's `last_updated` (or when its data arrived,
/// if the response gave none), the last point of the chart drawn. An item with nothing to show
/// (loading, failed, "Data unavailable" without a last value) counts from the moment it appeared
/// that way. Each moment of visible time counts once, shared equally among the items on screen.
struct ScreenFreshness {
    /// What is visible.
    typealias Screen = AppScreenKind

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
    /// The oldest item's age over the run as the sawtooth it is, as far as it is known: exact at
    /// every change, rising one millisecond per millisecond until the next (a drop is two
    /// points at one time); 0 while nothing is visible. Its largest value is the oldest age any
    /// moment of visible time saw (`freshness.max_age_s`). Kept as points while the run goes,
    /// not as samples turned into points at its end: a year's 50,000 points would be held twice.
    private var sawtoothPoints = RecordLog<(time: Int64, age: Int64)>()
    /// The last change: when, and the oldest age then (nil when nothing was visible).
    private var lastOldest: (time: Int64, age: Int64?)?
    private var screen: Screen?
    /// The items on screen, by position: their keys, as last shown, and their positions in key
    /// order (the order pieces are added in, so the floating-point sums do not depend on the
    /// order items are given in).
    private var keys: [String] = []
    private var items: [Item] = []
    private var keyOrder: [Int] = []
    /// The last keys of more than one item put in order, and their order: screens alternate
    /// between the watchlist's rows and one chart, and sorting 100 ids each time the watchlist
    /// came back was most of a screen change.
    private var ordered: (keys: [String], order: [Int])?

    /// Says what the screen shows from `now` on.
    ///
    /// The same items as last time, in the same order, on the same screen (a watchlist whose
    /// data moved) are compared by position; any other change by key. Both give the same record.
    ///
    /// - Parameters:
    ///   - screen: The visible screen, nil when none is (the app in the background).
    ///   - shown: Each item and its data time, keys unique (a repeated key keeps its last time).
    ///   - now: The time.
    mutating func show(_ screen: Screen?, items shown: [ScreenItem], at now: Int64) {
        let shown = screen == nil ? [] : shown
        if screen == self.screen && shown.count == keys.count && zip(shown, keys).allSatisfy({ $0.key == $1 })
        {
            showAgain(shown, at: now)
        } else {
            showOther(screen, shown, at: now)
        }
    }

    /// The item as it is from `now` on, given its data time and what it was (nil: new to the
    /// screen). Nothing to show: the age runs from when the item began to show nothing. Data
    /// stamped after now (a clock ahead of ours) counts as fresh.
    private static func item(_ dataTime: Int64?, was current: Item?, at now: Int64) -> Item {
        let emptySince = current.flatMap { $0.isEmpty ? $0.reference : nil } ?? now
        let item = Item(
            reference: dataTime.map { min($0, now) } ?? emptySince, since: now, isEmpty: dataTime == nil)
        let unchanged = current.map { $0.reference == item.reference && $0.isEmpty == item.isEmpty } ?? false
        return unchanged ? current! : item
    }

    /// The same items on the same screen: only the pieces of items that changed end, each
    /// keeping its weight.
    private mutating func showAgain(_ shown: [ScreenItem], at now: Int64) {
        // The changed items, in key order, found without copying the list (a watchlist of 100
        // rows shown again after every response).
        var changes: [(position: Int, item: Item)] = []
        for position in keyOrder {
            let item = Self.item(shown[position].dataTime, was: items[position], at: now)
            if item != items[position] { changes.append((position, item)) }
        }
        guard !changes.isEmpty else { return }
        close(changes.lazy.map(\.position), at: now)
        for change in changes { items[change.position] = change.item }
        recordOldest(at: now)
    }

    /// Another screen or other items: matched by key.
    private mutating func showOther(_ screen: Screen?, _ shown: [ScreenItem], at now: Int64) {
        let sameScreen = screen == self.screen
        let kept = Self.lastPlaces(of: shown, known: ordered?.keys)
        let nextKeys = kept.map { shown[$0].key }
        var next: [Item] = []
        next.reserveCapacity(kept.count)
        if sameScreen {
            let current = Dictionary(uniqueKeysWithValues: zip(keys, items))
            for place in kept {
                next.append(Self.item(shown[place].dataTime, was: current[shown[place].key], at: now))
            }
            let after = Dictionary(uniqueKeysWithValues: zip(nextKeys, next))
            guard after != current else { return }
            if next.count == items.count {
                // Each item keeps its weight: only the pieces of items that changed or left end.
                close(keyOrder.filter { after[keys[$0]] != items[$0] }, at: now)
            } else {
                close(keyOrder, at: now)
            }
        } else {
            for place in kept { next.append(Self.item(shown[place].dataTime, was: nil, at: now)) }
            close(keyOrder, at: now)
        }
        if !sameScreen || next.count != items.count {
            // The weight per item changes: every piece starts again.
            for position in next.indices { next[position].since = now }
        }
        keys = nextKeys
        items = next
        if let ordered, ordered.keys == keys {
            keyOrder = ordered.order
        } else {
            keyOrder = keys.indices.sorted { keys[$0] < keys[$1] }
            // A list of one (a chart) is in order as it is: the list kept stays the longer one.
            if keys.count > 1 { ordered = (keys, keyOrder) }
        }
        self.screen = screen
        recordOldest(at: now)
    }

    /// The places in `shown` of each key's last appearance, in order. Keys known to be distinct
    /// (the list last put in order: a screen shown again) are all kept without hashing them.
    private static func lastPlaces(of shown: [ScreenItem], known: [String]?) -> [Int] {
        if let known, known.count == shown.count, zip(shown, known).allSatisfy({ $0.key == $1 }) {
            return Array(shown.indices)
        }
        var last: [String: Int] = [:]
        for (place, item) in shown.enumerated() { last[item.key] = place }
        return shown.indices.filter { last[shown[$0].key] == $0 }
    }

    private mutating func recordOldest(at now: Int64) {
        closeSawtooth(at: now)
        let age = items.lazy.map { now - $0.reference }.max()
        sawtoothPoints.append((now, age ?? 0))
        lastOldest = (now, age)
    }

    /// The point where the last change's tooth ends, at `time`.
    private mutating func closeSawtooth(at time: Int64) {
        guard let last = lastOldest, time > last.time else { return }
        sawtoothPoints.append((time, last.age.map { $0 + time - last.time } ?? 0))
    }

    /// The sawtooth of the oldest age on screen (``sawtoothPoints``) up to `end`, handed over:
    /// the record keeps none of it.
    ///
    /// - Parameter end: The end of the run.
    mutating func takeSawtooth(until end: Int64) -> RecordLog<(time: Int64, age: Int64)> {
        closeSawtooth(at: end)
        lastOldest = nil
        defer { sawtoothPoints = [] }
        return sawtoothPoints
    }

    /// Ends the record at the end of the run.
    mutating func finish(at end: Int64) {
        close(keyOrder, at: end)
        (keys, items, keyOrder) = ([], [], [])
    }

    /// Adds the current pieces of the items at `positions` (given in key order), up to `now`,
    /// each weighted by its share of the screen.
    private mutating func close(_ positions: some Collection<Int>, at now: Int64) {
        guard let screen, !positions.isEmpty else { return }
        let weight = 1 / Double(max(items.count, 1))
        // Taken out while it grows, so that it is neither looked up per item nor copied.
        var screenAges = byScreen.removeValue(forKey: screen) ?? TimeWeightedAges()
        defer { byScreen[screen] = screenAges }
        for position in positions {
            let item = items[position]
            all.add(from: item.since, to: now, reference: item.reference, weight: weight)
            screenAges.add(from: item.since, to: now, reference: item.reference, weight: weight)
        }
    }
}
