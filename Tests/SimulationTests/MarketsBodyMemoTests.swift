import Testing

@testable import Simulation

@Suite("The markets bodies' memo holds a refresh's pages")
struct MarketsBodyMemoTests {
    /// The key of page `page` of 250 ids at `tick`.
    static func key(page: Int, tick: Int) -> MarketsBodyMemo.Key {
        MarketsBodyMemo.Key(
            lastTick: tick, firstTick: tick - 144, perPage: 250, sparkline: false, windows: ["24h"],
            ids: (page * 250..<(page + 1) * 250).map { "coin-\($0)" })
    }

    @Test(
        "a whole market's pages of 250, asked by every refresh of a tick, are written once each",
        arguments: [10_000, 20_000])
    func refreshOfEveryPage(coins: Int) {
        let memo = MarketsBodyMemo(coins: coins)
        let pages = coins / 250
        var writes = 0
        for refresh in 0..<5 {
            for page in 0..<pages {
                let body = memo.body(for: Self.key(page: page, tick: 1_000)) {
                    writes += 1
                    return Array("[page \(page)]".utf8)
                }
                #expect(body == Array("[page \(page)]".utf8), "refresh \(refresh), page \(page)")
            }
        }
        // A memo smaller than the refresh (it held 8) wrote every page five times.
        #expect(writes == pages)
    }

    @Test("a new tick drops the last tick's bodies; more pages than the memo holds start it over")
    func boundedToTheLatestTick() {
        let memo = MarketsBodyMemo(coins: 100)
        #expect(memo.capacity == 1 + MarketsBodyMemo.otherBodies)
        var writes = 0
        let write = { () -> [UInt8] in
            writes += 1
            return [UInt8(ascii: "[")]
        }
        for page in 0..<3 { _ = memo.body(for: Self.key(page: page, tick: 1), write: write) }
        _ = memo.body(for: Self.key(page: 0, tick: 2), write: write)
        _ = memo.body(for: Self.key(page: 1, tick: 1), write: write)
        #expect(writes == 5, "tick 1's page 1 was dropped by tick 2's first page")
        writes = 0
        let pages = memo.capacity + 1
        for _ in 0..<2 {
            for page in 0..<pages { _ = memo.body(for: Self.key(page: page, tick: 3), write: write) }
        }
        #expect(writes > pages, "beyond its capacity the memo starts over instead of growing")
    }
}
