import Foundation
import TrackerCore

/// A request's query string as the simulated server reads it.
enum QueryText {
    /// `a=1&b=x%20y` as items, percent-decoded, in order; a part without `=` has an empty value
    /// and an undecodable part is kept as sent.
    static func items(_ query: String) -> [HTTPRequest.QueryItem] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { part in
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in
                String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            return HTTPRequest.QueryItem(decode(pieces[0]), pieces.count > 1 ? decode(pieces[1]) : "")
        }
    }
}
