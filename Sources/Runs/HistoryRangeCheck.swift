import Scenarios
import TrackerCore
import WorkbenchFoundation

/// Chart ranges a scenario's script shows that reach before its synthetic market's history
/// (issue 69): a 1Y chart over 30 days of history draws 30 days (32 points) and looks like a
/// year. Each gives one warning, with the range, the first time it is shown and the history
/// there is then; the run goes on. Recorded markets are left alone: their data is what it is.
public enum HistoryRangeCheck {
    /// The warnings for a scenario, one per range that reaches before the history, in range order.
    public static func warnings(_ scenario: Scenario) -> [String] {
        guard case .synthetic(let market) = scenario.market else { return [] }
        var firstShown: [ChartTimeRange: Int64] = [:]
        for scheduled in scenario.script {
            let range: ChartTimeRange
            switch scheduled.action {
            // A coin screen opens on the 1D chart (`CoinDetailViewModel.selectedTimeRange`).
            case .openCoin: range = .oneDay
            case .switchRange(let chosen), .showChart(_, _, let chosen): range = chosen
            default: continue
            }
            if firstShown[range] == nil { firstShown[range] = scheduled.time }
        }
        let historyStart = scenario.start - market.historyMilliseconds
        return ChartTimeRange.allCases.compactMap { range in
            guard let time = firstShown[range], time - range.spanMilliseconds < historyStart else {
                return nil
            }
            let available = time - historyStart
            return "the script shows the \(range.rawValue) chart at \(TimeFormatting.iso8601(time)), but the "
                + "market's history then covers \(TimeFormatting.duration(available)) of its "
                + "\(TimeFormatting.duration(range.spanMilliseconds)): that chart draws the shorter span; "
                + "give the market a longer history (market.history: \(Self.days(range.spanMilliseconds))d or more)"
        }
    }

    private static func days(_ milliseconds: Int64) -> Int64 { (milliseconds + 86_399_999) / 86_400_000 }
}
