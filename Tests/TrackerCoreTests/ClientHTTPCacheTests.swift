import Testing
import TrackerCore
import WorkbenchFoundation

/// The app's `URLSession` cache (Pointwelve/Bitpal-iOS `Services/CoinGeckoService.swift`, `init`:
/// `URLSessionConfiguration.default`, so `URLCache.shared` under `.useProtocolCachePolicy`).
@Suite("The HTTP client's cache: max-age less Age, no-store, the 5 % rule")
struct ClientHTTPCacheTests {
    static func response(_ cacheControl: String?, age: String? = nil, bytes: Int = 10, status: Int = 200)
        -> HTTPResponse
    {
        var fields: [HTTPHeaders.Field] = []
        if let cacheControl { fields.append(HTTPHeaders.Field("Cache-Control", cacheControl)) }
        if let age { fields.append(HTTPHeaders.Field("Age", age)) }
        return HTTPResponse(
            status: status, headers: HTTPHeaders(fields), body: Array(repeating: 32, count: bytes))
    }

    @Test("Cache-Control: max-age in ms, names in any case, no-store and no-cache forbid reuse")
    func cacheControl() {
        #expect(CacheControl("max-age=30, public, must-revalidate, s-maxage=60").maxAgeMilliseconds == 30_000)
        #expect(CacheControl("Public, MAX-AGE = 900").maxAgeMilliseconds == 900_000)
        #expect(CacheControl("public").maxAgeMilliseconds == nil)
        #expect(CacheControl("max-age=soon").maxAgeMilliseconds == nil)
        #expect(!CacheControl("public, max-age=30").forbidsReuse)
        #expect(CacheControl("no-store").forbidsReuse && CacheControl("max-age=30, No-Cache").forbidsReuse)
    }

    @Test(
        "Cache-Control read byte by byte equals the Unicode reading on 20,000 random values, edge cases included"
    )
    func cacheControlFastPath() {
        // The reading before the ASCII path: Unicode whitespace, lowercasing and split.
        func reference(_ value: String) -> CacheControl {
            var expected = CacheControl("")
            for directive in value.split(separator: ",") {
                let parts = directive.filter { !$0.isWhitespace }.lowercased().split(
                    separator: "=", maxSplits: 1)
                switch parts.first {
                case "no-store", "no-cache": expected.forbidsReuse = true
                case "max-age":
                    let seconds = parts.count == 2 ? Int64(parts[1]) : nil
                    let product = seconds?.multipliedReportingOverflow(by: 1000)
                    expected.maxAgeMilliseconds = product.flatMap { $0.overflow ? nil : $0.partialValue }
                default: continue
                }
            }
            return expected
        }
        let pieces = [
            "max-age", "MAX-AGE", "Max-Age", "no-store", "No-Cache", "no-cache", "public", "=", "==", ",",
            " ", "\t",
            "\r\n", "\u{0B}", "\u{1F}", "5", "30", "-", "+", "9223372036854775", "99999999999999999999", "é",
            "\u{A0}", "ſ", "K", "\u{212A}", "s-maxage", "must-revalidate",
        ]
        var random = SplitMix64(seed: 55)
        for trial in 0..<20_000 {
            let value = (0..<Int.random(in: 0...9, using: &random)).map { _ in
                pieces.randomElement(using: &random)!
            }
            .joined()
            #expect(CacheControl(value) == reference(value), "trial \(trial): \(value.debugDescription)")
        }
        for value in [
            "=max-age=5", "==5", "max-age==5", "max-age=", "max-age = +7", "max-age=9223372036854776",
        ] {
            #expect(CacheControl(value) == reference(value), "\(value.debugDescription)")
        }
        #expect(CacheControl("max-age=9223372036854776").maxAgeMilliseconds == nil)
    }

    @Test("fresh while Age plus the time since arrival is under max-age (RFC 9111, 4.2.3)")
    func freshness() {
        var cache = ClientHTTPCache()
        // CoinGecko's header; the CDN had it for 20 s: 10 s of life left from 1,000.
        let stored = cache.store(
            Self.response("max-age=30, public, must-revalidate, s-maxage=60", age: "20"), for: "/a",
            dataTime: 500, at: 1_000)
        #expect(stored?.maxAge == 30_000 && stored?.ageAtArrival == 20_000)
        #expect(stored?.remainingLifetime(at: 4_000) == 7_000)
        #expect(cache.lookup("/a", at: 10_999)?.dataTime == 500)
        #expect(cache.lookup("/a", at: 11_000) == nil)
        // Dropped once stale: no revalidation.
        #expect(cache.lookup("/a", at: 5_000) == nil)
        #expect(cache.lookup("/b", at: 1_000) == nil)
    }

    @Test("stored only for a 200 with a positive max-age, no no-store or no-cache, at most 5 % of the cache")
    func storable() {
        var cache = ClientHTTPCache(capacityBytes: 1_000)
        #expect(cache.largestEntryBytes == 50)
        #expect(
            cache.store(
                Self.response("public, max-age=30", bytes: 51), for: "/big", dataTime: 0, at: 0)
                == nil)
        #expect(
            cache.store(
                Self.response("public, max-age=30", bytes: 50), for: "/ok", dataTime: 0, at: 0)
                != nil)
        #expect(
            cache.store(Self.response("no-store, max-age=30"), for: "/x", dataTime: 0, at: 0)
                == nil)
        #expect(cache.store(Self.response("no-cache"), for: "/x", dataTime: 0, at: 0) == nil)
        #expect(cache.store(Self.response("public"), for: "/x", dataTime: 0, at: 0) == nil)
        #expect(cache.store(Self.response("max-age=0"), for: "/x", dataTime: 0, at: 0) == nil)
        #expect(
            cache.store(Self.response("max-age=30", status: 429), for: "/x", dataTime: 0, at: 0)
                == nil)
    }

    @Test("past the capacity the least recently used entry goes")
    func eviction() {
        var big = ClientHTTPCache(capacityBytes: 2_000)
        big.store(Self.response("max-age=60", bytes: 60), for: "/1", dataTime: 0, at: 0)
        big.store(Self.response("max-age=60", bytes: 60), for: "/2", dataTime: 0, at: 1)
        _ = big.lookup("/1", at: 2)
        // 39 entries of 60 bytes pass 2,000: the least recently used go first, "/2" before "/1".
        for index in 3..<40 {
            big.store(
                Self.response("max-age=60", bytes: 60), for: "/n\(index)", dataTime: 0,
                at: Int64(index))
        }
        #expect(big.lookup("/2", at: 50) == nil)
        #expect(big.lookup("/n39", at: 50) != nil)
    }
}
