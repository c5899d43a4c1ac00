import Dispatch
import Testing
import WorkbenchFoundation

@Suite("Locked: a value reached only under its lock")
struct LockedTests {
    @Test("four threads adding 20,000 times each to one dictionary lose nothing")
    func concurrentUpdates() {
        let counts = Locked([String: Int]())
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for step in 0..<20_000 {
                counts.withLock { $0["key \(step % 3)", default: 0] += 1 }
                if step % 1_000 == 0 { _ = counts.withLock { $0.count } }
            }
            _ = thread
        }
        #expect(counts.withLock { $0.values.reduce(0, +) } == 80_000)
        #expect(counts.withLock { $0.count } == 3)
    }

    @Test("what the body throws reaches the caller, and the lock is free afterwards")
    func throwingBody() {
        struct Refused: Error {}
        let value = Locked(1)
        #expect(throws: Refused.self) { try value.withLock { _ throws(Refused) in throw Refused() } }
        #expect(
            value.withLock {
                $0 += 1
                return $0
            } == 2)
    }
}
