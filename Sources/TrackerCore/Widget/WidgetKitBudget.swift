import WorkbenchFoundation

/// WidgetKit's reload budget for one widget.
///
/// What Apple documents ("Keeping a widget up to date",
/// developer.apple.com/documentation/widgetkit/keeping-a-widget-up-to-date): a widget's budget
/// applies to a 24-hour window; "for a widget the user frequently views, a daily budget
/// typically includes from 40 to 70 refreshes", which "roughly translates to widget reloads
/// every 15 to 60 minutes"; reloads are not counted while the widget's containing app is in the
/// foreground.
///
/// What the workbench assumes where Apple gives no formula:
/// - the windows are 24 h long from the widget's first timeline; each window's budget is drawn
///   uniformly from 40...70 by a seeded generator, window after window;
/// - budgeted reloads are spread evenly: one comes no sooner than 24 h / budget after the
///   previous one, so a timeline's `.after(date)` is honoured at that date or at the first
///   moment the spread allows, and in the next window once this one's budget is spent;
/// - a reload the app asks for from the background is budgeted and done at once if the window
///   has budget left (the spread does not hold it back), and refused otherwise.
public struct WidgetKitBudget: Sendable, Equatable {
    /// A window's budget is drawn from this range.
    public static let dailyRange = 40...70
    /// A window's length, ms.
    public static let windowMilliseconds: Int64 = 86_400_000

    private let start: Int64
    private var generator: SplitMix64
    private var window = 0
    /// The current window's budget.
    public private(set) var budget: Int
    /// Budgeted reloads in the current window.
    public private(set) var used = 0
    private var lastBudgeted: Int64?

    /// Creates the budget of a widget whose first timeline loads at `start`.
    ///
    /// - Parameters:
    ///   - start: The start of the first window, epoch ms.
    ///   - seed: The seed of the windows' budgets.
    public init(start: Int64, seed: UInt64) {
        self.start = start
        generator = SplitMix64(seed: seed)
        budget = Self.draw(&generator)
    }

    /// The earliest time at or after `date` that a budgeted reload may happen, as far as the
    /// budget is known at `now`.
    ///
    /// - Parameters:
    ///   - date: The time the timeline asks for.
    ///   - now: The time now (not after `date`).
    public mutating func earliestReload(notBefore date: Int64, at now: Int64) -> Int64 {
        advance(to: now)
        var earliest = date
        if let lastBudgeted {
            earliest = max(earliest, lastBudgeted + Self.windowMilliseconds / Int64(budget))
        }
        if used >= budget { earliest = max(earliest, windowStart(window + 1)) }
        return earliest
    }

    /// Takes one budgeted reload at `now` if the window has one left.
    ///
    /// - Parameter now: The time.
    /// - Returns: Whether the reload may happen.
    public mutating func take(at now: Int64) -> Bool {
        advance(to: now)
        guard used < budget else { return false }
        used += 1
        lastBudgeted = now
        return true
    }

    private mutating func advance(to now: Int64) {
        while now >= windowStart(window + 1) {
            window += 1
            used = 0
            budget = Self.draw(&generator)
        }
    }

    private func windowStart(_ index: Int) -> Int64 { start + Int64(index) * Self.windowMilliseconds }

    private static func draw(_ generator: inout SplitMix64) -> Int {
        let span = UInt64(dailyRange.upperBound - dailyRange.lowerBound + 1)
        return dailyRange.lowerBound + Int(generator.next() % span)
    }
}
