import AppHosting
import PriceModels
import Testing
import TrackerCore

/// What the Portfolio tab offers and what its cancelled loads do, against the published app
/// (Pointwelve/Bitpal-iOS `da53edf`, `Features/Portfolio/Views/PortfolioView.swift` and
/// `ViewModels/PortfolioViewModel.swift`; `Services/RateLimiter.swift`), on traces worked by hand
/// with a fixed 200 ms latency (``NavigationTraceTests``' run: five coins, four listed, the
/// list's loop fetching at 0, 30.2 and 60.4 s while shown). The `portfolio-tab` rule of
/// `workbench conformance diff` found each of them (docs/conformance.md).
@Suite("The Portfolio tab offers a pull and a page only where its content shows them")
struct PortfolioOffersTests {
    static let start = NavigationTraceTests.start

    static func buy(_ coin: String, at: Int64, _ kind: PortfolioTransaction.Kind = .buy) -> UserAction {
        .trade(
            PortfolioTransaction(coinId: coin, kind: kind, quantity: 1, price: 100, fee: 0, time: start + at))
    }

    /// When each request for `coin` left, ms after the start.
    static func times(_ result: RunResult, coin: String) -> [Int64] {
        result.journal.filter { $0.target.contains("ids=\(coin)&") }.map { $0.time - start }
    }

    // `contentView` is `LoadingView` while `isLoading && holdings.isEmpty`: no `.refreshable`
    // scroll view to pull. Once the load is in, `portfolioContent` scrolls and a pull loads.
    @Test("a pull on the loading view does nothing; on the content it loads (here from the cache)")
    func pullOnLoadingView() throws {
        // coin-4 is held, not listed: the tab's .task load at 60 s misses and is sent at once
        // (the last request was the list's at 30.2 s), answered at 60.2 s.
        let result = try NavigationTraceTests.run(
            seconds: 80, watchlist: 4,
            script: [
                (1_000, Self.buy("coin-4", at: 1_000)), (60_000, .selectTab(.portfolio)),
                (60_100, .pullToRefresh), (70_000, .pullToRefresh),
            ])
        #expect(result.metrics["failures.user.pull_to_refresh_not_offered"] == 1)
        #expect(Self.times(result, coin: "coin-4") == [60_000])
    }

    // The empty state (`isEmpty`: no holding and no closed position) has no scroll view either,
    // and a failed first load leaves it, though the ledger has trades.
    @Test("a failed first load leaves the empty state: no pull, no page; the loop still loads")
    func emptyStateAfterFailure() throws {
        let result = try NavigationTraceTests.run(
            seconds: 95, watchlist: 4,
            script: [
                (1_000, Self.buy("coin-4", at: 1_000)), (59_000, .offline), (60_000, .selectTab(.portfolio)),
                (61_000, .online), (70_000, .pullToRefresh), (71_000, .openPortfolioPage(.transactions)),
            ])
        #expect(result.metrics["failures.user.pull_to_refresh_not_offered"] == 1)
        #expect(result.metrics["failures.user.page_not_offered"] == 1)
        // The loop sleeps 30 s after the failed load (60 s) and loads at 90 s: sent.
        #expect(Self.times(result, coin: "coin-4") == [90_000])
    }

    // A page is a row of `portfolioContent`: a holding's `NavigationLink` or a closed position in
    // `ClosedPositionsSection` (`computeClosedPositions`: a cycle with a buy and a sale).
    @Test("a closed-positions page is refused with only holdings; a holding's page stops the loop")
    func pagesFromRows() throws {
        let result = try NavigationTraceTests.run(
            seconds: 130, watchlist: 4,
            script: [
                (1_000, Self.buy("coin-4", at: 1_000)), (60_000, .selectTab(.portfolio)),
                (70_000, .openPortfolioPage(.closedPositions)), (100_000, .openPortfolioPage(.transactions)),
            ])
        #expect(result.metrics["failures.user.page_not_offered"] == 1)
        // The refused page leaves the loop: it loads at 90.2 s (sent). The holding's page at
        // 100 s stops it; its last load hits the 90.4 s entry; nothing at 120.4 s.
        #expect(Self.times(result, coin: "coin-4") == [60_000, 90_200])
    }

    @Test("a closed position's page is offered once a load priced the coin")
    func closedPositionPage() throws {
        let result = try NavigationTraceTests.run(
            seconds: 130, watchlist: 4,
            script: [
                (1_000, Self.buy("coin-4", at: 1_000)), (2_000, Self.buy("coin-4", at: 2_000, .sell)),
                (60_000, .selectTab(.portfolio)), (70_000, .openPortfolioPage(.closedPositions)),
            ])
        #expect(result.metrics["failures.user.page_not_offered"] == nil)
        #expect(Self.times(result, coin: "coin-4") == [60_000])
    }

    // `RateLimiter.waitForNextRequest()` in the stopped loop's cancelled task: `try? await
    // Task.sleep` wakes at once, `lastRequestTime` is stamped, then `session.data` throws
    // `URLError.cancelled`. A pull on the list, asking next, waits 1.2 s from then.
    @Test("a stopped loop's last load stamps the limiter and is given up; the next request waits 1.2 s")
    func lastLoadStampsTheLimiter() throws {
        // The tab's load at 60 s (sent, answered 60.2 s); its loop sleeps until 90.2 s. Leaving
        // at 80 s: the last load misses (coin-5, bought at 70 s, has no entry) and is given up at
        // 80 s. The list's load at 80 s is a hit (the tab's answer re-stamped the shared cache
        // at 60.2 s), and so is its loop's first fetch. A pull at 80.5 s invalidates the cache
        // and asks: sent at 81.2 s, not at once.
        let result = try NavigationTraceTests.run(
            seconds: 100, watchlist: 4, coins: 6,
            script: [
                (1_000, Self.buy("coin-4", at: 1_000)), (60_000, .selectTab(.portfolio)),
                (70_000, Self.buy("coin-5", at: 70_000)), (80_000, .selectTab(.watchlist)),
                (80_500, .pullToRefresh),
            ])
        #expect(result.metrics["failures.portfolio.cancelled"] == 1)
        let list = result.journal.filter { $0.target.contains("ids=coin-0,coin-1,coin-2,coin-3&") }
        #expect(list.map { $0.time - Self.start }.filter { $0 >= 60_000 } == [81_200])
    }

    // Found by `conformance diff`'s add-transaction rule once it compared what each screen shows
    // (issue 66): `loadPortfolioWithPrices()` fetches the transactions, then awaits the prices,
    // and lists the holdings computed from the transactions it fetched first.
    @Test("a coin sold while the tab loads stays listed, with the load's price, until a later load")
    func soldMidLoadStaysListed() throws {
        let result = try NavigationTraceTests.run(
            seconds: 62, watchlist: 4,
            script: [
                (1_000, Self.buy("coin-4", at: 1_000)), (60_000, .selectTab(.portfolio)),
                // The tab's load reads the ledger at 60 s; the sale comes before its answer.
                (60_100, Self.buy("coin-4", at: 60_100, .sell)),
                (60_500, .openPortfolioPage(.transactions)),
            ])
        // The holding's row is there at 60.5 s: its page opens.
        #expect(result.metrics["failures.user.page_not_offered"] == nil)
        #expect(Self.times(result, coin: "coin-4") == [60_000])
    }
}
