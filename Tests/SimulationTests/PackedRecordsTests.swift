import Testing
import TrackerCore
import WorkbenchFoundation

@testable import AppHosting

@Suite("The run's packed records read back exactly what was recorded")
struct PackedRecordsTests {
    typealias Access = BeladyOptimum.Access<UInt32>

    @Test("a lookup trace holds every arrival: at the lookup, delayed, failed, and too far for 32 bits")
    func lookupTraceReadsBack() {
        var generator = SplitMix64(seed: 70)
        let far: [Int64] = [
            Int64(Int32.max), Int64(Int32.max) + 1, Int64(Int32.min), -Int64(Int32.max), 40 * 86_400_000,
        ]
        var expected: [Access] = []
        var trace = LookupTrace()
        for index in 0..<2_000 {
            let time = 1_700_000_000_000 + Int64(index) * 1_000
            var access = Access(key: UInt32(generator.next() % 50), time: time, ttlMilliseconds: 60_000)
            switch generator.next() % 5 {
            case 0: access.storedAt = nil
            case 1: access.storedAt = time + Int64(generator.next() % 30_000)
            case 2: access.storedAt = time + far[Int(generator.next() % UInt64(far.count))]
            default: break
            }
            expected.append(access)
            trace.append(access)
            // Stores change a lookup after the fact, from any kind of arrival to any other.
            if index > 0, generator.next() % 4 == 0 {
                let earlier = Int(generator.next() % UInt64(index))
                let kinds: [Int64?] = [
                    nil, expected[earlier].time + 5, expected[earlier].time + far[index % far.count],
                ]
                let storedAt = kinds[Int(generator.next() % 3)]
                expected[earlier].storedAt = storedAt
                trace.setStoredAt(storedAt, at: earlier)
                expected[earlier].ttlMilliseconds = Int64(index)
                trace.setTTL(Int64(index), at: earlier)
            }
        }
        #expect(Array(trace) == expected)
        #expect(BeladyOptimum.hits(trace, capacity: 8) == BeladyOptimum.hits(expected, capacity: 8))
        #expect(MemoryLayout<BeladyOptimum.Access<UInt32>>.stride == 40)
    }

    @Test("a journal line names its endpoint by route, or by the path the tracker does not use")
    func journalEntryReadsBack() {
        let known = JournalEntry(
            time: 5, route: .ohlc, path: "/coins/bitcoin/ohlc",
            target: "/coins/bitcoin/ohlc?vs_currency=usd&days=1",
            status: 200, outcome: .served, latencyMilliseconds: 120)
        #expect(known.endpoint == "/coins/{id}/ohlc" && known.status == 200 && known.outcome == .served)
        #expect(
            known.target == "/coins/bitcoin/ohlc?vs_currency=usd&days=1" && known.latencyMilliseconds == 120)
        let unknown = JournalEntry(
            time: 6, route: nil, path: "/exchanges/é", target: "/exchanges/é?page=2", status: 0,
            outcome: .timedOut,
            latencyMilliseconds: 10_000)
        #expect(unknown.endpoint == "/exchanges/é" && unknown.status == 0 && unknown.route == nil)
        #expect(MemoryLayout<JournalEntry>.stride == 40)
    }

    @Test("a plotted lookup keeps its time, before 1970 too, and whether it hit")
    func plottedLookupReadsBack() {
        for time: Int64 in [0, 1, -1, 1_700_000_000_123, -86_400_000, Int64.max >> 2, Int64.min >> 2] {
            for hit in [false, true] {
                let lookup = RunPlots.Lookup(time: time, hit: hit)
                #expect(lookup.time == time && lookup.hit == hit)
            }
        }
        #expect(MemoryLayout<RunPlots.Lookup>.stride == 8)
    }
}
