import ConformanceCases
import TrackerCore

/// The chart cases: for every range, hand-picked edges (no rows, one row, rows exactly at the
/// range's start and a millisecond either side, duplicate and out-of-order rows, the cap ±1 and
/// twice the cap ±1, a huge series, `null` cells, empty, short and long rows, a zero first
/// price, a negative price, a candle whose high is below its open), then
/// seeded random walks that end before, at or after the time drawn.
enum ChartCases {
    /// A time with milliseconds (2025-11-24 16:00:00.123 UTC), so range starts fall between seconds.
    static let baseNow: Int64 = 1_764_000_000_123

    /// Every case for one chart type.
    static func all(candles: Bool, random: inout SplitMix, randomCount: Int) -> [ChartCase] {
        var cases: [ChartCase] = []
        for range in ChartTimeRange.allCases {
            cases += edges(range: range, candles: candles)
        }
        for _ in 0..<randomCount {
            cases.append(
                randomCase(range: random.pick(ChartTimeRange.allCases), candles: candles, random: &random))
        }
        return cases
    }

    /// A row: `[time, price]` or `[time, open, high, low, close]` around a price.
    static func row(_ time: Int64, _ price: Double, candles: Bool, spread: Double = 0.01) -> [Double?] {
        guard candles else { return [Double(time), price] }
        let open = price * (1 - spread / 2)
        return [Double(time), open, price * (1 + spread), price * (1 - spread), price]
    }

    static func edges(range: ChartTimeRange, candles: Bool) -> [ChartCase] {
        let now = baseNow
        let span = range.spanMilliseconds
        let start = now - span
        let cap = ChartRangeProfile.bitpal.maxPoints(for: range, type: candles ? .candle : .line) ?? 42
        func evenly(_ count: Int) -> [[Double?]] {
            (0..<count).map { index in
                let time = start + 1 + Int64(index) * (span - 1) / Int64(max(count, 1))
                return row(time, 100 + Double(index % 7) * 1.25, candles: candles)
            }
        }
        var rows: [[[Double?]]] = [
            [], [row(now, 100, candles: candles)],
            [row(start, 100, candles: candles)], [row(start - 1, 100, candles: candles)],
            [row(start + 1, 100, candles: candles)],
            [
                row(start - 1, 90, candles: candles), row(start, 100, candles: candles),
                row(start + 1, 110, candles: candles),
            ],
            [
                row(now - 2000, 100, candles: candles), row(now - 2000, 101, candles: candles),
                row(now, 102, candles: candles),
            ],
            [
                row(now, 102, candles: candles), row(now - 60_000, 101, candles: candles),
                row(now - 120_000, 100, candles: candles),
            ],
            [row(now - 60_000, 0, candles: candles), row(now, 5, candles: candles)],
            [[Double(now - 60_000), nil] + (candles ? [1, 1, 1] : []), row(now, 5, candles: candles)],
            [[Double(now - 60_000)], row(now, 5, candles: candles)],
            [row(now - 60_000, 4, candles: candles) + [7], row(now, 5, candles: candles)],
            [row(now + 60_000, 6, candles: candles), row(now, 5, candles: candles)],
            [row(now - 60_000, -3, candles: candles), row(now, 5, candles: candles)],
            [[], row(now, 5, candles: candles)],
            [candles ? [Double(now), 5, 4, 6, 5] : [Double(now), 5, 6]],
        ]
        for count in [cap - 1, cap, cap + 1, 2 * cap - 1, 2 * cap, 2 * cap + 1] where count > 0 {
            rows.append(evenly(count))
        }
        if range == .oneDay || range == .oneYear { rows.append(evenly(20_000)) }
        return rows.map { ChartCase(range: range.rawValue, now: now, rows: $0) }
    }

    static func randomCase(range: ChartTimeRange, candles: Bool, random: inout SplitMix) -> ChartCase {
        let now = baseNow + Int64(random.below(86_400_000))
        let span = range.spanMilliseconds
        let count = random.oneIn(10) ? random.below(3000) : random.below(400)
        let covered = span * Int64(1 + random.below(14)) / 10
        let newest =
            now - Int64(random.below(3)) * Int64(random.below(600_000)) + (random.oneIn(8) ? 60_000 : 0)
        let scale = [1e-6, 0.01, 1, 100, 40_000, 1e7][random.below(6)]
        var price = scale * (0.5 + Double(random.below(1000)) / 1000)
        var rows: [[Double?]] = []
        for index in 0..<count {
            let time = newest - covered + covered * Int64(index + 1) / Int64(count)
            price *= 1 + (Double(random.below(2001)) - 1000) / 50_000
            rows.append(row(time, price, candles: candles, spread: Double(random.below(50)) / 1000))
        }
        if rows.count > 2, random.oneIn(10) {
            let index = random.below(rows.count - 1)
            rows.swapAt(index, index + 1)
        }
        if rows.count > 2, random.oneIn(10) { rows.insert(rows[rows.count / 2], at: rows.count / 2) }
        return ChartCase(range: range.rawValue, now: now, rows: rows)
    }
}
