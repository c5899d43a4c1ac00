import WorkbenchFoundation

/// Decodes `/coins/{id}/market_chart` responses into columnar series.
///
/// The document is `{"prices": [[ms, price], ...], "market_caps": [...], "total_volumes": [...]}`.
/// `prices` is required; the other two may be absent; unknown members are skipped (CoinGecko adds
/// fields over time). Rows are validated as ``JSONCursor/readRows(path:rules:rowCheck:)``
/// describes and repaired by the ``SeriesRepairs`` policy.
///
/// The decoder reads the bytes directly (no `JSONSerialization` tree, no per-point allocation),
/// which is what lets the workbench replay large responses quickly.
public enum MarketChartDecoder {
    /// Decodes one response.
    ///
    /// - Parameters:
    ///   - data: The response body.
    ///   - source: The label errors name (a file name, "response").
    /// - Returns: The chart.
    /// - Throws: ``LocatedDecodingError`` naming the line, column and JSON path of the first problem.
    @_specialize(exported:true,where Bytes == [UInt8])  // else other modules run the generic body
    public static func decode<Bytes: Collection>(
        _ data: Bytes,
        source: String = "response"
    ) throws(LocatedDecodingError) -> MarketChart where Bytes.Element == UInt8 {
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
    ) throws(LocatedDecodingError) -> MarketChart {
        try decodeRows(data, source: source, order: order)
    }

    /// The decoder's body, specialised where it is called.
    @inline(__always)
    static func decodeRows<Bytes: Collection>(
        _ data: Bytes, source: String, order: ChartRowOrder
    ) throws(LocatedDecodingError) -> MarketChart where Bytes.Element == UInt8 {
        try withJSONCursor(over: data, source: source) { cursor throws(LocatedDecodingError) in
            var series: [MarketChart.Column: TimeSeries] = [:]
            var repairs: [MarketChart.Column: SeriesRepairs] = [:]
            var otherKeys: [String] = []
            try cursor.readObject(path: "$") { cursor, key throws(LocatedDecodingError) in
                guard let column = MarketChart.Column(rawValue: key) else {
                    otherKeys.append(key)
                    try cursor.skipValue(path: "$".member(key))
                    return
                }
                var rows = try cursor.readRows(
                    path: "$".member(key), rules: [column.rule], asArraysOfDoubles: order == .asSent)
                repairs[column] = order == .sorted ? rows.repairTimestamps() : .none
                series[column] = TimeSeries(timestamps: rows.timestamps, values: rows.columns[0])
            }
            try cursor.expectEnd()
            guard let prices = series[.prices] else {
                var error = cursor.error(at: 0, path: "$", expected: "a market_chart object with \"prices\"")
                error.found = "an object with " + (otherKeys.isEmpty ? "no members" : "only \(otherKeys)")
                throw error
            }
            return MarketChart(
                prices: prices,
                marketCaps: series[.marketCaps],
                totalVolumes: series[.totalVolumes],
                repairs: repairs
            )
        }
    }
}
