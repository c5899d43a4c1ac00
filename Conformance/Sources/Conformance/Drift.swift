/// How each cited symbol fared between the commit it was read at and another, and which changed
/// app files touch what the workbench models but carry no citation.
public struct Drift: Sendable {
    /// A cited symbol's fate.
    public enum Verdict: Sendable, Equatable {
        /// The same source (its doc comment aside).
        case unchanged
        /// Changed in place: the diff of its declaration.
        case changed(diff: [String])
        /// Declared in another file now (and changed there, when the diff is not empty).
        case moved(to: String, diff: [String])
        /// Declared nowhere under the app's folder any more.
        case removed
        /// Not where the table says at the commit it names: the table is wrong.
        case notAtReadCommit
        /// Absent at the revision, and read at a commit outside its history (an unmerged branch's
        /// code, such as the widget branch's at `122d91c` against `main`): not a removal.
        case branchOnly

        /// The verdict's word: `unchanged`, `changed`, `moved`, `removed`, `not-at-read-commit`,
        /// `branch-only`.
        public var word: String {
            switch self {
            case .unchanged: "unchanged"
            case .changed: "changed"
            case .moved: "moved"
            case .removed: "removed"
            case .notAtReadCommit: "not-at-read-commit"
            case .branchOnly: "branch-only"
            }
        }

        /// Whether the verdict is drift: anything but unchanged, or absent on a revision whose
        /// history never had it.
        public var isDrift: Bool { self != .unchanged && self != .branchOnly }
    }

    /// One citation and its verdict.
    public struct Entry: Sendable {
        /// The citation.
        public var citation: AppCitation
        /// Its fate.
        public var verdict: Verdict
    }

    /// The words in a changed file's text that mark it as touching what the workbench models:
    /// networking, caching, timers, the scene's phase, navigation, widgets.
    public static let topics = [
        "URLSession", "URLRequest", "URLCache", "CoinGeckoService", "cache", "Cache", "Timer", "Task.sleep",
        "scenePhase", "NavigationStack", "NavigationLink", "TabView", "sheet(", "WidgetKit",
        "TimelineProvider",
        "reloadAllTimelines", "RateLimiter",
    ]

    /// The revision compared, as given and as a commit.
    public var revision: (given: String, commit: String)
    /// Every citation's verdict, in the table's order.
    public var entries: [Entry]
    /// App files (tests aside) changed since the commits read that touch a topic but no citation
    /// names.
    public var uncited: [(file: String, topics: [String])]

    /// Whether something cited changed (moved, removed, or not where the table says); a citation
    /// of a branch the revision does not contain is not drift.
    public var drifted: Bool { entries.contains { $0.verdict.isDrift } }

    /// Compares every citation at its commit with `revision`.
    ///
    /// - Parameters:
    ///   - table: The citations.
    ///   - repository: The app.
    ///   - revision: The revision to compare with.
    ///   - folder: The app's folder in the repository, where a moved symbol is looked for.
    /// - Throws: ``ConformanceError`` for a revision that does not exist.
    public init(
        table: [AppCitation], repository: AppRepository, revision: String, folder: String = "Bitpal-v2"
    ) throws(ConformanceError) {
        let commit = try repository.commit(revision)
        self.revision = (revision, commit)
        // Every commit the table was read at must exist: checked once each, before any file.
        for readAt in Set(table.map(\.readAt)).sorted() { _ = try repository.commit(readAt) }
        var entries: [Entry] = []
        var laterFiles: [String]?
        for citation in table {
            let cited = citation.cited
            guard let oldSource = try repository.file(citation.appPath, at: citation.readAt),
                let old = SymbolFinder.declaration(of: cited, in: oldSource)
            else {
                entries.append(Entry(citation: citation, verdict: .notAtReadCommit))
                continue
            }
            if let newSource = try repository.file(citation.appPath, at: commit),
                let new = SymbolFinder.declaration(of: cited, in: newSource)
            {
                entries.append(
                    Entry(
                        citation: citation,
                        verdict: old == new ? .unchanged : .changed(diff: LineDiff.lines(old, new))))
                continue
            }
            // Not in its file: look in every Swift file of the app at the revision.
            if laterFiles == nil { laterFiles = try repository.swiftFiles(under: folder, at: commit) }
            let files = laterFiles ?? []
            var verdict = Verdict.removed
            for file in files where file != citation.appPath {
                guard let source = try repository.file(file, at: commit) else { continue }
                if case .file(let name) = cited {
                    guard file.hasSuffix("/" + name) else { continue }
                } else if case .member(_, let name, _) = cited, !source.contains(name) {
                    continue
                }
                if let new = SymbolFinder.declaration(of: cited, in: source) {
                    verdict = .moved(to: file, diff: old == new ? [] : LineDiff.lines(old, new))
                    break
                }
            }
            if verdict == .removed, !(try repository.isAncestor(citation.readAt, of: commit)) {
                verdict = .branchOnly
            }
            entries.append(Entry(citation: citation, verdict: verdict))
        }
        self.entries = entries
        // Changed files that touch a topic and carry no citation.
        let cited = Set(table.map(\.appPath))
        var uncited: [(String, [String])] = []
        var seen = Set<String>()
        for readAt in Set(table.map(\.readAt)).sorted() {
            for file in try repository.changedFiles(from: readAt, to: commit, under: folder)
            where file.hasSuffix(".swift") && !file.contains("Tests/") && !cited.contains(file)
                && seen.insert(file).inserted
            {
                guard let source = try repository.file(file, at: commit) else { continue }
                let topics = Self.topics.filter { source.contains($0) }
                if !topics.isEmpty { uncited.append((file, topics)) }
            }
        }
        self.uncited = uncited.sorted { $0.0 < $1.0 }
    }
}
