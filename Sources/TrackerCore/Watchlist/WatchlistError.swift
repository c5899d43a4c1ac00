/// Why a watchlist change was refused; ``description`` is the message the app shows.
public enum WatchlistError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The coin is on the list already (the app's message names it).
    case alreadyInWatchlist(coinId: String, name: String)
    /// The coin is not on the list.
    case notInWatchlist(coinId: String)

    /// The app's message: "Bitcoin is already in your watchlist".
    public var description: String {
        switch self {
        case .alreadyInWatchlist(_, let name): "\(name) is already in your watchlist"
        case .notInWatchlist(let coinId): "\(coinId) is not in your watchlist"
        }
    }
}
