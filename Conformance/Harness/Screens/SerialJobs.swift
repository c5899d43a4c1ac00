import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The deterministic executor of a screen rule's app side: every job of every task (the global
/// executor's, default actors' and the main actor's) runs on the main thread, one at a time, in
/// the order it was enqueued, by pointing the runtime's `swift_task_enqueueGlobal_hook` at the
/// main executor. This is what pointfreeco/swift-concurrency-extras' `withMainSerialExecutor`
/// does; the harness carries its own thirty lines instead of a package, because the scratch
/// package resolves nothing but the workbench (docs/conformance.md, "Behaviour rules").
/// With one thread and FIFO order, the same case runs the same way every time.
enum SerialJobs {
    typealias Original = @convention(thin) (UnownedJob) -> Void
    typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    /// Routes every global enqueue to the main actor (once; a runner process runs one rule).
    static func install() {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else {
            fatalError("the Swift runtime has no swift_task_enqueueGlobal_hook")
        }
        symbol.assumingMemoryBound(to: Hook?.self).pointee = { job, _ in MainActor.shared.enqueue(job) }
    }
}

/// What the runner calls before a behaviour rule runs.
public enum ScreenRules {
    /// Sets up the serial executor (once a process).
    public static func prepare() { SerialJobs.install() }
}
