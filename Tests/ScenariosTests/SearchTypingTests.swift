import AppHosting
import Scenarios
import Testing
import TrackerCore

/// Typing into the search sheet at a person's pace (issue 67, item 6): the app's 300 ms debounce
/// (Pointwelve/Bitpal-iOS `da53edf`, `CoinSearchViewModel.performSearch()`) fires mid-word, and a
/// later keystroke cancels that search (`searchTask?.cancel()`): its request waiting for the
/// limiter is given up (`RateLimiter.waitForNextRequest()` still stamps). The `search-sheet` rule
/// of `workbench conformance diff` checks the same against the app's own view model.
@Suite("A search typed with a person's gaps fires mid-word")
struct SearchTypingTests {
    static func scenario(_ step: String) -> String {
        """
        seed: 1
        start: 2024-01-01T00:00:00Z
        duration: 40s
        market:
          source: synthetic
          step: 5m
          history: 1d
          listed: none  # the three coins only, so a query's ids are worked by hand
          coins:
            - {id: bitcoin, symbol: s0, name: Coin 0, supply: 1000000, price: 100, model: gbm}
            - {id: dogecoin, symbol: s3, name: Coin 3, supply: 1000000, price: 400, model: gbm}
            - {id: dogwifhat, symbol: s4, name: Coin 4, supply: 1000000, price: 500, model: gbm}
        plan: demo-30
        watchlist: [bitcoin]
        user:
          script:
            - \(step)

        """
    }

    @Test("a 900 ms pause fires 'do' mid-word; 'dog' gives its request up; 'doge' waits from then")
    func midWord() throws {
        // The list's load at 0 s. At 10 s the sheet asks for /coins/list (sent at once: 10 s is
        // past the 1.2 s gap); 'd' at 10 s, 'o' at 10.12 s. 'do' fires at 10.42 s: it matches
        // dogecoin and dogwifhat, and waits for the limiter's slot at 11.2 s. 'g' at 11.02 s
        // cancels it: given up, the limiter stamped at 11.02 s. 'e' at 11.16 s; 'doge' fires at
        // 11.46 s and is sent at 12.22 s (11.02 + 1.2). Its results list dogecoin: added, and
        // the list's load is a hit (the search's answer at 12.42 s re-stamped the shared cache).
        let (result, config) = try runScenario(
            Self.scenario("{at: 10s, search: doge, add: dogecoin, gaps: [120ms, 900ms, 140ms]}"))
        let sent = result.journal.map { ($0.time - config.start, $0.target) }
        #expect(sent.map(\.0) == [0, 10_000, 12_220])
        #expect(sent[2].1.contains("ids=dogecoin&"))
        #expect(result.metrics["failures.search.cancelled"] == 1)
        #expect(result.metrics["failures.search.not_in_results"] == nil)
    }

    @Test("without gaps the keystrokes are 150 ms apart: one query, after the last")
    func defaultGaps() throws {
        let (result, config) = try runScenario(Self.scenario("{at: 10s, search: doge, add: dogecoin}"))
        // 'doge' is typed by 10.45 s and fires at 10.75 s: sent at the slot, 11.2 s.
        #expect(result.journal.map { $0.time - config.start } == [0, 10_000, 11_200])
        #expect(result.metrics["failures.search.cancelled"] == nil)
    }

    @Test("gaps are located: one per keystroke after the first, only on a search")
    func gapsRefused() {
        let cases = [
            (
                "{at: 10s, search: doge, add: dogecoin, gaps: [120ms]}",
                "give one gap per keystroke after the first: 3 for 'doge'; found 1"
            ),
            (
                "{at: 10s, search: doge, add: dogecoin, gaps: [2m, 1ms, 1ms]}",
                "a gap between keystrokes is at most 60s"
            ),
            (
                "{at: 10s, open: bitcoin, gaps: [1ms]}",
                "'gaps' times a search's keystrokes: give it with 'search'"
            ),
        ]
        for (step, message) in cases {
            do {
                _ = try runScenario(Self.scenario(step))
                Issue.record("accepted: \(step)")
            } catch {
                #expect("\(error)".contains(message), "\(error)")
                #expect("\(error)".hasPrefix("test.yaml:"), "\(error)")
            }
        }
    }

    @Test("a person's gaps: 80-600 ms, one in twenty a pause of 0.6-2 s, the same for the same search")
    func humanGaps() {
        var gaps: [Int64] = []
        for index in 0..<2_000 {
            let typed = HumanTyping.typing("abcdef", at: 1_704_067_200_000 + Int64(index) * 7_919)
            #expect(typed.gapsMilliseconds.count == 5)
            gaps += typed.gapsMilliseconds
        }
        #expect(gaps.allSatisfy { HumanTyping.gapRange.contains($0) || HumanTyping.pauseRange.contains($0) })
        let pauses = gaps.filter { $0 > 600 }.count
        // 10,000 gaps: about 500 pauses (binomial sd 22); a mean of 0.95 * 340 + 0.05 * 1,300 = 388 ms.
        #expect((400...600).contains(pauses), "\(pauses)")
        let mean = Double(gaps.reduce(0, +)) / Double(gaps.count)
        #expect(abs(mean - 388) < 12, "\(mean)")
        #expect(HumanTyping.typing("btc", at: 5) == HumanTyping.typing("btc", at: 5))
        #expect(HumanTyping.typing("btc", at: 5) != HumanTyping.typing("btc", at: 6))
    }
}
