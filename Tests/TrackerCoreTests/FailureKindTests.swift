import Testing
import TrackerCore

/// A failure's kind and its name in metrics: one rule for what is a refusal, read back from the
/// names stored runs keep.
@Suite("Failure kinds and their names")
struct FailureKindTests {
    static let kinds: [FailureKind] = [
        .unknownCoin, .rateLimited, .httpStatus(500), .httpStatus(404), .timeout, .transport, .decoding,
        .noData,
        .offline, .nullPrice, .duplicateIds, .refusedAdd, .refusedRemove, .refusedTrade, .notInResults,
        .cancelled,
        .inBackground(verb: "add-coin"), .inBackground(verb: "pull"),
        .notOffered(verb: "open-portfolio-page"),
    ]

    @Test("every kind's name reads back as the kind, and a refusal by name is a refusal by kind")
    func namesReadBack() {
        for kind in Self.kinds {
            #expect(FailureKind(name: kind.description) == kind, "\(kind)")
            #expect(FailureKind.isRefusal(named: kind.description) == kind.isRefusal, "\(kind)")
        }
        #expect(Self.kinds.filter(\.isRefusal).count == 7)
        #expect(FailureKind(name: "http_x") == nil)
        #expect(FailureKind(name: "exploded") == nil)
        #expect(!FailureKind.isRefusal(named: "exploded"))
    }
}
