import TestSupport
import Testing

@testable import TrackerCore

@Suite("The vectorised per-bin extremes of MinMax and M4")
struct ArgMinMaxTests {
    @Test(
        "the same first indices as the scalar scan: ties, plateaus, NaN, every length and offset",
        arguments: [1, 2, 3])
    func matchesScalar(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        for trial in 0..<400 {
            let count = Int.random(in: 1...300, using: &generator)
            // Few distinct values, so ties across lanes are common; sometimes a NaN.
            var y = (0..<count).map { _ in Double(Int.random(in: 0..<6, using: &generator)) - 2.5 }
            if trial % 5 == 0 { y[Int.random(in: 0..<count, using: &generator)] = .nan }
            if trial % 7 == 0 { y = y.map { $0 == 0.5 ? -0.0 : $0 } }
            y.withUnsafeBufferPointer { buffer in
                let start = Int.random(in: 0..<count, using: &generator)
                let range = start..<count
                let vectorised = EqualWidthBins.argMinMax(buffer, range)
                let scalar = EqualWidthBins.scalarArgMinMax(buffer, range)
                #expect(vectorised == scalar, "seed \(seed), trial \(trial), range \(range)")
            }
        }
    }
}
