import Foundation

extension HTTPRequest {
    /// A query string as a server reads it: `a=1&b=x%20y` as items, percent-decoded (`+` is a
    /// space), in order; a part without `=` has an empty value and an undecodable part is kept
    /// as sent.
    ///
    /// - Parameter query: The text after `?`.
    public static func queryItems(parsing query: String) -> [QueryItem] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { part in
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in
                String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            return QueryItem(decode(pieces[0]), pieces.count > 1 ? decode(pieces[1]) : "")
        }
    }
}
