import Live
import Testing
import TrackerCore

/// `workbench live`'s summary names HTML pages and error statuses in words (issue 69).
@Suite("live's answers in words")
struct LiveAnswerTallyTests {
    @Test("HTML pages and statuses other than 200 are counted; JSON 200s say nothing")
    func tally() {
        var tally = LiveAnswerTally()
        let json = HTTPResponse(
            status: 200, headers: HTTPHeaders([]), body: Array(#"[{"id":"bitcoin"}]"#.utf8))
        for _ in 0..<5 { tally.record(json) }
        #expect(tally.summary == nil)
        let notFound = HTTPResponse(
            status: 404, headers: HTTPHeaders([]),
            body: Array("\n  <!DOCTYPE html><html>Not Found</html>".utf8))
        for _ in 0..<3 { tally.record(notFound) }
        tally.record(
            HTTPResponse(status: 200, headers: HTTPHeaders([]), body: Array("<html>login</html>".utf8)))
        tally.record(HTTPResponse(status: 500, headers: HTTPHeaders([]), body: Array(#"{"error":"x"}"#.utf8)))
        #expect(tally.htmlPages == 4)
        #expect(tally.summary == "answers: 4 HTML pages, not CoinGecko's JSON; HTTP 404 ×3, 500 ×1")
    }
}
