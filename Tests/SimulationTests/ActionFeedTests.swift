import PriceModels
import Testing
import TrackerCore
import WorkbenchFoundation

@testable import AppHosting
@testable import Simulation

/// A run takes the user's actions a session at a time (``ActionFeed``) instead of scheduling a
/// year of them at the start; the order must be the one the event queue gave them.
@Suite("The action feed gives the event queue's order, a session at a time")
struct ActionFeedTests {
    static let start: Int64 = 1_704_067_200_000

    /// What the run did before: every script action, then every user action, into the queue
    /// before any other event; then other events interleaved at the same times.
    static func queued(_ script: [ScheduledAction], _ user: [ScheduledAction], others: [Int64]) -> [String] {
        var queue = EventQueue<String>()
        for action in script + user { queue.schedule("\(action.action)", at: action.time) }
        for (index, time) in others.enumerated() { queue.schedule("other \(index)", at: time) }
        var order: [String] = []
        while let (time, event) = queue.next() { order.append("\(time) \(event)") }
        return order
    }

    // Issue 51, item 10: iOS ends the app once it has been in the background long enough.
    @Test("termination: ended after the horizon unless the app comes back first; drawn at a rate")
    func termination() {
        let script = [
            ScheduledAction(time: 1_000, action: .background),
            ScheduledAction(time: 5_000, action: .foreground),
            ScheduledAction(time: 6_000, action: .background),
            ScheduledAction(time: 20_000, action: .foreground),
        ]
        func taken(_ rule: TerminationRule) -> [(Int64, UserAction)] {
            var feed = ActionFeed(script: script, sessions: nil)
            feed.termination(rule, seed: 3)
            var out: [(Int64, UserAction)] = []
            while let next = feed.take(dueBy: nil) { out.append((next.time, next.action)) }
            return out
        }
        // After 10 s: the first background is back at 5 s (not ended); the second is ended at 16 s.
        let ended = taken(TerminationRule(afterMilliseconds: 10_000))
        #expect(ended.map(\.0) == [1_000, 5_000, 6_000, 16_000, 20_000])
        #expect(ended[3].1 == .terminated)
        #expect(!taken(TerminationRule()).contains { $0.1 == .terminated })
        // A rate of 3,600 an hour (one a second on average) ends both backgrounds.
        #expect(taken(TerminationRule(perHour: 3_600)).filter { $0.1 == .terminated }.count == 2)
    }

    // Issue 51, items 9 and 12: the widget's share of sessions and the Portfolio tab's pages.
    @Test("with the widget, about one session in five begins from it; without, none, and no draw is made")
    func widgetSessions() {
        let user = StochasticUser(sessionsPerDay: 40, meanSessionMilliseconds: 600_000, coinsPerSession: 1)
        let coins = ["a", "b", "c"].map { CoinListEntry(id: $0, symbol: $0, name: $0) }
        let end = Self.start + 30 * 86_400_000
        func actions(widget: Bool, habits: StochasticUser.Habits = .default) -> [ScheduledAction] {
            var user = user
            user.habits = habits
            var generator = SplitMix64(root: 5, stream: "user")
            return user.actions(
                from: Self.start, to: end, coins: coins, profile: .spec, generator: &generator, widget: widget
            )
        }
        var withPages = StochasticUser.Habits.default
        withPages.portfolioPagesPerVisit = 0.25
        let withWidget = actions(widget: true, habits: withPages)
        let fromWidget = withWidget.filter { $0.action == .openFromWidget }.count
        let fromIcon = withWidget.filter { $0.action == .foreground }.count
        let share = Double(fromWidget) / Double(fromWidget + fromIcon)
        #expect(
            fromWidget + fromIcon > 500 && abs(share - 0.2) < 0.04,
            "\(fromWidget) of \(fromWidget + fromIcon)")
        // Without the widget no session begins from it, and the share draws nothing: the same
        // actions as habits without the share.
        var noShare = withPages
        noShare.fromWidgetShare = 0
        #expect(actions(widget: false, habits: withPages) == actions(widget: true, habits: noShare))
        #expect(!actions(widget: false).contains { $0.action == .openFromWidget })
        // No pages by default, and then no draw for them.
        #expect(!actions(widget: false).contains { $0.action == .closePortfolioPage })
        // Pages: about one per four Portfolio visits, each closed before the visit ends unless the
        // session ends first (the app then keeps the page on the tab's stack).
        let pages = withWidget.filter { if case .openPortfolioPage = $0.action { true } else { false } }.count
        let visits = withWidget.filter { $0.action == .selectTab(.portfolio) }.count
        #expect(visits > 100 && abs(Double(pages) / Double(visits) - 0.25) < 0.06, "\(pages) of \(visits)")
        let closed = withWidget.filter { $0.action == .closePortfolioPage }.count
        #expect(closed <= pages && closed >= pages * 8 / 10, "\(closed) of \(pages)")
    }

    @Test("script and user actions, ties among them and with other events, for 30 seeds")
    func sameOrderAsTheQueue() {
        let user = StochasticUser(sessionsPerDay: 30, meanSessionMilliseconds: 600_000, coinsPerSession: 2)
        let coins = ["a", "b", "c"].map { CoinListEntry(id: $0, symbol: $0, name: $0) }
        let end = Self.start + 3 * 86_400_000
        for seed in UInt64(1)...30 {
            var pick = SplitMix64(seed: seed &* 77)
            var generator = SplitMix64(root: seed, stream: "user")
            let userActions = user.actions(
                from: Self.start, to: end, coins: coins, profile: .spec, generator: &generator)
            // Script actions at user actions' times and at times of their own, out of order.
            var script: [ScheduledAction] = []
            for _ in 0..<40 {
                let time =
                    pick.next() % 2 == 0
                    ? userActions[Int(pick.next() % UInt64(userActions.count))].time
                    : Self.start + Int64(pick.next() % UInt64(end - Self.start))
                script.append(
                    ScheduledAction(time: time, action: pick.next() % 2 == 0 ? .foreground : .background))
            }
            let others = (0..<60).map { _ in
                pick.next() % 2 == 0
                    ? script[Int(pick.next() % 40)].time : userActions[Int(pick.next() % 10)].time
            }
            var feed = ActionFeed(
                script: script,
                sessions: user.sessions(
                    from: Self.start, to: end, coins: coins, profile: .spec,
                    generator: SplitMix64(root: seed, stream: "user")))
            var queue = EventQueue<String>()
            for (index, time) in others.enumerated() { queue.schedule("other \(index)", at: time) }
            var order: [String] = []
            while true {
                if let action = feed.take(dueBy: queue.nextTime) {
                    order.append("\(action.time) \(action.action)")
                } else if let (time, event) = queue.next() {
                    order.append("\(time) \(event)")
                } else {
                    break
                }
            }
            #expect(order == Self.queued(script, userActions, others: others), "seed \(seed)")
        }
    }
}
