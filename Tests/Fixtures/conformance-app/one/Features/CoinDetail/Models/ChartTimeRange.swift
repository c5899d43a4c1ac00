// A fixture written for the workbench's tests, in the app's layout: not the app's code.
import Foundation

enum ChartTimeRange: String {
    case fifteenMinutes = "15M"
    case oneHour = "1H"
    case fourHours = "4H"
    case oneDay = "1D"
    case oneWeek = "1W"
    case oneMonth = "1M"
    case sixMonths = "6M"
    case oneYear = "1Y"

    var seconds: TimeInterval {
        let minutes: [ChartTimeRange: Double] = [
            .fifteenMinutes: 15, .oneHour: 60, .fourHours: 240, .oneDay: 1440, .oneWeek: 10_080,
            .oneMonth: 43_200,
            .sixMonths: 259_200, .oneYear: 525_600,
        ]
        return minutes[self]! * 60
    }

    var lineCap: Int {
        let caps: [ChartTimeRange: Int] = [
            .fifteenMinutes: 15, .oneHour: 60, .fourHours: 48, .oneDay: 96, .oneWeek: 42, .oneMonth: 30,
            .sixMonths: 45, .oneYear: 52,
        ]
        return caps[self]!
    }
}
