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
        while let page = try Optional(store.cellKeys(after: last, limit: 100)), let final = page.last {
            copied += page.count
            last = final
        }
        #expect(copied == 514)
    }

    @Test("a metric first met in a rolled-back transaction is looked up again, not remembered")
    func metricIDsRememberedOnlyWhenCommitted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = SweepStore(
            database: try WorkbenchDatabase.open(.sweep, at: directory.path("sweep.sqlite")))
        try store.record([
            (SweepCell(combination: 0, seed: 1), [SweepMetric(name: "a", value: 1, unit: "count")])
        ])
        // The same value of the same metric twice in a cell breaks the key: the whole batch,
        // and the new metric "b" with it, is rolled back.
        let twice = SweepMetric(name: "b", value: 2, unit: "ratio")
        #expect(throws: StoreError.self) {
            try store.record([(SweepCell(combination: 0, seed: 2), [twice, twice])])
        }
        #expect(try store.finishedCells().count == 1)
        #expect(try store.units() == ["a": "count"])
        try store.record([
            (SweepCell(combination: 0, seed: 3), [SweepMetric(name: "b", value: 3, unit: "ratio")])
        ])
        #expect(try store.units() == ["a": "count", "b": "ratio"])
        let read = try store.percentiles(combination: 0, fractions: [0.5])
        #expect(read.map(\.name) == ["a", "b"] && read.map(\.values) == [[1], [3]])
        #expect(try store.contains(SweepCell(combination: 0, seed: 3)))
        #expect(try !store.contains(SweepCell(combination: 0, seed: 2)))
    }
}
