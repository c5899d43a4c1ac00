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

    // Issue 51, item 13: Pointwelve/Bitpal-iOS `Services/RateLimiter.swift`,
    // `waitForNextRequest()`: each waiting request sleeps on its own, so after a suspension they
    // all leave when the process resumes; a reserving policy must not inherit that.
    @Test("after a suspension: the app's limiter lets every waiting request go; spacing re-reserves")
    func resumeAfterSuspension() {
        // Three requests at 0 on a 50-a-minute plan: slots 0, 1.2 s and 2.4 s. The first leaves;
        // the process is suspended at 0.5 s and resumes at 30 minutes.
        var spacing = RequestLifecycle(limiter: RateLimiter(policy: .spacing, plan: .seed50))
        #expect(spacing.ask(at: 0) == .send)
        spacing.send(at: 0)
        #expect(spacing.ask(at: 0) == .wait(until: 1_200))
        #expect(spacing.ask(at: 0) == .wait(until: 2_400))
        let resume: Int64 = 1_800_000
        // The old slots are long past: the first waiting request leaves at the resume, the second
        // a full interval later, not in the same millisecond.
        #expect(spacing.resumed(at: resume) == .send)
        spacing.send(at: resume)
        #expect(spacing.resumed(at: resume) == .wait(until: resume + 1_200))
        #expect(spacing.woke(at: resume + 1_200) == .send)
        // The app's limiter: both waiting requests leave at the resume (min gap 0), as the app's do.
        var app = RequestLifecycle(limiter: RateLimiter(policy: .bitpal, plan: .seed50))
        #expect(app.ask(at: 0) == .send)
        app.send(at: 0)
        #expect(app.ask(at: 0) == .wait(until: 1_200))
        #expect(app.ask(at: 0) == .wait(until: 1_200))
        #expect(app.resumed(at: resume) == .send)
        app.send(at: resume)
        #expect(app.resumed(at: resume) == .send)
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
