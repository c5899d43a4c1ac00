// A fixture written for the workbench's tests, in the app's layout: not the app's code.
/// What the watchlist can fail with.
enum WatchlistError: Error {
    case coinAlreadyExists
    case saveFailed(Error)
    case networkError(Error)
}
