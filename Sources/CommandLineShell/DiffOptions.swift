import ArgumentParser

/// `workbench conformance diff`'s command line, declared once for both executables, as
/// ``DriftOptions`` is.
public struct DiffOptions: ParsableArguments {
    /// The command's abstract.
    public static let abstract =
        "Build the app's own pure functions beside TrackerCore and compare the two on the same cases."

    /// The command's discussion.
    public static let discussion = """
        For each rule (the pure ones: line-chart, candle-chart, chart-cache, search-ranking, rate-limiter, \
        portfolio-ledger; the behaviour ones, the app's view models driven by one user: watchlist-screen, \
        coin-screen, portfolio-tab, search-sheet, add-transaction, widget; docs/conformance.md), diff \
        takes the app's files at --at from its repository (git show), patches the few things \
        Linux lacks (imports of Apple-only frameworks, SwiftData's @Model, the wall clock read through \
        the case's clock; a view model's pure functions lifted out of it), and builds them with \
        the workbench's TrackerCore in a scratch package (Conformance/.build/diff). Both sides \
        then run on hand-picked edge cases and on --cases seeded random ones; every kind of \
        mismatch is reported with the smallest case found that shows it and both outputs. A rule \
        whose files or functions the app no longer has is `not-extracted`, a drift finding.

        Exit 0 when every rule matches, 1 when one differs, is not extracted or crashes, 2 for \
        bad input (a path that is not the app's repository, a revision it does not have) or a \
        build failure of the extracted code (with the compiler's first error).

        This builds and runs code from the repository you give it: run it only on a checkout \
        you trust, as you would run its tests.

        Examples:
          workbench conformance diff --app ../Bitpal-iOS
          workbench conformance diff --app ../Bitpal-iOS.git --at 122d91c --out out/diff
          workbench conformance diff --app ../Bitpal-iOS --rule widget --cases 300 --junit out/diff.xml
        """

    /// The app's repository.
    @Option(help: "The app's git repository: a checkout or a bare mirror.")
    public var app: String

    /// The revision to extract.
    @Option(help: "The revision whose code is built and compared (default: HEAD).")
    public var at = "HEAD"

    /// The random cases' seed.
    @Option(help: "The seed of the random cases (default: 1).")
    public var seed: UInt64 = 1

    /// Random cases per rule.
    @Option(help: "Random cases per rule, after the edge cases (default: 2000).")
    public var cases = 2000

    /// The rules to run (every rule when none is given).
    @Option(help: "Run only this rule (repeatable; every rule by default), such as watchlist-screen.")
    public var rule: [String] = []

    /// Where the reports go.
    @Option(help: "Also write conformance-diff.md, .html and .json into this folder.")
    public var out: String?

    /// Where the JUnit report goes.
    @Option(help: "Also write a JUnit XML report to this file: one test case per rule (docs/ci.md).")
    public var junit: String?

    /// Creates the defaults (ArgumentParser fills them in).
    public init() {}

    /// Checks the numbers.
    public mutating func validate() throws {
        guard (0...1_000_000).contains(cases) else {
            throw ValidationError("--cases \(cases): give 0 to 1000000 random cases per rule")
        }
        if let junit, let problem = JUnitPath.problem(junit) { throw ValidationError(problem) }
    }
}
