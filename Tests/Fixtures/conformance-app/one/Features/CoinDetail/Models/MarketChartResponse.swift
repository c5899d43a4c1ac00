// A fixture written for the workbench's tests, in the app's layout: not the app's code.
import Foundation

struct MarketChartResponse: Decodable {
    let prices: [[Double]]

    func toChartDataPoints() -> [ChartDataPoint] {
        prices.compactMap { row in
            row.count < 2
                ? nil
                : ChartDataPoint(
                    timestamp: Date(timeIntervalSince1970: row[0] / 1000), price: Decimal(row[1]))
        }
    }
}

typealias OHLCResponse = [[Double]]

extension Array where Element == [Double] {
    func toCandles() -> [CandleDataPoint] {
        compactMap { row in
            guard row.count >= 5 else { return nil }
            return CandleDataPoint(
                timestamp: Date(timeIntervalSince1970: row[0] / 1000), open: Decimal(row[1]),
                high: Decimal(row[2]),
                low: Decimal(row[3]), close: Decimal(row[4]))
        }
    }
}
