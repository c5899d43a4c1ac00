import Testing
import WorkbenchFoundation

@testable import Sweeps

@Suite("The merge's bit set of plan positions")
struct PlanPositionsTests {
    @Test("insert and the first missing position agree with a Set, at every word boundary")
    func agreesWithASet() {
        var generator = SplitMix64(seed: 11)
        for count in [0, 1, 2, 63, 64, 65, 127, 128, 129, 1000] {
            var bits = PlanPositions(count: count)
            var set = Set<Int>()
            #expect(bits.firstMissing() == (count == 0 ? nil : 0))
            for _ in 0..<(count * 3) {
                let position = Int.random(in: 0..<count, using: &generator)
                #expect(bits.insert(position) == set.insert(position).inserted)
                #expect(bits.firstMissing() == (0..<count).first { !set.contains($0) }, "\(count)")
            }
            for position in 0..<count { _ = bits.insert(position) }
            #expect(bits.firstMissing() == nil, "\(count) all in")
        }
    }
}
