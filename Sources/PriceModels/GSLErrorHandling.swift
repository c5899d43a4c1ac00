import CGSL

/// GSL's default error handler prints and aborts the process; every use of GSL in the workbench
/// turns it off first, so that errors come back as codes.
enum GSLErrorHandling {
    /// Evaluating this turns the aborting handler off, once per process.
    static let abortOff: Void = { _ = cgsl_disable_abort_on_error() }()
}
