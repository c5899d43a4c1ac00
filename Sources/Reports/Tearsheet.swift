import Foundation
import TrackerCore
import WorkbenchFoundation
import WorkbenchMetrics

/// The backtest tearsheet of a run with a portfolio, after quantstats' HTML tearsheet and LEAN's
/// backtest report: the key statistics, the equity curve against the buy-and-hold benchmark, the
/// underwater plot, monthly returns as a heatmap and the rolling 30-day volatility.
///
/// Everything is drawn from the run's time-weighted daily returns (the trades' cash flows taken
/// out), the series the `portfolio.*` statistics are computed on, so a deposit never shows as a
/// gain and the plotted drawdown is the reported one.
enum Tearsheet {
    private static let day: Int64 = 86_400_000

    /// The section's HTML; empty when the run has no returns.
    static func render(_ input: ReportInput) -> String {
        let returns = input.result.plots.portfolioReturns
        guard !returns.isEmpty else { return "" }
        let wealth = PerformanceStatistics.wealthIndex(returns.values)
        let times = [returns.timestamps[0] - day] + returns.timestamps
        var html = "<h2>Backtest tearsheet</h2>"
        html += statistics(input, wealth: wealth, times: times)
        let benchmark = input.result.plots.benchmarkReturns
        var curves: [SVGPlot.Series] = [
            .init(
                name: "portfolio (time-weighted)", x: times.map(Double.init),
                y: wealth.map { ($0 - 1) * 100 }, color: "#0969da")
        ]
        if benchmark.count == returns.count {
            curves.append(
                .init(
                    name: "buy and hold", x: times.map(Double.init),
                    y: PerformanceStatistics.wealthIndex(benchmark.values).map { ($0 - 1) * 100 },
                    color: "#9aa5b1"))
        }
        html += SVGPlot(title: "Cumulative return", yTitle: "return", yUnit: .percent, series: curves)
            .render()
        html += SVGPlot(
            title: "Underwater: below the running peak", yTitle: "drawdown", yUnit: .percent,
            series: [
                .init(name: "drawdown", x: times.map(Double.init), y: underwater(wealth), color: "#cf222e")
            ]
        ).render()
        html += monthlyHeatmap(monthlyReturns(returns))
        let volatility = rollingVolatility(returns, window: 30)
        if !volatility.isEmpty {
            html += SVGPlot(
                title: "Rolling 30-day volatility (annualised, 365 days)", yTitle: "volatility",
                yUnit: .percent,
                series: [
                    .init(
                        name: "30-day volatility", x: volatility.timestamps.map(Double.init),
                        y: volatility.values.map { $0 * 100 }, color: "#8250df")
                ]
            ).render()
        }
        return html
    }

    /// Each point's fall below the running peak, in percent (0 or negative).
    static func underwater(_ wealth: [Double]) -> [Double] {
        var peak = 0.0
        return wealth.map { value in
            peak = max(peak, value)
            return (value / peak - 1) * 100
        }
    }

    /// One calendar month's compounded return (UTC), keyed by `year * 12 + month - 1`.
    static func monthlyReturns(_ returns: TimeSeries) -> [(month: Int64, value: Double)] {
        var months: [(month: Int64, value: Double)] = []
        for (time, value) in zip(returns.timestamps, returns.values) {
            // A day's return belongs to the day it ends on, so the first of a month closes the last.
            let (year, month, _) = CivilDate.civil(fromDaysSinceEpoch: (time - 1) / day)
            let key = year * 12 + month - 1
            if months.last?.month == key {
                months[months.count - 1].value = (1 + months[months.count - 1].value) * (1 + value) - 1
            } else {
                months.append((key, value))
            }
        }
        return months
    }

