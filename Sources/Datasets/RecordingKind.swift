import TrackerCore

/// What a recorded file holds, which decides how it is inspected.
enum RecordingKind: Equatable {
    /// `/coins/{id}/market_chart`.
    case marketChart
    /// `/coins/{id}/ohlc`.
    case ohlc
    /// `/simple/price`.
    case simplePrice
    /// `/coins/markets`.
    case coinsMarkets
    /// An error response body.
    case errorBody
    /// CoinGecko's "Export CSV".
    case csvExport
    /// Any other endpoint, inspected as a generic document.
    case document(CoinGeckoEndpoint)

    /// The kind of a recording of `endpoint`.
    init(_ endpoint: CoinGeckoEndpoint) {
        switch endpoint {
        case .marketChart: self = .marketChart
        case .ohlc: self = .ohlc
        case .simplePrice: self = .simplePrice
        case .coinsMarkets: self = .coinsMarkets
        default: self = .document(endpoint)
        }
    }

    /// The name inspections report: `market_chart`, `coins/list`, `error body`.
    var name: String {
        switch self {
        case .marketChart: "market_chart"
        case .ohlc: "ohlc"
        case .simplePrice: "simple/price"
        case .coinsMarkets: "coins/markets"
        case .errorBody: "error body"
        case .csvExport: "csv export"
        case .document(let endpoint): String(endpoint.template.dropFirst())
        }
    }

    /// The endpoint template, when the kind alone tells it.
    var template: String? {
        switch self {
        case .marketChart: "/coins/{id}/market_chart"
        case .ohlc: "/coins/{id}/ohlc"
        case .simplePrice: "/simple/price"
        case .coinsMarkets: "/coins/markets"
        case .errorBody, .csvExport: nil
        case .document(let endpoint): endpoint.template
        }
    }

    /// The endpoint a content-recognised document names (with its coin, for `/coins/{id}`).
    var endpoint: CoinGeckoEndpoint? {
        if case .document(let endpoint) = self { return endpoint }
        return nil
    }
}
