import ConformanceCases
import TrackerCore
import WorkbenchFoundation

/// The workbench's side of the two chart rules: what `TrackerApp` does with a chart body under
/// the `bitpal` policies (`AppPolicies.chartRows`, `chartPreparation`), then `ChartStatistics`.
enum WorkbenchCharts {
    static let policies = AppPolicies.bitpal

    /// The line chart drawn for a case.
    static func line(_ chart: ChartCase) -> ChartOutput {
        output(chart, body: chart.marketChartBody) { bytes throws(LocatedDecodingError) in
            try MarketChartDecoder.decode(bytes, source: "case", order: policies.chartRows)
        } draw: { decoded, range in
            let drawn = policies.chartPreparation.line(decoded.prices, range: range, at: chart.now).drawn
            let statistics = ChartStatistics.line(drawn)
            return ChartOutput(
                decoded: true, times: drawn.timestamps, values: drawn.values.map { [$0] },
                statistics: statistics.map(Self.bar), rising: statistics?.isPositive)
        }
    }

    /// The candle chart drawn for a case.
    static func candles(_ chart: ChartCase) -> ChartOutput {
        output(chart, body: chart.ohlcBody) { bytes throws(LocatedDecodingError) in
            try OHLCDecoder.decode(bytes, source: "case", order: policies.chartRows)
        } draw: { decoded, range in
            let drawn = policies.chartPreparation.candles(decoded.candles, range: range, at: chart.now).drawn
            let statistics = ChartStatistics.candles(drawn)
            return ChartOutput(
                decoded: true, times: drawn.closeTimes,
                values: drawn.closeTimes.indices.map {
                    [drawn.open[$0], drawn.high[$0], drawn.low[$0], drawn.close[$0]]
                },
                statistics: statistics.map(Self.bar), rising: statistics?.isPositive)
        }
    }

    /// A case's body decoded and drawn, or the decoder's reason for refusing it.
    static func output<Chart>(
        _ chart: ChartCase, body: String, decode: ([UInt8]) throws(LocatedDecodingError) -> Chart,
        draw: (Chart, ChartTimeRange) -> ChartOutput
    ) -> ChartOutput {
        guard let range = ChartTimeRange(rawValue: chart.range) else { return .refused }
        do throws(LocatedDecodingError) {
            return draw(try decode(Array(body.utf8)), range)
        } catch {
            return .refused("expected \(error.expected) at \(error.path)")
        }
    }

    static func bar(_ statistics: ChartStatistics) -> [Double] {
        [
            statistics.periodHigh, statistics.periodLow, statistics.startPrice, statistics.endPrice,
            statistics.changePercent,
        ]
    }

    /// The line rule.
    static func lineRule(app: @escaping (ChartCase) async -> ChartOutput, randomCount: Int) -> RuleCheck<
        ChartCase, ChartOutput
    > {
        RuleCheck(
            name: "line-chart",
            cases: { ChartCases.all(candles: false, random: &$0, randomCount: randomCount) },
            app: app, tracker: line, difference: { $0.difference(from: $1) }, shrink: \.shrunk)
    }

    /// The candle rule.
    static func candleRule(app: @escaping (ChartCase) async -> ChartOutput, randomCount: Int) -> RuleCheck<
        ChartCase, ChartOutput
    > {
        RuleCheck(
            name: "candle-chart",
            cases: { ChartCases.all(candles: true, random: &$0, randomCount: randomCount) },
            app: app, tracker: candles, difference: { $0.difference(from: $1) }, shrink: \.shrunk)
    }
}
