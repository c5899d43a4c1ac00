import Testing
import WorkbenchFoundation

@testable import Sweeps

@Suite("When a sweep commits its finished cells")
struct CommitPacingTests {
    @Test(
        "a slow cell is due at once; quick cells wait for a quarter second of runs or of waiting, or 1,000 of them"
    )
    func dueWhenAKillWouldCostTooMuch() {
        let clock = Locked(100.0)
        let pacing = CommitPacing(cells: 1000, seconds: 0.25) { clock.withLock { $0 } }
        // One cell that ran for ten minutes: never left waiting behind a slow neighbour.
        #expect(pacing.isDue(waiting: 1, work: 600, since: 100))
        // Quick cells, just finished: they wait.
        #expect(!pacing.isDue(waiting: 2, work: 0.002, since: 100))
        #expect(!pacing.isDue(waiting: 300, work: 0.249, since: 100))
        #expect(pacing.isDue(waiting: 300, work: 0.25, since: 100))
        #expect(pacing.isDue(waiting: 1000, work: 0.001, since: 100))
        // The first of them has waited a quarter second.
        clock.withLock { $0 = 100.25 }
        #expect(pacing.isDue(waiting: 2, work: 0.002, since: 100))
        // Every cell alone.
        #expect(CommitPacing.everyCell.isDue(waiting: 1, work: 0, since: 0))
    }
}
