import Testing
import TrackerCore
import WorkbenchFoundation

/// The timestamp repair's two ways (moving the few rows out of order in place, sorting) keep the
/// same rows, in the same order, and count the same repairs.
@Suite("Series repairs: in place and by sorting agree")
struct SeriesRepairsTests {
    /// Both ways over one series; the value columns name each row's document index (and its
    /// negation), so a row kept from the wrong duplicate is seen.
    private static func bothWays(
        _ timestamps: [Int64]
    ) -> (inPlace: ([Int64], [[Double]], SeriesRepairs), sorted: ([Int64], [[Double]], SeriesRepairs)) {
        let columns = [timestamps.indices.map(Double.init), timestamps.indices.map { -Double($0) }]
        let outOfOrder = SeriesRepairs.rowsBelowRunningMaximum(timestamps)
        // Where apply starts: the first row not above its predecessor (the count when none is).
        let first = timestamps.indices.dropFirst().first { timestamps[$0] <= timestamps[$0 - 1] }
        #expect(SeriesRepairs.rowsBelowRunningMaximum(timestamps, from: first ?? 0) == outOfOrder)
        var (stampsA, columnsA) = (timestamps, columns)
        let repairsA = SeriesRepairs.repairInPlace(
            timestamps: &stampsA, columns: &columnsA, from: first ?? timestamps.count, outOfOrder: outOfOrder)
        var (stampsB, columnsB) = (timestamps, columns)
        let repairsB = SeriesRepairs.repairBySorting(
            timestamps: &stampsB, columns: &columnsB, outOfOrder: outOfOrder)
        // `apply` finds its own first row; it must land where the sort does.
        var (stampsC, columnsC) = (timestamps, columns)
        let repairsC = SeriesRepairs.apply(timestamps: &stampsC, columns: &columnsC)
        #expect(stampsC == stampsB && columnsC == columnsB && repairsC == repairsB, "apply on \(timestamps)")
        return ((stampsA, columnsA, repairsA), (stampsB, columnsB, repairsB))
    }

    @Test("a hand-worked series: [3, 1, 2, 2] keeps 1, the second 2, and 3")
    func handWorked() {
        var timestamps: [Int64] = [3, 1, 2, 2]
        var columns: [[Double]] = [[30, 10, 20, 21]]
        let repairs = SeriesRepairs.apply(timestamps: &timestamps, columns: &columns)
        #expect(timestamps == [1, 2, 3])
        #expect(columns == [[10, 21, 30]])
        #expect(repairs == SeriesRepairs(outOfOrder: 3, duplicatesDropped: 1))
    }

    @Test("every series of up to seven rows over four timestamps")
    func exhaustiveSmallSeries() {
        var compared = 0
        for length in 0...7 {
            var digits = [Int64](repeating: 0, count: length)
            repeat {
                let ways = Self.bothWays(digits)
                #expect(ways.inPlace.0 == ways.sorted.0, "\(digits)")
                #expect(ways.inPlace.1 == ways.sorted.1, "\(digits)")
                #expect(ways.inPlace.2 == ways.sorted.2, "\(digits)")
                compared += 1
            } while Self.advance(&digits, base: 4)
        }
        #expect(compared == (0...7).reduce(0) { $0 + (1 << (2 * $1)) })
    }

    @Test("long series with a few rows displaced and duplicated, seeded")
    func randomNearlySortedSeries() {
        var random = SplitMix64(seed: 70)
        for _ in 0..<200 {
            let count = Int.random(in: 2...600, using: &random)
            var timestamps = (0..<count).map { Int64($0) * 300_000 }
            for _ in 0..<Int.random(in: 1...SeriesRepairs.nearlySortedLimit, using: &random) {
                let row = Int.random(in: 0..<count, using: &random)
                let other = Int.random(in: 0..<count, using: &random)
                // A displaced row, an equal timestamp, or CoinGecko's "now" a second early.
                switch Int.random(in: 0..<3, using: &random) {
                case 0: timestamps.swapAt(row, other)
                case 1: timestamps[row] = timestamps[other]
                default: timestamps[row] = timestamps[max(row - 1, 0)] - 955
                }
            }
            let ways = Self.bothWays(timestamps)
            #expect(ways.inPlace.0 == ways.sorted.0)
            #expect(ways.inPlace.1 == ways.sorted.1)
            #expect(ways.inPlace.2 == ways.sorted.2)
        }
    }

    @Test("past the limit, apply sorts, with the same result")
    func pastTheLimit() {
        let timestamps = (0..<40).map { Int64(40 - $0) }  // 39 rows out of order
        var (stamps, columns) = (timestamps, [timestamps.map(Double.init)])
        let repairs = SeriesRepairs.apply(timestamps: &stamps, columns: &columns)
        #expect(stamps == Array(1...40))
        #expect(columns == [(1...40).map(Double.init)])
        #expect(repairs == SeriesRepairs(outOfOrder: 39))
    }

    /// The next series in counting order (`base` values a row), or false after the last.
    private static func advance(_ digits: inout [Int64], base: Int64) -> Bool {
        for index in digits.indices.reversed() {
            if digits[index] + 1 < base {
                digits[index] += 1
                return true
            }
            digits[index] = 0
        }
        return false
    }
}
