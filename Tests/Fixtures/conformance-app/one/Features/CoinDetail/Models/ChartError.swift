// A fixture written for the workbench's tests, in the app's layout: not the app's code.
/// What a chart load can fail with.
enum ChartError: Error {
    case invalidCoinId
    case rateLimitExceeded
    case noDataAvailable
    case networkError(Error)
}
