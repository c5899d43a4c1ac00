import WorkbenchFoundation

/// Decodes `/coins/{id}/ohlc` responses: `[[close ms, open, high, low, close], ...]`.
///
/// Prices must be positive and finite, and each candle consistent (`low <= open, close <= high`);
/// rows are repaired by the ``SeriesRepairs`` policy. Reads the bytes directly like
/// ``MarketChartDecoder``.
public enum OHLCDecoder {
    /// Decodes one response.
    ///
    /// - Parameters:
    ///   - data: The response body.
    ///   - source: The label errors name.
    /// - Returns: The candles.
    /// - Throws: ``LocatedDecodingError`` naming the line, column and JSON path of the first problem.
    @_specialize(exported:true,where Bytes == [UInt8])  // else other modules run the generic body
    public static func decode<Bytes: Collection>(
        _ data: Bytes,
        source: String = "response"
    ) throws(LocatedDecodingError) -> OHLCChart where Bytes.Element == UInt8 {
        try decodeRows(data, source: source, order: .sorted)
    }

    /// Decodes one response, its rows repaired or kept as sent.
    ///
    /// - Parameters:
    ///   - data: The response body.
    ///   - source: The label errors name.
    ///   - order: Whether rows are repaired (``ChartRowOrder/sorted``) or kept as sent.
    /// - Returns: The decoded response.
    /// - Throws: ``LocatedDecodingError`` naming the line, column and JSON path of the first problem.
    public static func decode(
        _ data: [UInt8], source: String = "response", order: ChartRowOrder
    ) throws(LocatedDecodingError) -> OHLCChart {
        try decodeRows(data, source: source, order: order)
    }

    /// The decoder's body, specialised where it is called.
    @inline(__always)
    static func decodeRows<Bytes: Collection>(
        _ data: Bytes, source: String, order: ChartRowOrder
    ) throws(LocatedDecodingError) -> OHLCChart where Bytes.Element == UInt8 {
        try withJSONCursor(over: data, source: source) { cursor throws(LocatedDecodingError) in
            var rows = try cursor.readRows(
                path: "$",
                rules: columnRules,
                rowCheck: inconsistency(of:),
                asArraysOfDoubles: order == .asSent
            )
            try cursor.expectEnd()
            let repairs = order == .sorted ? rows.repairTimestamps() : .none
            let candles = CandleSeries(
                closeTimes: rows.timestamps,
                open: rows.columns[0],
                high: rows.columns[1],
                low: rows.columns[2],
                close: rows.columns[3]
            )
            return OHLCChart(candles: candles, repairs: repairs)
        }
    }

    /// The four price columns (built once, not per response).
    private static let columnRules: [ValueRule] = [
        .price("open"), .price("high"), .price("low"), .price("close"),
    ]

    /// What a row breaks, if anything: `low <= min(open, close)`, `max(open, close) <= high`.
    private static func inconsistency(of row: NumericRows.Row) -> String? {
        let (open, high, low, close) = (row[0], row[1], row[2], row[3])
        if high < max(open, close) { return "a candle whose high is at least its open and close" }
        if low > min(open, close) { return "a candle whose low is at most its open and close" }
        return nil
    }
}