    /// The volatility statistic (sample standard deviation, ddof 1, times sqrt(365)) of each
    /// `window` returns ending at a day.
    static func rollingVolatility(_ returns: TimeSeries, window: Int) -> TimeSeries {
        guard returns.count >= window, window >= 2 else { return .empty }
        var times: [Int64] = []
        var values: [Double] = []
        for end in (window - 1)..<returns.count {
            // The volatility statistic itself, over the window (the returns were checked when the
            // run computed its statistics).
            let days = Array(returns.values[(end - window + 1)...end])
            guard let statistics = try? PerformanceStatistics(returns: days) else { continue }
            times.append(returns.timestamps[end])
            values.append(statistics.volatility)
        }
        return TimeSeries(timestamps: times, values: values)
    }

    private static func statistics(_ input: ReportInput, wealth: [Double], times: [Int64]) -> String {
        let metrics = Dictionary(
            input.result.metrics.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        func row(_ label: String, _ name: String) -> [String]? {
            guard let metric = metrics[name] else { return nil }
            return [label, MetricFormatting.text(metric.value, metric.unit)]
        }
        var rows: [[String]] = [
            row("time-weighted return", MetricName.portfolioTimeWeightedReturn),
            row("money-weighted return (a year)", MetricName.portfolioIrr),
            row("money-weighted return (the period, under a year)", MetricName.portfolioIrrPeriod),
            row("buy-and-hold benchmark", MetricName.portfolioBenchmarkReturn),
            row("excess over the benchmark", MetricName.portfolioExcessReturn),
            row("volatility (a year)", MetricName.portfolioVolatility),
            row("Sharpe", MetricName.portfolioSharpe),
            row("Sortino", MetricName.portfolioSortino),
            row("beta to the benchmark", MetricName.portfolioBeta),
            row("maximum drawdown", MetricName.portfolioMaxDrawdown),
        ].compactMap { $0 }
        if let drawdown = PerformanceStatistics.deepestDrawdown(of: wealth) {
            let date = { (index: Int) in String(TimeFormatting.iso8601(times[index]).prefix(10)) }
            let end = drawdown.recovery ?? wealth.count - 1
            rows.append(["drawdown peak, trough", "\(date(drawdown.peak)), \(date(drawdown.trough))"])
            rows.append([
                "drawdown recovered",
                drawdown.recovery.map { "\(date($0)), after \(($0 - drawdown.peak)) days" }
                    ?? "not by the end (\(end - drawdown.peak) days so far)",
            ])
        }
        return HTMLReport.table(["statistic", "value"], rows)
    }

    private static let monthNames = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// Years down, months across, and the year's compounded return; green up, red down, the
    /// stronger the colour the larger the move against the largest of the table.
    private static func monthlyHeatmap(_ months: [(month: Int64, value: Double)]) -> String {
        guard let first = months.first?.month, let last = months.last?.month else { return "" }
        let byMonth = Dictionary(months.map { ($0.month, $0.value) }, uniquingKeysWith: { first, _ in first })
        let largest = max(months.map { abs($0.value) }.max() ?? 0, 1e-12)
        func cell(_ value: Double?) -> String {
            guard let value else { return "<td></td>" }
            let strength = String(format: "%.2f", min(abs(value) / largest, 1) * 0.75 + 0.05)
            let color = value >= 0 ? "26,127,55" : "207,34,46"
            return "<td class=\"heat\" style=\"background:rgba(\(color),\(strength))\">"
                + "\(String(format: "%.1f", value * 100))</td>"
        }
        var html =
            "<h3>Monthly returns (%, time-weighted, UTC months)</h3><div class=\"wide\"><table class=\"heatmap\"><tr><th>year</th>"
        html += monthNames.map { "<th>\($0)</th>" }.joined() + "<th>year</th></tr>"
        for year in (first / 12)...(last / 12) {
            html += "<tr><th>\(year)</th>"
            var compounded = 1.0
            var any = false
            for month in 0..<12 {
                let value = byMonth[year * 12 + Int64(month)]
                if let value { (compounded, any) = (compounded * (1 + value), true) }
                html += cell(value)
            }
            html += cell(any ? compounded - 1 : nil) + "</tr>"
        }
        return html + "</table></div>"
    }
}
