/// The workbench's version: what `--version` prints and what the history records with each run.
/// Raise it when results can change (a metric's definition, a report's contents).
public enum WorkbenchVersion {
    /// The version, `major.minor.patch`.
    public static let current = "0.8.0"
}
