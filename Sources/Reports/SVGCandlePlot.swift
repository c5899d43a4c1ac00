import TrackerCore
import WorkbenchFoundation

/// Candles as the app draws them (`CandlestickChartView`): evenly spaced by index, not by time;
/// a wick from low to high and a body from open to close, green when the close is at or above
/// the open (`CandleDataPoint.isGreen`), red otherwise; the body 75 % of a candle's slot within
/// 3 to 24 px, the wick a third of the body within 1 to 4 px. The x axis names the close times of
/// a few candles.
struct SVGCandlePlot {
    var title: String
    var candles: CandleSeries
    var yTitle = "price"
    var width = 720.0
    var height = 270.0

    /// The app's profit and loss colours.
    static let green = "#1a7f37"
    static let red = "#cf222e"

    func render() -> String {
        guard let low = candles.low.min(), let high = candles.high.max() else {
            return "<p class=\"empty\">\(MarkupText.escaped(title)): no candles</p>"
        }
        let frame = PlotFrame(
            width: width, height: height, axis: ValueTicks.axis(low: low, high: high), unit: .plain)
        let slot = frame.plotWidth / Double(candles.count)
        let bodyWidth = min(max(slot * 0.75, 3), 24)
        let wickWidth = min(max(bodyWidth / 3, 1), 4)
        func center(_ index: Int) -> Double { frame.left + (Double(index) + 0.5) * slot }
        var svg = frame.open(title: title) + frame.valueGrid()
        for index in labelledIndices() {
            svg += frame.xTick(at: center(index), label: label(candles.closeTimes[index]))
        }
        svg += frame.border(xTitle: "candle close (UTC), evenly spaced", yTitle: yTitle)
        for index in 0..<candles.count {
            let (open, close) = (candles.open[index], candles.close[index])
            let color = close >= open ? Self.green : Self.red
            let x = center(index)
            let top = frame.y(max(open, close))
            let bodyHeight = max(frame.y(min(open, close)) - top, 1)
            svg += "<g><title>\(MarkupText.escaped(tooltip(index)))</title>"
            svg +=
                "<rect x=\"\(fmt(x - wickWidth / 2))\" y=\"\(fmt(frame.y(candles.high[index])))\" "
                + "width=\"\(fmt(wickWidth))\" height=\"\(fmt(max(frame.y(candles.low[index]) - frame.y(candles.high[index]), 1)))\" "
                + "fill=\"\(color)\"/>"
            svg +=
                "<rect x=\"\(fmt(x - bodyWidth / 2))\" y=\"\(fmt(top))\" width=\"\(fmt(bodyWidth))\" "
                + "height=\"\(fmt(bodyHeight))\" fill=\"\(color)\"/>"
            svg += "</g>"
        }
        return svg + frame.legend([("close >= open", Self.green), ("close < open", Self.red)])
            + PlotFrame.close
    }

    /// About five candles spread over the axis, the first and last included.
    private func labelledIndices() -> [Int] {
        let count = candles.count
        guard count > 1 else { return [0] }
        let labels = min(count, 5)
        return (0..<labels).map { $0 * (count - 1) / (labels - 1) }
    }

    /// A close time as its span asks: the clock within two days, the date beyond.
    private func label(_ time: Int64) -> String {
        let span = (candles.closeTimes.last ?? time) - (candles.closeTimes.first ?? time)
        return span <= 2 * 86_400_000 ? TimeTicks.clockLabel(time) : TimeTicks.dateLabel(time)
    }

    /// `Dec 19 14:00 O 46300 H 46410 L 46210 C 46350`.
    private func tooltip(_ index: Int) -> String {
        let time = candles.closeTimes[index]
        let values = [
            ("O", candles.open[index]), ("H", candles.high[index]), ("L", candles.low[index]),
            ("C", candles.close[index]),
        ]
        return "\(TimeTicks.dateLabel(time)) \(TimeTicks.clock(time)) "
            + values.map { "\($0.0) \(JSONText.number($0.1))" }.joined(separator: " ")
    }

    private func fmt(_ value: Double) -> String { PlotFrame.format(value) }
}
