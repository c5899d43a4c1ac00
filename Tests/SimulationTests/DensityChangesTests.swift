import Testing
import WorkbenchFoundation

@testable import AppHosting
@testable import Simulation

/// The freshness record's table of density changes against a `Dictionary` given the same changes
/// in the same order: the same ages, and every sum with the same bits.
@Suite("Density changes by age agree with a dictionary, bit for bit")
struct DensityChangesTests {
    @Test(
        "20,000 changes over few and many ages, negative ages and repeats included",
        arguments: [40, 5_000, 1 << 40])
    func againstDictionary(spread: Int) {
        var generator = SplitMix64(seed: UInt64(spread))
        var table = DensityChanges()
        var dictionary: [Int64: Double] = [:]
        for _ in 0..<20_000 {
            let age = Int64(generator.next() % UInt64(spread)) - Int64(spread / 4)
            let weight = (generator.nextUnitInterval() - 0.5) / Double(1 + generator.next() % 100)
            table.add(weight, at: age)
            dictionary[age, default: 0] += weight
        }
        #expect(table.count == dictionary.count)
        #expect(table.sortedAges() == dictionary.keys.sorted())
        let sameBits = dictionary.allSatisfy { table[$0.key]?.bitPattern == $0.value.bitPattern }
        #expect(sameBits)
        #expect(table[Int64.max] == nil)
        var other = DensityChanges()
        for age in dictionary.keys.shuffled(using: &generator) { other.add(dictionary[age]!, at: age) }
        #expect(other == table)
        other.add(1, at: Int64.min)
        #expect(other != table && DensityChanges() == DensityChanges())
    }
}
