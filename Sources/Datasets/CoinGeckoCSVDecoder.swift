import TrackerCore
import WorkbenchFoundation

/// Decodes CoinGecko's "Export CSV" of a coin's history: `snapped_at,price,market_cap,total_volume`.
///
/// A day's `market_cap` or `total_volume` may be empty, as in real exports: that day is left out
/// of the column, the price still counts. A missing or bad price is an error.
///
/// `snapped_at` is `YYYY-MM-DD HH:MM:SS UTC`; prices must be positive and finite, market caps
/// and volumes finite and zero or more (early history has zeros). Rows are repaired by the
/// ``SeriesRepairs`` policy like API responses. Errors name the file, line, column and value.
public enum CoinGeckoCSVDecoder {
    /// The header the export starts with.
    public static let header = "snapped_at,price,market_cap,total_volume"

    /// Decodes an export.
    ///
    /// - Parameters:
    ///   - text: The file's text.
    ///   - source: The file name errors name.
    /// - Returns: Daily prices, market caps and volumes.
    /// - Throws: ``LocatedDecodingError`` for the first malformed line.
    public static func decode(_ text: String, source: String) throws(LocatedDecodingError) -> MarketChart {
        // "\r\n" is one Character in Swift, so split on both line ends.
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        if lines.last?.isEmpty == true { lines.removeLast() }
        func failure(line: Int, column: Int, path: String, expected: String, found: String)
            -> LocatedDecodingError
        {
            LocatedDecodingError(
                source: source, path: path, line: line, column: column, expected: expected, found: found)
        }
        guard let first = lines.first, first == header else {
            throw failure(
                line: 1, column: 1, path: "header", expected: "the header \"\(header)\"",
                found: lines.first.map { "\"\($0.prefix(80))\"" } ?? "an empty file")
        }
        var timestamps: [Int64] = []
        var columns: [[Double]] = [[], [], []]
        timestamps.reserveCapacity(lines.count)
        let rules: [(name: String, allowsZero: Bool)] = [
            ("price", false), ("market_cap", true), ("total_volume", true),
        ]
        for (lineIndex, line) in lines.enumerated().dropFirst() {
            let lineNumber = lineIndex + 1
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == 4 else {
                throw failure(
                    line: lineNumber, column: 1, path: "row", expected: "4 comma-separated fields",
                    found: "\(fields.count) in \"\(line.prefix(80))\"")
            }
            guard let timestamp = parseSnappedAt(fields[0]) else {
                throw failure(
                    line: lineNumber, column: 1, path: "snapped_at",
                    expected: "a time as YYYY-MM-DD HH:MM:SS UTC",
                    found: "\"\(fields[0])\"")
            }
            timestamps.append(timestamp)
            var column = fields[0].count + 2
            for (index, rule) in rules.enumerated() {
                let field = fields[index + 1]
                if field.isEmpty, rule.allowsZero {
                    // CoinGecko's exports leave a day's market cap or volume empty: missing, not 0.
                    columns[index].append(.nan)
                    column += 1
                    continue
                }
                let value = Double(field).flatMap { $0.isFinite ? $0 : nil }
                guard let value, rule.allowsZero ? value >= 0 : value > 0 else {
                    let expectation =
                        rule.allowsZero ? "a finite \(rule.name) >= 0" : "a positive finite \(rule.name)"
                    throw failure(
                        line: lineNumber, column: column, path: rule.name, expected: expectation,
                        found: field.isEmpty ? "an empty field" : "\"\(field)\"")
                }
                columns[index].append(value)
                column += field.count + 1
            }
        }
        let repairs = SeriesRepairs.apply(timestamps: &timestamps, columns: &columns)
        return MarketChart(
            prices: TimeSeries(timestamps: timestamps, values: columns[0]),
            marketCaps: present(timestamps, columns[1]),
            totalVolumes: present(timestamps, columns[2]),
            repairs: [.prices: repairs, .marketCaps: repairs, .totalVolumes: repairs]
        )
    }

    /// The days whose value is present (an empty field was read as NaN).
    static func present(_ timestamps: [Int64], _ values: [Double]) -> TimeSeries {
        guard values.contains(where: \.isNaN) else {
            return TimeSeries(timestamps: timestamps, values: values)
        }
        let kept = values.indices.filter { !values[$0].isNaN }
        return TimeSeries(timestamps: kept.map { timestamps[$0] }, values: kept.map { values[$0] })
    }

    /// Epoch milliseconds of `YYYY-MM-DD HH:MM:SS UTC`, or nil.
    static func parseSnappedAt(_ text: Substring) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 23, text.hasSuffix(" UTC") else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for index in range {
                guard bytes[index] >= 48, bytes[index] <= 57 else { return nil }
                value = value * 10 + Int64(bytes[index] - 48)
            }
            return value
        }
        let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, " "), (13, ":"), (16, ":")]
        guard separators.allSatisfy({ bytes[$0.0] == $0.1.asciiValue }),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = CivilDate.daysSinceEpoch(year: year, month: month, day: day)
        return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000
    }
}
