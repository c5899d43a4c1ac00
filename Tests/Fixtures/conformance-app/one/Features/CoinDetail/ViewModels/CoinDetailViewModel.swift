// A fixture written for the workbench's tests, in the app's layout: not the app's code.
import Foundation
import SwiftUI

@MainActor
final class CoinDetailViewModel {
    var coinId = ""

    /// Cut to the range on the clock, then every step-th point down to the range's cap.
    private func filterAndLimitLineData(_ data: [ChartDataPoint], forRange range: ChartTimeRange)
        -> [ChartDataPoint]
    {
        let cutoff = Date().addingTimeInterval(-range.seconds)
        let kept = data.filter { $0.timestamp >= cutoff }
        guard kept.count > range.lineCap else { return kept }
        let step = kept.count / range.lineCap
        return stride(from: 0, to: kept.count, by: step).map { kept[$0] }
    }

    private func filterAndLimitCandleData(_ data: [CandleDataPoint], forRange range: ChartTimeRange)
        -> [CandleDataPoint]
    {
        let cutoff = Date().addingTimeInterval(-range.seconds)
        let kept = data.filter { $0.timestamp >= cutoff }
        guard kept.count > 42 else { return kept.ensureContinuity() }
        let step = kept.count / 42
        return stride(from: 0, to: kept.count, by: step).map { kept[$0] }.ensureContinuity()
    }
}
