// A fixture written for the workbench's tests, in the app's layout: not the app's code.
import Foundation

struct CandleDataPoint {
    let timestamp: Date
    let open: Decimal
    let high: Decimal
    let low: Decimal
    let close: Decimal
}

extension Array where Element == CandleDataPoint {
    /// Each open becomes the previous close; this fixture leaves high and low as they were, so
    /// its candle rule disagrees with the workbench's continuity policy.
    func ensureContinuity() -> [CandleDataPoint] {
        var joined = self
        for index in joined.indices.dropFirst() {
            let candle = joined[index]
            joined[index] = CandleDataPoint(
                timestamp: candle.timestamp, open: joined[index - 1].close, high: candle.high,
                low: candle.low,
                close: candle.close)
        }
        return joined
    }
}
