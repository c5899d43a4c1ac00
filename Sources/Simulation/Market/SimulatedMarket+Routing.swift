import AppHosting
import TrackerCore

extension SimulatedMarket: MarketSource {
    /// Answers a CoinGecko request at a virtual time: 200 with the endpoint's body, 404 for an
    /// unknown coin or path, 400 for OHLC `days` outside the free API's set. Every 200 carries
    /// `Content-Type: application/json` and CoinGecko's `Cache-Control: public, max-age=30`.
    ///
    /// `/coins/markets` takes `per_page` within 1...250 (100 by default); without `ids` it lists
    /// the coins by rank from `page` (1 by default), as the recorded top 100 was asked.
    ///
    /// Rate limits, latency, server caching and faults are the simulated server's, not the
    /// market's.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - now: The virtual time.
    /// - Returns: The response.
    public func respond(to request: HTTPRequest, at now: Int64) -> HTTPResponse {
        // An id sent with a leading space is unknown and left out, as CoinGecko does.
        let list = request.queryList
        let flag = { (name: String) in request.queryValue(name) == "true" }
        let body: [UInt8]
        do throws(SimulatedMarketError) {
            switch request.endpoint {
            case .coinsMarkets:
                let perPage = min(max(request.queryValue("per_page").flatMap { Int($0) } ?? 100, 1), 250)
                let page = max(request.queryValue("page").flatMap { Int($0) } ?? 1, 1)
                body = marketsBody(
                    ids: request.queryValue("ids") == nil
                        ? rankedIds(page: page, perPage: perPage) : list("ids"),
                    perPage: perPage, priceChangePercentage: list("price_change_percentage"),
                    sparkline: flag("sparkline"), at: now)
            case .simplePrice:
                body = simplePriceBody(
                    ids: list("ids"), currencies: list("vs_currencies"),
                    include24hChange: flag("include_24hr_change"),
                    includeLastUpdatedAt: flag("include_last_updated_at"), at: now)
            case .coinsList: body = coinsListBody()
            case .search: body = searchBody(query: request.queryValue("query") ?? "")
            case .coinDetail(let id): body = try coinDetailBody(id: id, parts: .init(request), at: now)
            case .coinHistory(let id):
                body = try coinHistoryBody(
                    id: id, date: request.queryValue("date") ?? "",
                    localization: request.queryValue("localization") != "false", at: now)
            case .marketChart(let id):
                body = try marketChartBody(
                    id: id, days: request.queryValue("days") ?? "",
                    daily: request.queryValue("interval") == "daily",
                    at: now)
            case .ohlc(let id): body = try ohlcBody(id: id, days: request.queryValue("days") ?? "", at: now)
            case .none: throw .unknownPath(request.path)
            }
        } catch {
            return HTTPResponse(
                status: error.status, headers: ["Content-Type": "application/json"], body: error.body)
        }
        return HTTPResponse(
            status: 200,
            headers: ["Content-Type": "application/json", "Cache-Control": "public, max-age=30"],
            body: body)
    }

    /// `/coins/markets` without `ids`: page `page` of the coins in market-cap rank order, as
    /// CoinGecko lists them (the recorded top 100 is such a page).
    private func rankedIds(page: Int, perPage: Int) -> [String] {
        let (skipped, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
        let first = overflow ? coins.count : min(skipped, coins.count)
        return coins[first..<min(first + perPage, coins.count)].map(\.id)
    }
}
