import Testing
import TrackerCore

/// A request's way through the client's limiter, on hand-worked traces.
@Suite("The request lifecycle as a machine")
struct RequestLifecycleTests {
    static func response(_ status: Int, retryAfter: String? = nil) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: HTTPHeaders(retryAfter.map { [HTTPHeaders.Field("Retry-After", $0)] } ?? []),
            body: Array(#"{"status":{"error_code":429}}"#.utf8))
    }

    @Test("the app's limiter: two callers waiting compute the same slot and leave together")
    func bitpalSlots() {
        var lifecycle = RequestLifecycle(limiter: RateLimiter(policy: .bitpal, plan: .seed50))
        #expect(lifecycle.ask(at: 0) == .send)
        lifecycle.send(at: 0)
        #expect(lifecycle.ask(at: 200) == .wait(until: 1_200))
        #expect(lifecycle.ask(at: 300) == .wait(until: 1_200))
        #expect(lifecycle.woke(at: 1_200) == .send)
    }

    @Test("a 429 with Retry-After moves a waiting caller's slot; the answer is the typed error")
    func backoff() {
        var lifecycle = RequestLifecycle(
            limiter: RateLimiter(policy: .spacing, plan: .seed50, backoff: .retryAfter))
        #expect(lifecycle.ask(at: 0) == .send)
        lifecycle.send(at: 0)
        #expect(lifecycle.ask(at: 100) == .wait(until: 1_200))
        let request = HTTPRequest(path: "/coins/markets")
        let answer = lifecycle.answer(Self.response(429, retryAfter: "30"), to: request, at: 500)
        guard case .failure(let error) = answer, case .rateLimited(let delay, _) = error.kind else {
            Issue.record("expected a rate-limited error, got \(answer)")
            return
        }
        #expect(delay == 30_000)
        // The caller that waits for 1.2 s wakes into the backoff and waits until 30.5 s.
        #expect(lifecycle.woke(at: 1_200) == .wait(until: 30_500))
        #expect(lifecycle.woke(at: 30_500) == .send)
        #expect(
            RequestLifecycle.timeout(of: request).kind == .transport(.timedOut(afterMilliseconds: 10_000)))
    }
}
