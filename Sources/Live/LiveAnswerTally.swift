import TrackerCore

/// What `workbench live`'s answers were, for its terminal summary (issue 69): how many were HTML
/// pages rather than CoinGecko's JSON, and how many had each status other than 200, so a run
/// against the wrong server or root says so in words instead of only in its failure metrics.
public struct LiveAnswerTally: Sendable, Equatable {
    /// Answers whose body is an HTML page (``CoinGeckoErrorBody/isHTMLPage(_:)``).
    public private(set) var htmlPages = 0
    /// Answers by status, for every status but 200.
    public private(set) var statuses: [Int: Int] = [:]

    /// An empty tally.
    public init() {}

    /// Counts one answer.
    public mutating func record(_ response: HTTPResponse) {
        if response.status != 200 { statuses[response.status, default: 0] += 1 }
        if CoinGeckoErrorBody.isHTMLPage(response.body) { htmlPages += 1 }
    }

    /// One line for the summary, nil when every answer was a 200 in JSON:
    /// `answers: 12 HTML pages, not CoinGecko's JSON; HTTP 404 ×10, 500 ×2`.
    public var summary: String? {
        var parts: [String] = []
        if htmlPages > 0 {
            parts.append("\(htmlPages) HTML page\(htmlPages == 1 ? "" : "s"), not CoinGecko's JSON")
        }
        if !statuses.isEmpty {
            parts.append(
                "HTTP " + statuses.keys.sorted().map { "\($0) ×\(statuses[$0]!)" }.joined(separator: ", "))
        }
        return parts.isEmpty ? nil : "answers: " + parts.joined(separator: "; ")
    }
}
