import Testing
import TrackerCore

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
}
