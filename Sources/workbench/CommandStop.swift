import CommandLineShell
import Foundation
import WorkbenchFoundation

/// How `run`, `live`, `sweep` and `fleet` stop on SIGINT, SIGTERM or SIGHUP (issue 65): the
/// first signal asks the work to stop at its next check, and the command then writes what it
/// measured, says it was cut short, and exits with `128 + signal`; a second signal ends the
/// process at once (``StopSignals``). docs/errors-and-limits.md lists what each command does.
struct CommandStop: Sendable {
    /// Takes the signals for the command; `also` runs on the signal thread with the first one
    /// (to wake a waiting loop).
    init(also: (@Sendable (Int32) -> Void)? = nil) {
        StopSignals.shared.handle { signal in also?(signal) }
    }

    /// The first signal received, if any.
    var signal: Int32? { StopSignals.shared.received }

    /// The first signal's name (`SIGINT`) once one came: the check a run makes.
    var reason: @Sendable () -> String? {
        { StopSignals.shared.received.map(StopSignals.name) }
    }

    /// The exit code of a command a signal stopped: `128 + signal`, as a shell reports it.
    var exitCode: Int32? { signal.map { 128 + $0 } }

    /// This command line with `--resume` (once), quoted for a POSIX shell: what continues a
    /// stopped sweep or fleet.
    static func resumeCommand(_ arguments: [String] = CommandLine.arguments) -> String {
        let words = ["workbench"] + arguments.dropFirst().filter { $0 != "--resume" } + ["--resume"]
        return words.map(shellQuoted).joined(separator: " ")
    }

    /// A word quoted for a POSIX shell when it needs it.
    static func shellQuoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy {
                CharacterSet.alphanumerics.contains($0) || "-_./=:,@+%".unicodeScalars.contains($0)
            }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// One writer per output folder (issue 65: two runs into one `--out` mixed their files): a
/// command that writes a folder holds an exclusive lock on it from before its work until it
/// exits, and a second writer is refused at once.
enum OutputFolder {
    /// Creates the folder if needed and takes its lock (held until the process ends).
    ///
    /// - Parameters:
    ///   - directory: The output folder, as the user gave it or by default.
    ///   - option: The option that names it, for the message.
    /// - Returns: The lock; keep it alive while writing.
    /// - Throws: ``CLIError`` (exit 2) when the folder cannot be made or another process writes it.
    static func lock(_ directory: String, option: String) throws(CLIError) -> FileLock {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .badInput("\(option) \(directory): cannot create it (\(error.localizedDescription))")
        }
        do throws(FileLock.Failure) {
            return try FileLock(folder: directory, timeout: 0)
        } catch {
            switch error {
            case .held:
                throw .badInput(
                    "\(option) \(directory): another workbench command is writing into it; wait for it to "
                        + "finish or give another \(option)")
            case .cannotOpen(let reason):
                throw .badInput("\(option) \(directory): cannot open it (\(reason))")
            }
        }
    }
}
