import Foundation

/// `workbench conformance drift`'s report: plain text for the terminal, Markdown and JSON files.
public enum DriftReport {
    /// The terminal's text: a summary line, then each citation that did not stay unchanged with
    /// its diff, then the uncited files.
    public static func text(_ drift: Drift) -> String {
        var lines = [summary(drift)]
        for entry in drift.entries where entry.verdict != .unchanged {
            let citation = entry.citation
            lines.append(
                "\(entry.verdict.word): \(citation.symbol) in \(citation.appPath) (read at \(citation.readAt); "
                    + "modelled by \(citation.workbench))")
            switch entry.verdict {
            case .changed(let diff): lines += diff.map { "    " + $0 }
            case .moved(let file, let diff): lines += ["    now in \(file)"] + diff.map { "    " + $0 }
            default: break
            }
        }
        if !drift.uncited.isEmpty {
            lines.append("changed app files that touch what the workbench models but carry no citation:")
            lines += drift.uncited.map { "    \($0.file) (\($0.topics.joined(separator: ", ")))" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `N citations: U unchanged, C changed, M moved, R removed against REV (commit)`.
    public static func summary(_ drift: Drift) -> String {
        let counts = Dictionary(grouping: drift.entries, by: \.verdict.word).mapValues(\.count)
        let words = ["unchanged", "changed", "moved", "removed", "not-at-read-commit", "branch-only"]
        let parts = words.compactMap { word in counts[word].map { "\($0) \(word)" } }
        return
            "\(drift.entries.count) citations against \(drift.revision.given) (\(drift.revision.commit.prefix(12))): "
            + parts.joined(separator: ", ") + "; \(drift.uncited.count) uncited changed file(s)"
    }

    /// The Markdown report: the summary, a table of every citation, the diffs, the uncited files.
    public static func markdown(_ drift: Drift) -> String {
        var text =
            "# Conformance drift\n\n\(summary(drift)).\n\n| verdict | symbol | app file | read at | workbench |\n|---|---|---|---|---|\n"
        for entry in drift.entries {
            let citation = entry.citation
            text +=
                "| \(entry.verdict.word) | `\(citation.symbol)` | `\(citation.appPath)` | \(citation.readAt) | `\(citation.workbench)` |\n"
        }
        for entry in drift.entries {
            switch entry.verdict {
            case .changed(let diff),
                .moved(_, let diff) where !diff.isEmpty:
                text +=
                    "\n## \(entry.citation.symbol)\n\n```diff\n"
                    + diff.map { String($0.prefix(1)) + String($0.dropFirst(2)) }.joined(separator: "\n")
                    + "\n```\n"
            default: break
            }
        }
        if !drift.uncited.isEmpty {
            text += "\n## Changed app files without a citation\n\n"
            text += drift.uncited.map { "- `\($0.file)`: \($0.topics.joined(separator: ", "))\n" }.joined()
        }
        return text
    }

    /// The HTML report: one self-contained page with the summary, every citation's verdict, the
    /// diffs and the uncited files.
    public static func html(_ drift: Drift) -> String {
        let escaped = HTMLPage.escaped
        var body =
            "<h1>Conformance drift</h1><p>\(escaped(summary(drift))).</p><table><tr><th>verdict</th>"
            + "<th>symbol</th><th>app file</th><th>read at</th><th>workbench</th></tr>"
        for entry in drift.entries {
            let citation = entry.citation
            body +=
                "<tr class=\"\(entry.verdict.isDrift ? "bad" : "")\"><td>\(entry.verdict.word)</td><td><code>\(escaped(citation.symbol))</code></td>"
                + "<td><code>\(escaped(citation.appPath))</code></td><td>\(escaped(citation.readAt))</td>"
                + "<td><code>\(escaped(citation.workbench))</code></td></tr>"
        }
        body += "</table>"
        for entry in drift.entries {
            switch entry.verdict {
            case .changed(let diff),
                .moved(_, let diff) where !diff.isEmpty:
                body +=
                    "<h2>\(escaped(entry.citation.symbol))</h2><pre>"
                    + diff.map { line in
                        let kind = line.hasPrefix("+") ? "add" : line.hasPrefix("-") ? "del" : "same"
                        return "<span class=\"\(kind)\">\(escaped(line))</span>"
                    }.joined(separator: "\n") + "</pre>"
            default: break
            }
        }
        if !drift.uncited.isEmpty {
            body +=
                "<h2>Changed app files without a citation</h2><ul>"
                + drift.uncited.map {
                    "<li><code>\(escaped($0.file))</code>: \(escaped($0.topics.joined(separator: ", ")))</li>"
                }
                .joined() + "</ul>"
        }
        return HTMLPage.page(title: "Conformance drift", style: HTMLPage.style, body: body)
    }

    /// The JSON report: the revision, every citation with its verdict (and diff), the uncited files.
    public static func json(_ drift: Drift) -> String {
        let entries: [[String: Any]] = drift.entries.map { entry in
            var object: [String: Any] = [
                "symbol": entry.citation.symbol, "app_path": entry.citation.appPath,
                "read_at": entry.citation.readAt, "workbench": entry.citation.workbench,
                "verdict": entry.verdict.word,
            ]
            switch entry.verdict {
            case .changed(let diff): object["diff"] = diff
            case .moved(let file, let diff): (object["moved_to"], object["diff"]) = (file, diff)
            default: break
            }
            return object
        }
        let document: [String: Any] = [
            "revision": drift.revision.given, "commit": drift.revision.commit, "drifted": drift.drifted,
            "citations": entries,
            "uncited": drift.uncited.map { ["file": $0.file, "topics": $0.topics] as [String: Any] },
        ]
        let data =
            (try? JSONSerialization.data(
                withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]))
            ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
