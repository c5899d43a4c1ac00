/// One chart case: the rows CoinGecko sent (a `null` cell as nil), the range the screen shows
/// and the time it is drawn at. Both sides decode the same body text.
public struct ChartCase: Codable, Sendable, Equatable {
    /// The range's code (`1D`, `1W`, ...).
    public var range: String
    /// The time, in milliseconds since 1970.
    public var now: Int64
    /// The rows as sent: `[time, price]` for a line, `[time, open, high, low, close]` for candles.
    public var rows: [[Double?]]

    /// A case.
    public init(range: String, now: Int64, rows: [[Double?]]) {
        (self.range, self.now, self.rows) = (range, now, rows)
    }

    /// The rows as JSON.
    public var rowsJSON: String {
        "["
            + rows.map { "[" + $0.map { $0.map(NumberMatch.json) ?? "null" }.joined(separator: ",") + "]" }
            .joined(separator: ",") + "]"
    }

    /// The `/coins/{id}/market_chart` body.
    public var marketChartBody: String {
        "{\"prices\":\(rowsJSON),\"market_caps\":[],\"total_volumes\":[]}"
    }

    /// The `/coins/{id}/ohlc` body.
    public var ohlcBody: String { rowsJSON }

    /// Smaller cases that might still show a mismatch: without half the rows, without one row,
    /// with one cell rounded or halved.
    public var shrunk: [ChartCase] {
        var smaller: [ChartCase] = []
        if rows.count > 1 {
            smaller.append(with(rows: Array(rows.prefix(rows.count / 2))))
            smaller.append(with(rows: Array(rows.suffix(rows.count - rows.count / 2))))
        }
        for index in rows.indices {
            var fewer = rows
            fewer.remove(at: index)
            smaller.append(with(rows: fewer))
        }
        for (index, row) in rows.enumerated() {
            for (cell, value) in row.enumerated() where cell > 0 {
                guard let value, value != value.rounded() else { continue }
                var simpler = rows
                simpler[index][cell] = value.rounded()
                smaller.append(with(rows: simpler))
            }
        }
        return smaller
    }

    private func with(rows: [[Double?]]) -> ChartCase { ChartCase(range: range, now: now, rows: rows) }
}

/// What a chart screen shows for a case: the drawn points and the statistics bar, or that the
/// body was refused.
public struct ChartOutput: Codable, Sendable, Equatable {
    /// Whether the body decoded.
    public var decoded: Bool
    /// Why it did not, when the side says (the workbench's decoding error, without its place).
    public var refusal: String?
    /// The drawn points' times, in milliseconds.
    public var times: [Int64]
    /// Each drawn point's values: the price, or open, high, low and close.
    public var values: [[Double]]
    /// The statistics bar: high, low, start, end, change in percent; nil when there is none.
    public var statistics: [Double]?
    /// Whether the bar shows a rise.
    public var rising: Bool?

    /// An output.
    public init(
        decoded: Bool, times: [Int64], values: [[Double]], statistics: [Double]?, rising: Bool?,
        refusal: String? = nil
    ) {
        (self.decoded, self.times, self.values, self.statistics, self.rising, self.refusal) =
            (decoded, times, values, statistics, rising, refusal)
    }

    /// A refused body.
    public static let refused = ChartOutput(
        decoded: false, times: [], values: [], statistics: nil, rising: nil)

    /// A body refused for a reason.
    public static func refused(_ reason: String) -> ChartOutput {
        ChartOutput(decoded: false, times: [], values: [], statistics: nil, rising: nil, refusal: reason)
    }

    /// Where the app's output (self) and the workbench's differ, nil when they match.
    public func difference(from tracker: ChartOutput) -> String? {
        if decoded != tracker.decoded {
            return decoded
                ? "the workbench refused the body: \(tracker.refusal ?? "")" : "the app refused the body"
        }
        if times != tracker.times {
            let first =
                zip(times, tracker.times).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(times.count, tracker.times.count)
            return
                "drawn points differ (\(times.count) against \(tracker.times.count); first at index \(first))"
        }
        if let index = zip(values, tracker.values).enumerated().first(where: {
            !NumberMatch.matches($0.element.0, $0.element.1)
        })?.offset {
            return "values of drawn point \(index) differ"
        }
        switch (statistics, tracker.statistics) {
        case (nil, nil): break
        case (let app?, let ours?) where NumberMatch.matches(app, ours): break
        default: return "statistics differ"
        }
        return rising == tracker.rising ? nil : "the rise flag differs"
    }
}
