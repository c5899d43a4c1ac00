import Foundation
import Testing
import TrackerCore
import WorkbenchFoundation

@Suite("HTTPRequest's query lists")
struct HTTPRequestQueryListTests {
    @Test("queryList splits at commas, drops empty items and keeps multi-byte ids whole")
    func queryList() {
        let request = HTTPRequest(
            path: "/coins/markets",
            query: [.init("ids", "bitcoin,,ethereum,é-coin,"), .init("empty", ""), .init("one", "x")])
        #expect(request.queryList("ids") == ["bitcoin", "ethereum", "é-coin"])
        #expect(request.queryList("empty") == [])
        #expect(request.queryList("one") == ["x"])
        #expect(request.queryList("missing") == [])
    }

    @Test("the target is kept with the path and query: it follows every change, and equality ignores it")
    func targetFollowsChanges() {
        var request = HTTPRequest(path: "/coins/markets", query: [.init("ids", "a b")])
        #expect(request.target == "/coins/markets?ids=a%20b")
        request.query.append(.init("vs_currency", "usd"))
        #expect(request.target == "/coins/markets?ids=a%20b&vs_currency=usd")
        request.path = "/simple/price"
        #expect(request.target == "/simple/price?ids=a%20b&vs_currency=usd")
        request.query = []
        #expect(request.target == "/simple/price")
        let same = HTTPRequest(path: "/simple/price")
        #expect(request == same && request.hashValue == same.hashValue)
    }
}

@Suite("HTTPRequest's query parsing")
struct HTTPRequestQueryParsingTests {
    /// Foundation's reading: `+` as a space, then percent-decoding, the text as sent when that
    /// fails. One quirk is left out: Foundation turns a `%A9` (a lone UTF-8 continuation byte)
    /// into U+FFFD where it refuses every other invalid byte; the parser refuses it too.
    static func foundationDecoded(_ text: Substring) -> String {
        guard let decoded = String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding,
            !decoded.unicodeScalars.contains("\u{FFFD}")
        else { return String(text) }
        return decoded
    }

    @Test(
        "each name and value is decoded as Foundation decodes it, on 20,000 random and 12 hand-picked queries"
    )
    func decodesAsFoundation() {
        let alphabet =
            Array("ab=&+%2B%20%zz%e2%82%ac%c3%28%F0%9F%98%80%0%4G".utf8).map { String(UnicodeScalar($0)) }
            + ["é", "%", "%%", "+", "=", "&", "%41", "%ff", "€"]
        var generator = SplitMix64(seed: 39)
        #expect(HTTPRequest.queryItems(parsing: "x=%A9") == [.init("x", "%A9")])
        var queries = [
            "", "a", "a=", "=b", "a=b=c", "ids=bitcoin%2Cethereum", "q=x+y%2By", "bad=%", "bad=%4", "bad=%G1",
            "latin=%E9", "emoji=%F0%9F%98%80",
        ]
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...12, using: &generator)
            queries.append(
                (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
                    .joined())
        }
        for query in queries {
            let expected = query.split(separator: "&", omittingEmptySubsequences: true).map { part in
                let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return HTTPRequest.QueryItem(
                    Self.foundationDecoded(pieces[0]),
                    pieces.count > 1 ? Self.foundationDecoded(pieces[1]) : "")
            }
            #expect(HTTPRequest.queryItems(parsing: query) == expected, "\(query)")
        }
    }
}
