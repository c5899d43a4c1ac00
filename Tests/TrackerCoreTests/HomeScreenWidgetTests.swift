import Testing
import TrackerCore

/// The home-screen widget under WidgetKit (``HomeScreenWidget``, ``WidgetKitBudget``), on traces
/// worked by hand. Times are minutes from the widget's first timeline.
@Suite("The home-screen widget: WidgetKit's budget, the app's reloads, the branch's fetch and fallback")
struct HomeScreenWidgetTests {
    static let minute: Int64 = 60_000

    static func row(_ id: String, price: Double? = 1) -> CoinMarket {
        var row = CoinMarket(id: id, symbol: id, name: id)
        row.currentPrice = price
        return row
    }

    /// A budget of exactly `size` reloads a day (the seed whose first draw gives it).
    static func budget(size: Int) -> WidgetKitBudget {
        for seed in UInt64(0)..<1_000_000 {
            let budget = WidgetKitBudget(start: 0, seed: seed)
            if budget.budget == size { return budget }
        }
        fatalError("unreachable")
    }

    @Test("each window's budget is drawn from 40...70, the same for the same seed")
    func budgetRange() {
        var seen: Set<Int> = []
        for seed in UInt64(0)..<2_000 { seen.insert(WidgetKitBudget(start: 0, seed: seed).budget) }
        #expect(seen == Set(40...70))
        #expect(WidgetKitBudget(start: 0, seed: 9) == WidgetKitBudget(start: 0, seed: 9))
    }

    @Test("budgeted reloads are spread 24 h / budget apart and stop when the window's budget is spent")
    func budgetSpread() {
        var budget = Self.budget(size: 48)  // 30 minutes apart
        let actions1 = budget.earliestReload(notBefore: 15 * Self.minute, at: 0)
        #expect(actions1 == 15 * Self.minute)
        let actions2 = budget.take(at: 15 * Self.minute)
        #expect(actions2)
        // The next is due 15 minutes later, but the spread holds it to 30 minutes after.
        let actions3 = budget.earliestReload(notBefore: 30 * Self.minute, at: 15 * Self.minute)
        #expect(actions3 == 45 * Self.minute)
        for reload in 1..<48 {
            let taken = budget.take(at: (15 + 30 * Int64(reload)) * Self.minute)
            #expect(taken)
        }
        // 48 taken: nothing until the next window, 24 h after the first timeline, and the spread
        // still holds the next one 30 minutes after the last (at 1,425 minutes).
        let actions5 = budget.take(at: 1_430 * Self.minute)
        #expect(!actions5)
        let actions6 = budget.earliestReload(notBefore: 1_431 * Self.minute, at: 1_430 * Self.minute)
        #expect(actions6 == 1_455 * Self.minute)
        let actions7 = budget.take(at: 1_455 * Self.minute)
        #expect(actions7)
        #expect(budget.used == 1)
    }

