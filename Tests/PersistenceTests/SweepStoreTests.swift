import Foundation
import Persistence
import TestSupport
import Testing
import TrackerCore
import WorkbenchFoundation

@Suite("Sweep store: cells, resume state and percentiles by SQL")
struct SweepStoreTests {
    @Test("percentiles read by OFFSET equal nearest-rank percentiles of the sorted values, ties and all")
    func percentilesMatchSorting() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = SweepStore(
            database: try WorkbenchDatabase.open(.sweep, at: directory.path("sweep.sqlite")))
        var generator = SplitMix64(seed: 7)
        var values: [Int: [String: [Double]]] = [:]
        var cells: [(cell: SweepCell, metrics: [SweepMetric])] = []
        for combination in 0..<2 {
            for seed in UInt64(1)...257 {
                // Coarse values, so many tie; "b" is missing from every third seed.
                let a = Double(Int.random(in: -20...20, using: &generator)) / 4
                var metrics = [SweepMetric(name: "a", value: a, unit: "count")]
                values[combination, default: [:]]["a", default: []].append(a)
                if seed % 3 != 0 {
                    let b = Double.random(in: 0...1, using: &generator)
                    metrics.append(SweepMetric(name: "b", value: b, unit: "ratio"))
                    values[combination, default: [:]]["b", default: []].append(b)
                }
                cells.append((SweepCell(combination: combination, seed: seed), metrics))
            }
        }
        // Recorded in two batches, one cell twice (a redone cell replaces its rows).
        try store.record(Array(cells[..<300]))
        try store.record(Array(cells[299...]))
        let fractions = [0, 0.05, 0.5, 0.95, 1]
        for combination in 0..<2 {
            let read = try store.percentiles(combination: combination, fractions: fractions)
            #expect(read.map(\.name) == ["a", "b"])
            for (name, percentiles) in read {
                let sorted = values[combination]![name]!.sorted()
                #expect(
                    percentiles == fractions.map { NearestRank.percentile(sorted, $0) },
                    "\(combination) \(name)")
            }
        }
        #expect(try store.finishedCells().count == 514)
        #expect(try store.units() == ["a": "count", "b": "ratio"])
        var copied = 0
        var last: SweepCell?
        while let page = try Optional(store.cells(after: last, limit: 100)), let final = page.last {
            copied += page.count
            last = final.cell
        }
        #expect(copied == 514)
    }
}
