// A fixture written for the workbench's tests, in the app's layout: not the app's code.
import Foundation

struct ChartStatistics {
    let periodHigh: Decimal
    let periodLow: Decimal
    let startPrice: Decimal
    let endPrice: Decimal

    var percentageChange: Decimal { startPrice == 0 ? 0 : (endPrice - startPrice) / startPrice * 100 }
    var isPositive: Bool { endPrice >= startPrice }

    static func from(lineData: [ChartDataPoint]) -> ChartStatistics? {
        guard let first = lineData.first, let last = lineData.last else { return nil }
        let prices = lineData.map(\.price)
        return ChartStatistics(
            periodHigh: prices.max()!, periodLow: prices.min()!, startPrice: first.price, endPrice: last.price
        )
    }

    static func from(candleData: [CandleDataPoint]) -> ChartStatistics? {
        guard let first = candleData.first, let last = candleData.last else { return nil }
        return ChartStatistics(
            periodHigh: candleData.map(\.high).max()!, periodLow: candleData.map(\.low).min()!,
            startPrice: first.open, endPrice: last.close)
    }
}
