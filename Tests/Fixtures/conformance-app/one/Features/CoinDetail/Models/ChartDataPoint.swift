// A fixture written for the workbench's tests, in the app's layout: not the app's code.
import Foundation

struct ChartDataPoint {
    let timestamp: Date
    let price: Decimal
}