    @Test("main's widget reads the file, sends nothing, and asks again after 2 hours")
    func mainReadsFile() {
        var widget = HomeScreenWidget(build: .readsFile, budget: Self.budget(size: 48))
        // Added before the app ever wrote its file: the empty state.
        let actions8 = widget.add(at: 0)
        #expect(actions8 == [.reloaded(.foreground), .show(.empty), .wake(token: 1, at: 120 * Self.minute)])
        widget.appWrote(holdings: ["bitcoin", "ethereum"], dataTime: 9 * Self.minute, at: 10 * Self.minute)
        let shown = HomeScreenWidget.Shown(
            dataTime: 9 * Self.minute, lastUpdated: 10 * Self.minute, coins: 2, markedStale: false)
        // The app asks from the foreground: not budgeted, the file shows at once.
        let actions9 = widget.appAskedReload(appInForeground: true, at: 10 * Self.minute)
        #expect(
            actions9 == [
                .reloaded(.foreground), .show(.data(shown)), .wake(token: 2, at: 130 * Self.minute),
            ])
        #expect(widget.budget.used == 0)
        // The replaced timeline's wake does nothing; the new one reloads, budgeted, and the file
        // (written 2 h ago) is marked stale as the entry renders.
        let actions10 = widget.wake(token: 1, at: 120 * Self.minute)
        #expect(actions10 == [])
        var stale = shown
        stale.markedStale = true
        let actions11 = widget.wake(token: 2, at: 130 * Self.minute)
        #expect(
            actions11 == [
                .reloaded(.budgeted), .show(.data(stale)), .wake(token: 3, at: 250 * Self.minute),
            ])
        #expect(widget.budget.used == 1)
    }

    @Test("the branch's widget: nothing without refresh data; one request; a fresh entry; 15 minutes")
    func branchFetches() {
        var widget = HomeScreenWidget(build: .fetchesPrices, budget: Self.budget(size: 48))
        // The first run after upgrading: no refresh_data.json, no request.
        let actions12 = widget.add(at: 0)
        #expect(actions12 == [.reloaded(.foreground), .show(.empty), .wake(token: 1, at: 15 * Self.minute)])
        widget.appWrote(holdings: ["bitcoin", "ethereum"], dataTime: 4 * Self.minute, at: 5 * Self.minute)
        let actions13 = widget.appAskedReload(appInForeground: true, at: 5 * Self.minute)
        #expect(
            actions13 == [
                .reloaded(.foreground), .fetch(ids: ["bitcoin", "ethereum"], token: 2),
            ])
        // A reload asked while the fetch is in flight is refused.
        let actions14 = widget.appAskedReload(appInForeground: true, at: 5 * Self.minute)
        #expect(actions14 == [.refused])
        // One coin missing from the answer: skipped, the other valued, the file rewritten.
        let answer = (rows: [Self.row("bitcoin")], dataTime: 5 * Self.minute)
        let actions15 = widget.fetchFinished(token: 2, result: .success(answer), at: 5 * Self.minute + 300)
        #expect(
            actions15 == [
                .pricesMissing(1),
                .show(
                    .data(
                        .init(
                            dataTime: 5 * Self.minute, lastUpdated: 5 * Self.minute + 300, coins: 1,
                            markedStale: false))),
                .wake(token: 3, at: 20 * Self.minute + 300),
            ])
    }

    @Test(
        "the file keeps lastUpdated in whole seconds: a fresh timeline shows the millisecond, a fallback the second"
    )
    func fileKeepsSeconds() {
        // `AppGroupStorage.writePortfolioData(_:)` encodes dates with `.iso8601`, without a
        // fraction of a second (Pointwelve/Bitpal-iOS `122d91c`); found by the `widget` rule.
        var widget = HomeScreenWidget(build: .fetchesPrices, budget: Self.budget(size: 70))
        _ = widget.add(at: 0)
        widget.appWrote(holdings: ["bitcoin"], dataTime: 60_000, at: 185_700)
        #expect(widget.portfolioFile?.lastUpdated == 185_000)
        _ = widget.appAskedReload(appInForeground: true, at: 185_700)
        let fresh = widget.fetchFinished(
            token: 2, result: .success((rows: [Self.row("bitcoin")], dataTime: 185_700)), at: 185_800)
        #expect(
            fresh.first
                == .show(.data(.init(dataTime: 185_700, lastUpdated: 185_800, coins: 1, markedStale: false))))
        #expect(widget.portfolioFile?.lastUpdated == 185_000)
        _ = widget.appAskedReload(appInForeground: true, at: 245_900)
        let fallback = widget.fetchFinished(token: 4, result: .failure(.init(.httpStatus(500))), at: 246_000)
        #expect(
            fallback.dropFirst().first
                == .show(.data(.init(dataTime: 185_700, lastUpdated: 185_000, coins: 1, markedStale: false))))
        #expect(HomeScreenWidget.fileTime(-1) == -1_000)
    }

    @Test("a failed fetch falls back to the file; a null price fails the whole batch; no file is blank")
    func branchFallback() {
        var widget = HomeScreenWidget(build: .fetchesPrices, budget: Self.budget(size: 70))
        _ = widget.add(at: 0)
        widget.appWrote(holdings: ["bitcoin"], dataTime: 0, at: 0)
        // From the background the request is budgeted.
        let actions16 = widget.appAskedReload(appInForeground: false, at: 0)
        #expect(
            actions16 == [
                .reloaded(.budgeted), .fetch(ids: ["bitcoin"], token: 2),
            ])
        let file = HomeScreenWidget.Shown(dataTime: 0, lastUpdated: 0, coins: 1, markedStale: false)
        let nullPrice = (rows: [Self.row("bitcoin", price: nil)], dataTime: Self.minute)
        let actions17 = widget.fetchFinished(token: 2, result: .success(nullPrice), at: Self.minute)
        #expect(
            actions17 == [
                .failed(.nullPrice), .show(.data(file)), .wake(token: 3, at: 20 * Self.minute + 34_285),
            ])
        // 24 h / 70 = 20 min 34.285 s after the budgeted reload at 0, later than 1 min + 15 min.

        var noFile = HomeScreenWidget(build: .fetchesPrices, budget: Self.budget(size: 70))
        _ = noFile.add(at: 0)
        noFile.appWrote(holdings: ["bitcoin"], dataTime: 0, at: 0)
        _ = noFile.appAskedReload(appInForeground: true, at: 0)
        // The app's write made a file: the fallback shows it; the widget is never blank here.
        let actions18 = noFile.fetchFinished(token: 2, result: .failure(.init(.httpStatus(503))), at: 1)
        #expect(actions18.contains(.show(.data(file))))
        #expect(noFile.portfolioFile == file)
    }

    @Test(
        "duplicate ids trap the extension: the old entry stays, WidgetKit tries again when the budget allows")
    func duplicateIds() {
        var widget = HomeScreenWidget(build: .fetchesPrices, budget: Self.budget(size: 48))
        _ = widget.add(at: 0)
        widget.appWrote(holdings: ["bitcoin"], dataTime: 0, at: 0)
        _ = widget.appAskedReload(appInForeground: true, at: 0)
        let twice = (rows: [Self.row("bitcoin"), Self.row("bitcoin")], dataTime: Int64(0))
        let actions19 = widget.fetchFinished(token: 2, result: .success(twice), at: Self.minute)
        #expect(
            actions19 == [
                .failed(.duplicateIds), .wake(token: 3, at: Self.minute),
            ])
    }

    @Test("from the background, a spent budget refuses the app's reload")
    func backgroundRefused() {
        var widget = HomeScreenWidget(build: .readsFile, budget: Self.budget(size: 40))
        _ = widget.add(at: 0)
        for reload in 0..<40 {
            let actions20 = widget.appAskedReload(appInForeground: false, at: Int64(reload) * Self.minute)
            #expect(actions20.first == .reloaded(.budgeted))
        }
        let actions21 = widget.appAskedReload(appInForeground: false, at: 41 * Self.minute)
        #expect(actions21 == [.refused])
        let actions22 = widget.appAskedReload(appInForeground: true, at: 42 * Self.minute)
        #expect(actions22.first == .reloaded(.foreground))
    }

    @Test("the widget's request: one /coins/markets of every held coin, no per_page, no key, 15 s")
    func request() {
        let request = HomeScreenWidget.request(for: ["bitcoin", "ethereum"])
        #expect(
            request.target
                == "/coins/markets?vs_currency=usd&ids=bitcoin,ethereum&price_change_percentage=24h")
        #expect(request.headers.isEmpty)
        #expect(request.timeoutMilliseconds == 15_000)
        // However many holdings: still one request, the app's URL shape.
        let many = (1...300).map { "coin-\($0)" }
        #expect(HomeScreenWidget.request(for: many).queryValue("ids")?.split(separator: ",").count == 300)
    }
}
