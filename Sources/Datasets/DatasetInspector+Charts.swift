import Foundation
import TrackerCore
import WorkbenchFoundation

extension DatasetInspector {
    /// A `/coins/{id}/market_chart` response, through the app's decoder.
    static func inspectMarketChart(_ context: RecordingContext) throws(DatasetError) -> DatasetInspection {
        let chart = try decoded { () throws(LocatedDecodingError) in
            try MarketChartDecoder.decode(context.data, source: context.name)
        }
        var inspection = context.inspection(.marketChart)
        let step = describeSeries(chart.prices.timestamps, into: &inspection)
        for column in MarketChart.Column.allCases {
            guard let series = chart.series(column) else {
                inspection.quirks.append("no \(column.rawValue) array")
                continue
            }
            if series.count != chart.prices.count {
                inspection.quirks.append(
                    "\(column.rawValue) has \(series.count) points, prices \(chart.prices.count)")
            }
            if let repairs = chart.repairs[column], !repairs.isEmpty {
                inspection.quirks.append("\(column.rawValue): " + describe(repairs))
            }
        }
        noteTrailingPoint(chart.prices.timestamps, gridStep: step, into: &inspection)
        if let days = context.query("days"),
            let documented = Granularity.documentedMarketChart(
                days: days, interval: context.query("interval")),
            let found = inspection.granularity, found != documented
        {
            inspection.quirks.append("granularity \(found), documented \(documented) for days=\(days)")
        }
        if inspection.granularity == "daily" {
            let offMidnight = chart.prices.timestamps.dropLast().filter { $0 % 86_400_000 != 0 }.count
            if offMidnight > 0 { inspection.quirks.append("\(offMidnight) daily points not at 00:00 UTC") }
        }
        return inspection
    }

    /// A `/coins/{id}/ohlc` response, through the app's decoder.
    static func inspectOHLC(_ context: RecordingContext) throws(DatasetError) -> DatasetInspection {
        let chart = try decoded { () throws(LocatedDecodingError) in
            try OHLCDecoder.decode(context.data, source: context.name)
        }
        let candles = chart.candles
        var inspection = context.inspection(.ohlc)
        let step = describeSeries(candles.closeTimes, into: &inspection)
        inspection.granularity = inspection.granularity.map { "\($0) candles, stamped at close" }
        if !chart.repairs.isEmpty { inspection.quirks.append("candles: " + describe(chart.repairs)) }
        if let days = context.query("days"), let documented = Granularity.documentedCandle(days: days),
            let step, Granularity.name(of: step) != documented
        {
            inspection.quirks.append(
                "candle size \(Granularity.name(of: step)), documented \(documented) for days=\(days)")
        }
        if let recorded = context.entry?.date.flatMap(CivilDate.parseHTTPDate),
            let lastClose = candles.closeTimes.last,
            lastClose > recorded
        {
            inspection.quirks.append(
                "last candle closes \(TimeFormatting.duration(lastClose - recorded)) after the response time (still forming)"
            )
        }
        let unchained = (1..<max(1, candles.count)).filter { candles.open[$0] != candles.close[$0 - 1] }.count
        if unchained > 0 {
            inspection.quirks.append(
                "\(unchained) of \(candles.count - 1) consecutive candles do not chain (open != previous close)"
            )
        }
        return inspection
    }

    /// CoinGecko's "Export CSV" of a coin's daily history.
    static func inspectCSV(_ context: RecordingContext) throws(DatasetError) -> DatasetInspection {
        let chart = try decoded { () throws(LocatedDecodingError) in
            try CoinGeckoCSVDecoder.decode(
                String(decoding: context.data, as: UTF8.self), source: context.name)
        }
        var inspection = DatasetInspection(file: context.name, kind: RecordingKind.csvExport.name)
        if let entry = context.entry,
            let coin = entry.uri.split(separator: " ").first(where: { $0.contains("/") })
        {
            let parts = coin.split(separator: "/")
            inspection.coin = parts.first.map(String.init)
            inspection.currency = parts.last.map { String($0.prefix { $0.isLetter }) }
        }
        let timestamps = chart.prices.timestamps
        _ = describeSeries(timestamps, into: &inspection)
        let offMidnight = timestamps.filter { $0 % 86_400_000 != 0 }
        if !offMidnight.isEmpty {
            let examples = offMidnight.prefix(4).map(TimeFormatting.iso8601).joined(separator: ", ")
            inspection.quirks.append("\(offMidnight.count) snapshots not at 00:00 UTC: \(examples)")
        }
        let days = timestamps.map { $0 / 86_400_000 }
        let missing = zip(days.dropFirst(), days).reduce(0) { $0 + max(0, Int($1.0 - $1.1) - 1) }
        if missing > 0 { inspection.quirks.append("\(missing) days missing") }
        let zeroCaps = chart.marketCaps?.values.filter { $0 == 0 }.count ?? 0
        if zeroCaps > 0 { inspection.quirks.append("\(zeroCaps) rows with market_cap 0 (early history)") }
        let repairs = chart.repairs[.prices] ?? .none
        if !repairs.isEmpty { inspection.quirks.append("rows: " + describe(repairs)) }
        return inspection
    }

    /// Fills points, first and last time and granularity from sorted timestamps.
    ///
    /// - Returns: The median step, computed once for the callers' other checks.
    private static func describeSeries(_ timestamps: [Int64], into inspection: inout DatasetInspection)
        -> Int64?
    {
        inspection.points = timestamps.count
        inspection.firstTimestamp = timestamps.first
        inspection.lastTimestamp = timestamps.last
        let step = Granularity.medianStep(timestamps)
        inspection.granularity = step.map(Granularity.name(of:))
        return step
    }

    /// Notes a last point off the grid of the others: CoinGecko's trailing "now" point.
    private static func noteTrailingPoint(
        _ timestamps: [Int64], gridStep: Int64?, into inspection: inout DatasetInspection
    ) {
        guard timestamps.count > 2, let step = gridStep else { return }
        let lastGap = timestamps[timestamps.count - 1] - timestamps[timestamps.count - 2]
        guard abs(lastGap - step) * 10 > step else { return }
        inspection.quirks.append(
            "trailing off-grid \"now\" point, \(TimeFormatting.duration(lastGap)) after the point before it "
                + "(grid step \(TimeFormatting.duration(step)))")
    }

    private static func describe(_ repairs: SeriesRepairs) -> String {
        var parts: [String] = []
        if repairs.outOfOrder > 0 {
            parts.append("\(repairs.outOfOrder) point(s) earlier than a point before them, sorted")
        }
        if repairs.duplicatesDropped > 0 {
            parts.append("\(repairs.duplicatesDropped) duplicate timestamp(s) dropped, last kept")
        }
        return parts.joined(separator: "; ")
    }
}
