import Recording
import Testing
import TrackerCore

@Suite("The requests file of workbench record")
struct RequestListTests {
    @Test("paths with queries, an /api/v3 prefix, comments and blank lines")
    func parses() throws {
        let items = try RequestList.parse(
            """
            # Bitcoin's day
            /coins/bitcoin/market_chart?vs_currency=usd&days=1

              /api/v3/simple/price?ids=bitcoin,ethereum&vs_currencies=usd%2Ceur
            /coins/list
            """, file: "r.txt")
        #expect(items.map(\.line) == [2, 4, 5])
        #expect(items.map(\.path) == ["/coins/bitcoin/market_chart", "/simple/price", "/coins/list"])
        #expect(items[1].query == [.init("ids", "bitcoin,ethereum"), .init("vs_currencies", "usd,eur")])
        #expect(items[2].query.isEmpty)
    }

    @Test(
        "bad lines name the file and line",
        arguments: [
            ("/simple/price?ids=a\n/nope/path", "r.txt:2: '/nope/path' is not a CoinGecko path"),
            ("coins/list", "r.txt:1: expected a path such as"),
            ("/coins/../ohlc?days=1", "r.txt:1: '/coins/../ohlc' has a '.' or '..' segment"),
            ("/search?query=a b", "r.txt:1: expected a path such as"),
            ("/coins/list\n# x\n/coins/list", "r.txt:3: '/coins/list' is already on line 1"),
            ("# only a comment\n\n", "r.txt: lists no request"),
            ("/coins/" + String(repeating: "a", count: 5_000), "r.txt:1: the line is over 4096 bytes"),
        ])
    func refuses(text: String, message: String) {
        #expect {
            try RequestList.parse(text, file: "r.txt")
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    @Test("a missing file is named")
    func missingFile() {
        #expect {
            try RequestList.read("/nonexistent/requests.txt")
        } throws: { error in
            "\(error)".hasPrefix("/nonexistent/requests.txt: ")
        }
    }
}
