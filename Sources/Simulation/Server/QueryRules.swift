import TrackerCore

/// CoinGecko's own refusals of a request with a required parameter missing, with the bodies the
/// real API sends (`datasets/coingecko/error422_*.json`, `error500_ohlc_missing_params.json`):
/// 422 `{"error":"Missing parameter NAME"}`, and for OHLC a bare 500. `vs_currencies`, `days`
/// and `date` follow the recorded pattern; the real API's answer for them is not recorded.
///
/// A parameter counts as missing only when it is absent: the app never leaves one out, so runs
/// are unchanged, while a hand-written request to `workbench serve` meets the real API's answer.
enum QueryRules {
    private static let simplePrice = ["ids", "vs_currencies"]
    private static let markets = ["vs_currency"]
    private static let charts = ["vs_currency", "days"]
    private static let history = ["date"]
    private static let none: [String] = []

    /// The required parameters of each endpoint, in the order CoinGecko checks them (built once:
    /// this runs for every simulated request).
    static func required(by endpoint: CoinGeckoEndpoint) -> [String] {
        switch endpoint {
        case .simplePrice: simplePrice
        case .coinsMarkets: markets
        case .marketChart, .ohlc: charts
        case .coinHistory: history
        case .coinDetail, .coinsList, .search: none
        }
    }

    /// The refusal of a request that lacks a required parameter, or nil when it has them all.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - endpoint: Its endpoint, parsed once by the caller.
    static func violation(of request: HTTPRequest, endpoint: CoinGeckoEndpoint) -> HTTPResponse? {
        guard let missing = required(by: endpoint).first(where: { request.queryValue($0) == nil }) else {
            return nil
        }
        if case .ohlc = endpoint {
            return HTTPResponse(
                status: 500, headers: ["Content-Type": "application/json"],
                body: Array(#"{"status":500,"error":"Internal Server Error"}"#.utf8))
        }
        return HTTPResponse(
            status: 422, headers: ["Content-Type": "application/json"],
            body: Array(#"{"error":"Missing parameter \#(missing)"}"#.utf8))
    }
}
