// A fixture written for the workbench's tests, in the app's layout: not the app's code.
import Foundation
import SwiftData

/// A coin on the watchlist.
@Model
final class WatchlistItem {
    @Attribute(.unique) var coinId: String
    var dateAdded: Date

    init(coinId: String, dateAdded: Date = Date()) {
        self.coinId = coinId
        self.dateAdded = dateAdded
    }
}
