import ArgumentParser

/// `workbench conformance drift`'s command line, declared once for both executables, as
/// ``ServeOptions`` is: `workbench` parses it before building `workbench-conformance`.
public struct DriftOptions: ParsableArguments {
    /// The command's abstract.
    public static let abstract =
        "Say, for every app symbol the workbench cites, whether the app still has it as read."

    /// The command's discussion.
    public static let discussion = """
        Each citation of docs/app-citations.json names an app symbol and the commit it was read \
        at. drift parses the cited file at that commit and at --at (Swift, with swift-syntax) \
        and reports each symbol unchanged, changed (with the diff of its declaration), moved (to \
        another file) or removed; then it lists the app files changed since that touch \
        networking, caching, timers, the scene's phase, navigation or widgets but carry no \
        citation. Exit 1 when something cited changed, 2 for bad input (a path that is not the \
        app's repository, a revision it does not have). It only reads the repository (git show, \
        ls-tree, diff): nothing of the app is built or run. The tool is its own executable \
        (workbench-conformance, in the Conformance/ package, on swift-syntax), built on first use \
        in a checkout. docs/conformance.md has a worked example.

        Examples:
          workbench conformance drift --app ../Bitpal-iOS
          workbench conformance drift --app ../Bitpal-iOS.git --at 122d91c --out out/drift
        """

    /// The app's repository.
    @Option(help: "The app's git repository: a checkout or a bare mirror.")
    public var app: String

    /// The revision to compare with.
    @Option(help: "The revision to compare each citation with (default: HEAD).")
    public var at = "HEAD"

    /// The citation table.
    @Option(help: "The citation table (default: docs/app-citations.json).")
    public var table = "docs/app-citations.json"

    /// Where the reports go.
    @Option(help: "Also write conformance-drift.md, .html and .json into this folder.")
    public var out: String?

    /// Creates the defaults (ArgumentParser fills them in).
    public init() {}
}
