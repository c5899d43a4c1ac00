import Foundation

/// A failure the CLI reports with a message and one of the documented exit codes.
public struct CLIError: Error {
    /// Exit code for an expectation or regression that failed.
    public static let failedCheckCode: Int32 = 1
    /// Exit code for bad input.
    public static let badInputCode: Int32 = 2

    /// The message, starting with the file and place when there is one.
    public var message: String
    /// The exit code.
    public var exitCode: Int32

    /// A failure with its message and exit code.
    public init(message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }

    /// Bad input: a malformed, missing or unsuitable file or argument (exit 2).
    public static func badInput(_ message: String) -> CLIError {
        CLIError(message: message, exitCode: badInputCode)
    }

    /// Bad input described by any error's text (exit 2).
    public static func badInput(_ error: some Error) -> CLIError {
        badInput(String(describing: error))
    }
}
